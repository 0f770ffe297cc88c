import Foundation
import ItineraryCore
import ItineraryPlaces

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOSRM(_ bytes: UnsafePointer<UInt8>, _ count: Int) -> CInt {
  // The shared sample is a 3 by 3 table.
  do {
    _ = try OSRMTable.parse(Data(bytes: bytes, count: count), count: 3)
  } catch {
    Promises.checkProblem(error.message)
  }
  return 0
}
