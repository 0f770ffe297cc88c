import Foundation
import ItineraryCore
import ItineraryPlaces

/// What a person asks `nearest` for: the closest top destination (of a
/// category, or of any), from a point. Keys are the flags in camelCase.
public struct NearestRequest: Codable, Sendable, Equatable {
  /// A category word; absent: any category (the embedded city only).
  public var category: String?
  public var at: Coordinate?
  public var near: String?
  public var provider: ProviderID?
  /// How far a live provider is asked to look, in kilometres.
  public var radius: Double?
  public var tz: String?
  public var units: DistanceUnit?

  public init(category: String? = nil) { self.category = category }

  /// - Throws: `.usage` naming the key.
  public func validate(naming name: (String) -> String = { $0 }) throws(ItineraryError) {
    var search = SearchRequest(categories: category.map { [$0] } ?? [])
    search.at = at
    search.near = near
    search.provider = provider
    search.radius = radius
    search.tz = tz
    try search.validate(naming: name)
  }
}

/// The closest top destination, with the way there.
public struct NearestResponse: Codable, Sendable, Equatable {
  public var request: NearestRequest
  public var origin: Coordinate
  /// The canonical category asked for, if one was.
  public var category: String?
  /// The rule that chose it, in words.
  public var rule: String
  /// How many places met the rule: the pool's top destinations, or every
  /// place of the category when none beats its median.
  public var topDestinations: Int
  public var place: FoundPlace
  public var direction: CompassDirection
  public var openAt: String
  public var timeZone: String
  public var provider: ProviderReport
}
