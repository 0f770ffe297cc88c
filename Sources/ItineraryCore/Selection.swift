/// Which plans to return.
public enum Selection: Sendable, Equatable {
  /// The K plans of highest objective, distinct as stop sequences.
  case top(Int)
  /// The best plan, then each next best plan sharing fewer than half of its
  /// places with every plan before it (`Diversity`), up to K plans.
  case diverse(Int)

  public var count: Int {
    switch self {
    case .top(let k), .diverse(let k): k
    }
  }
}
