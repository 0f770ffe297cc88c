import Foundation
import ItineraryCore
import ItineraryPlaces

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzNominatim(_ bytes: UnsafePointer<UInt8>, _ count: Int) -> CInt {
  do {
    _ = try NominatimGeocoder.parse(Data(bytes: bytes, count: count))
  } catch {
    Promises.checkProblem(error.message)
  }
  return 0
}
