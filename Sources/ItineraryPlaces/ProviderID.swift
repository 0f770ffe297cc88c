/// Where candidate places come from: the city compiled into the binary, or a
/// live service.
public enum ProviderID: String, Codable, Sendable, CaseIterable {
  case embedded, overpass, yelp, foursquare

  /// Whether places come over the network.
  public var isLive: Bool { self != .embedded }
}
