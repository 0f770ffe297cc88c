import Foundation
import ItineraryCore
import ItineraryPlaces

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzNominatim(_ bytes: UnsafePointer<UInt8>, _ count: Int) -> CInt {
  return Promises.checkParse(bytes, count) { data throws(ResponseProblem) in
    _ = try NominatimGeocoder.parse(data)
  }
}
