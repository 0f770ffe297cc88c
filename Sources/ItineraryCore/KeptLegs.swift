/// The kilometres of the legs between every two of a city's places, kept by
/// a process that plans on the city again and again; each request's road
/// table reads its places' legs here (`RoadTable(kept:...)`).
public struct KeptLegs: Sendable {
  /// How many points the legs join.
  public let count: Int
  /// Row-major, `count` by `count`; infinite where there is no route.
  private let kilometres: [Double]

  /// - Precondition: `kilometres` holds `count` squared values, none
  ///   negative or not a number.
  public init(count: Int, kilometres: [Double]) {
    precondition(kilometres.count == count * count && kilometres.allSatisfy { $0 >= 0 })
    self.count = count
    self.kilometres = kilometres
  }

  /// No legs: what a table that reads none holds.
  static let none = KeptLegs(count: 0, kilometres: [])

  /// The points the legs join.
  public var points: Range<Int> { 0..<count }

  /// The kilometres from point `from` to point `to`, infinite where there is no route.
  ///
  /// - Complexity: O(1).
  public func kilometres(from: Int, to: Int) -> Double {
    kilometres[from * count + to]
  }
}
