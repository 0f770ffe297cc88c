import Foundation
import ItineraryCore
import ItineraryFormats
import ItineraryPlanning
import ItinerarySolver

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzGTSPLIB(_ bytes: UnsafePointer<UInt8>, _ count: Int) -> CInt {
  let text = String(decoding: UnsafeBufferPointer(start: bytes, count: count), as: UTF8.self)
  let instance: GTSPInstance
  do {
    instance = try GTSPLIBReader.parse(text, file: "fuzz.gtsp")
  } catch {
    Promises.checkOneLine(error.message)
    return 0
  }
  // A small accepted instance must get a right answer through the pipeline
  // that batch lines and bodies take, never a wrong one.
  guard instance.nodeCount <= 16 else { return 0 }
  var request = BenchmarkRequest(format: .gtsplib, text: text, name: "fuzz.gtsp")
  request.timeLimit = 0.2
  let response: BenchmarkResponse
  do {
    response = try PlanningPipeline(environment: [:]).benchmark(request)
  } catch {
    fatalError("an accepted instance failed in the pipeline: \(error.message)")
  }
  let nodes = (response.tour ?? []).map { $0 - 1 }
  guard instance.isFeasible(nodes), response.objective == Int(instance.tourCost(nodes).rounded())
  else {
    fatalError("wrong tour \(response.tour ?? []) for an accepted instance")
  }
  return 0
}
