/// Where candidate places come from: the city compiled into the binary, an
/// imported city (`city:NAME`), or a live service. Written as that one
/// string wherever a request names it.
public struct ProviderID: RawRepresentable, Codable, Hashable, Sendable, CaseIterable {
  public let rawValue: String

  public static let embedded = ProviderID(known: "embedded")
  public static let overpass = ProviderID(known: "overpass")
  public static let yelp = ProviderID(known: "yelp")
  public static let foursquare = ProviderID(known: "foursquare")

  /// The imported city named `name`.
  public static func city(_ name: String) -> ProviderID { ProviderID(known: "city:" + name) }

  /// The providers with fixed names; `city:NAME` names any imported city.
  public static let allCases: [ProviderID] = [.embedded, .overpass, .yelp, .foursquare]

  /// One of `allCases`, or `city:NAME` with a non-empty name; `nil` otherwise.
  public init?(rawValue: String) {
    guard
      Self.allCases.contains(where: { $0.rawValue == rawValue })
        || (rawValue.hasPrefix("city:") && rawValue.count > "city:".count)
    else { return nil }
    self.rawValue = rawValue
  }

  private init(known: String) { rawValue = known }

  /// The imported city's name, for `city:NAME`.
  public var cityName: String? {
    rawValue.hasPrefix("city:") ? String(rawValue.dropFirst("city:".count)) : nil
  }

  /// Whether places come over the network.
  public var isLive: Bool { self != .embedded && cityName == nil }
}
