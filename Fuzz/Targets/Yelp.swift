import Foundation
import ItineraryCore
import ItineraryPlaces

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzYelp(_ bytes: UnsafePointer<UInt8>, _ count: Int) -> CInt {
  guard let category = CategoryVocabulary.standard.resolve("restaurant") else { return 0 }
  return Promises.checkParse(bytes, count) { data throws(ResponseProblem) in
    _ = try YelpProvider.parseSearch(data, category: category)
  }
}
