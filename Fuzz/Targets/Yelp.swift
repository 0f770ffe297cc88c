import Foundation
import ItineraryCore
import ItineraryPlaces

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzYelp(_ bytes: UnsafePointer<UInt8>, _ count: Int) -> CInt {
  guard let category = CategoryVocabulary.standard.resolve("restaurant") else { return 0 }
  do {
    _ = try YelpProvider.parseSearch(Data(bytes: bytes, count: count), category: category)
  } catch {
    Promises.checkProblem(error.message)
  }
  return 0
}
