/// In which order a plan visits the problem's categories.
public enum VisitOrder: String, Sendable, Codable, CaseIterable {
  /// Stop `i` fills category `i`.
  case given
  /// The stops may fill the categories in any order.
  case any
}
