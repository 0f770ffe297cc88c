/// How a point joined to the streets leaves or enters them.
extension StreetGraph {
  /// The junctions a source leaves its edge by, with the metres to each.
  func exits(_ source: StreetPosition) -> StreetHierarchy.Entries {
    let edge = network.edges[source.edge]
    var exits: StreetHierarchy.Entries = []
    if allows(source.edge, forward: true) {
      exits.append((edge.to, edge.metres - source.offset))
    }
    if allows(source.edge, forward: false) {
      exits.append((edge.from, source.offset))
    }
    return exits
  }

  /// The junctions a target's edge is entered from, with the metres from each.
  func entries(_ target: StreetPosition) -> StreetHierarchy.Entries {
    let edge = network.edges[target.edge]
    var entries: StreetHierarchy.Entries = []
    if allows(target.edge, forward: true) {
      entries.append((edge.from, target.offset))
    }
    if allows(target.edge, forward: false) {
      entries.append((edge.to, edge.metres - target.offset))
    }
    return entries
  }

  /// The metres from `source` to `target` along the edge both lie on,
  /// when they do and the mode may go that way.
  func alongEdge(_ source: StreetPosition, _ target: StreetPosition) -> Double? {
    guard source.edge == target.edge else { return nil }
    if target.offset == source.offset { return 0 }
    let ahead = target.offset > source.offset
    guard allows(source.edge, forward: ahead) else { return nil }
    return abs(target.offset - source.offset)
  }
}
