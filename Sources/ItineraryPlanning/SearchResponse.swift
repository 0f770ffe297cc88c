import Foundation
import ItineraryCore

/// What a search is answered with: the places found, in order, and what
/// was searched with every default resolved. Its JSON is the output of
/// `search --format json`, and reads back.
public struct SearchResponse: Codable, Sendable, Equatable {
  /// The request as it was given.
  public var request: SearchRequest
  /// Where distances are measured from.
  public var origin: Coordinate
  /// The canonical categories searched; empty: every one.
  public var categories: [String]
  public var sort: SearchSort
  public var limit: Int
  public var radiusKm: Double
  /// The instant "open now" was judged at (ISO 8601, UTC), and the zone
  /// hours were read in.
  public var openAt: String
  public var timeZone: String
  public var provider: ProviderReport
  /// How many places matched before the limit cut them.
  public var matched: Int
  public var results: [FoundPlace]
  /// What went wrong without failing the search (a photo service that
  /// failed), a line each, as the command line says on standard error;
  /// absent when nothing did. Set by front ends that have no such stream.
  public var warnings: [String]?
}
