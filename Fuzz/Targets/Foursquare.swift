import Foundation
import ItineraryCore
import ItineraryPlaces

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzFoursquare(_ bytes: UnsafePointer<UInt8>, _ count: Int) -> CInt {
  guard let category = CategoryVocabulary.standard.resolve("bar") else { return 0 }
  do {
    _ = try FoursquareProvider.parseSearch(Data(bytes: bytes, count: count), category: category)
  } catch {
    Promises.checkProblem(error.message)
  }
  return 0
}
