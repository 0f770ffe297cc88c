import Foundation
import ItineraryCore
import ItineraryFormats
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
  // A small accepted instance must get a right answer, never a wrong one.
  guard instance.nodeCount <= 16 else { return 0 }
  let result = GTSPSolver.solve(instance, options: SolveOptions(timeLimit: .milliseconds(200)))
  guard instance.isFeasible(result.tour.nodes), result.tour.cost.isFinite,
    result.tour.cost == instance.tourCost(result.tour.nodes)
  else {
    fatalError("wrong tour \(result.tour) for an accepted instance")
  }
  _ = GTSPLIBResultJSON.encode(result.tour, instance: instance, millis: 0)
  return 0
}
