import Foundation
import ItineraryCore
import ItineraryPlaces

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOSRM(_ bytes: UnsafePointer<UInt8>, _ count: Int) -> CInt {
  // The shared sample is a 3 by 3 table.
  return Promises.checkParse(bytes, count) { data throws(ResponseProblem) in
    _ = try OSRMTable.parse(data, count: 3)
  }
}
