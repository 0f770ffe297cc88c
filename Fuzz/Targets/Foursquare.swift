import Foundation
import ItineraryCore
import ItineraryPlaces

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzFoursquare(_ bytes: UnsafePointer<UInt8>, _ count: Int) -> CInt {
  guard let category = CategoryVocabulary.standard.resolve("bar") else { return 0 }
  return Promises.checkParse(bytes, count) { data throws(ResponseProblem) in
    _ = try FoursquareProvider.parseSearch(data, category: category)
  }
}
