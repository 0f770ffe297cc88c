/// The check of `Authorization: Bearer <token>`, in time that does not
/// depend on where a wrong token first differs.
enum BearerToken {
  /// Whether the header carries `token`.
  ///
  /// - Complexity: O(length of the header and the token).
  static func accepts(_ header: String?, token: String) -> Bool {
    guard let header, header.count > 7, header.prefix(7).lowercased() == "bearer " else {
      return false
    }
    let given = Array(header.dropFirst(7).utf8)
    let wanted = Array(token.utf8)
    var difference = given.count ^ wanted.count
    for index in 0..<max(given.count, wanted.count) {
      let left = index < given.count ? given[index] : 0
      let right = index < wanted.count ? wanted[index] : 0
      difference |= Int(left ^ right)
    }
    return difference == 0
  }
}
