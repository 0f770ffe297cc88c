import Foundation
import ItineraryCore

/// What Wikidata says about an item's pictures (`wbgetentities`): its
/// image, property P18 (a Commons file name), and its Commons category, P373.
public struct WikidataImages: Sendable, Equatable {
  public static let defaultBaseURL = "https://www.wikidata.org"

  /// `File:` names of the item's P18 statements, preferred rank first.
  public var images: [String]
  /// The item's Commons category (P373), without `Category:`.
  public var category: String?

  /// The pictures of item `id` (`Q1757`).
  ///
  /// - Throws: `.data` for a malformed id, `.unavailable` when the service fails.
  public static func fetch(_ id: String, baseURL: String, session: ServiceSession)
    throws(ItineraryError) -> WikidataImages
  {
    let item = id.trimmingCharacters(in: .whitespaces).uppercased()
    guard item.first == "Q", item.count > 1, item.dropFirst().allSatisfy(\.isASCII),
      Int(item.dropFirst()) != nil
    else {
      throw ItineraryError(
        .data, "wikidata: '\(DisplayText.clean(id) ?? "")' is not an item id (Q followed by digits)"
      )
    }
    let url = "\(baseURL)/w/api.php?action=wbgetentities&ids=\(item)&props=claims&format=json"
    return try session.fetch(HTTPRequest(url: url), subject: "item \(item)") {
      data throws(ResponseProblem) in try parse(data, item: item)
    }.value
  }

  /// Reads a `wbgetentities` answer for `item`; a missing item has no pictures.
  ///
  /// - Complexity: O(statements).
  static func parse(_ data: Data, item: String) throws(ResponseProblem) -> WikidataImages {
    struct Snak: Decodable { var datavalue: TextValue? }
    struct Statement: Decodable {
      var mainsnak: Snak
      var rank: String?
    }
    struct Entity: Decodable {
      var claims: [String: [Statement]]?
      var missing: String?
    }
    struct Answer: Decodable {
      var entities: [String: Entity]?
      var error: CommonsPhotos.APIError?
    }
    let answer = try decodeJSON(Answer.self, from: data)
    if let error = answer.error { throw error.problem }
    guard let entity = answer.entities?[item], entity.missing == nil else {
      return WikidataImages(images: [], category: nil)
    }
    func values(_ property: String) -> [String] {
      let statements = (entity.claims?[property] ?? []).filter { $0.rank != "deprecated" }
      let preferred = statements.filter { $0.rank == "preferred" }
      return (preferred + statements.filter { $0.rank != "preferred" })
        .compactMap { $0.mainsnak.datavalue?.value }.compactMap(DisplayText.clean)
    }
    return WikidataImages(
      images: values("P18").map { "File:\($0)" }, category: values("P373").first)
  }
}
