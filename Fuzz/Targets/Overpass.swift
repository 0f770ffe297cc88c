import Foundation
import ItineraryCore
import ItineraryPlaces

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOverpass(_ bytes: UnsafePointer<UInt8>, _ count: Int) -> CInt {
  guard let category = CategoryVocabulary.standard.resolve("restaurant") else { return 0 }
  return Promises.checkParse(bytes, count) { data throws(ResponseProblem) in
    _ = try OverpassProvider.parse(data, category: category)
  }
}
