import Foundation
import ItineraryCore
import ItineraryStore

/// Imports an OpenStreetMap extract (`.osm.pbf`) as a city: its named
/// places of the vocabulary's categories, by the rules of `OSMPlaceRules`
/// and the corrections of `TagCorrections`, as the embedded city is built.
///
/// osmium reads the extract twice, both streamed: once for the relations of
/// the vocabulary's tags (`tags-filter`), to learn which ways outline a
/// multipolygon place; once for every tagged node and every way with its
/// nodes' locations (`add-locations-to-ways`, the location index on disk),
/// fed only the nodes and ways (`cat`), since the relations it would
/// otherwise decode and write in blocks of thousands are what its memory
/// grew with.
/// A place's location is a node's own, the mean of a way's distinct located
/// nodes, or the mean of the distinct located nodes of a multipolygon's
/// outer ways. Everything is written to a temporary folder beside the
/// cities and moved into place only when complete.
public struct CityImport {
  public let extract: URL
  public let name: String
  public let cities: ImportedCities
  let osmium: Osmium
  let rules: OSMPlaceRules
  let corrections: TagCorrections

  /// - Throws: `ItineraryError` (usage) for a bad name, (data) for a
  ///   missing extract or a name already taken, (unavailable) without osmium.
  public init(
    extract: URL, name: String?, cities: ImportedCities, environment: [String: String]
  ) throws(ItineraryError) {
    guard FileManager.default.isReadableFile(atPath: extract.path) else {
      throw ItineraryError(.data, "cannot read the extract \(extract.path)")
    }
    self.extract = extract
    self.name = try ImportedCities.validated(name ?? ImportedCities.defaultName(for: extract))
    self.cities = cities
    if FileManager.default.fileExists(atPath: cities.file(self.name).path) {
      throw ItineraryError(
        .data,
        "a city named \"\(self.name)\" is imported already "
          + "(itinerary city remove \(self.name), or --name another)")
    }
    osmium = try Osmium(environment: environment)
    rules = .standard
    corrections = .standard
  }

  /// Imports the extract and returns the new city's summary.
  ///
  /// - Parameter progress: one line at a time, for standard error.
  /// - Throws: `ItineraryError` (data) for a file that is no extract or one
  ///   with no named place; (failure) when the data directory cannot be written.
  /// - Complexity: O(elements of the extract) time; memory O(nodes of the
  ///   ways that outline multipolygon places), whatever the extract's size.
  public func run(progress: (String) -> Void) throws(ItineraryError) -> CityFile.Summary {
    let scratch = cities.directory.appending(path: ".import-\(name)-\(UUID().uuidString)")
    do {
      try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
    } catch {
      throw ItineraryError(
        .failure,
        "cannot write the data directory \(cities.directory.path): \(error.localizedDescription)")
    }
    defer { try? FileManager.default.removeItem(at: scratch) }
    let database = scratch.appending(path: "city.sqlite")
    let summary = try importPlaces(into: database, scratch: scratch, progress: progress)
    guard link(database.path, cities.file(name).path) == 0 else {
      let reason = String(cString: strerror(errno))
      throw errno == EEXIST
        ? ItineraryError(.data, "a city named \"\(name)\" was imported meanwhile")
        : ItineraryError(.failure, "cannot write \(cities.file(name).path): \(reason)")
    }
    return summary
  }

  private func importPlaces(into database: URL, scratch: URL, progress: (String) -> Void)
    throws(ItineraryError) -> CityFile.Summary
  {
    let started = Date()
    let writer = try CityFileWriter(file: database)
    progress("import \(name): reading the multipolygons of \(extract.lastPathComponent)")
    let outlines = try readOutlines(scratch: scratch)
    progress("import \(name): reading nodes and ways")
    var elements = 0
    var outlineNodes: [Int64: [Int64: OPLLine.Location]] = [:]
    let nameKey = Array("name".utf8)
    try osmium.run(
      [
        [
          "cat", extract.path, "--object-type", "node", "--object-type", "way", "--no-progress",
          "--output-format", "pbf,pbf_compression=none", "--output", "-",
        ],
        [
          "add-locations-to-ways", "-", "--input-format", "pbf", "--ignore-missing-nodes",
          "--no-progress",
          "--index-type", "sparse_file_array,\(scratch.appending(path: "locations").path)",
          "--output-format", "opl,add_metadata=false", "--output", "-",
        ],
      ], logs: scratch, file: extract.path
    ) { (bytes) throws(ItineraryError) in
      let line = try parsed(bytes)
      elements += 1
      if elements % 1_000_000 == 0 {
        progress("import \(name): \(elements) elements read, \(writer.count) places")
      }
      let id = kindName(line.kind) + "/\(line.id)"
      let outline = line.kind == .way && outlines.ways.contains(line.id)
      guard line.mayHaveTag(nameKey) || outline || corrections.byElement[id] != nil else { return }
      let tags = corrections.corrected(
        id, try decoded { () throws(OPLLine.Malformed) in try line.tags() })
      switch line.kind {
      case .node:
        if let location = line.location { try keep(id, tags, at: location, in: writer) }
      case .way:
        let nodes = Dictionary(line.locatedNodes(), uniquingKeysWith: { first, _ in first })
        if outline { outlineNodes[line.id] = nodes }
        if !nodes.isEmpty, let mean = Self.mean(nodes.values) {
          try keep(id, tags, at: mean, in: writer)
        }
      case .relation: break
      }
    }
    for relation in outlines.relations {
      var nodes: [Int64: OPLLine.Location] = [:]
      for way in relation.ways { nodes.merge(outlineNodes[way] ?? [:]) { first, _ in first } }
      if let mean = Self.mean(nodes.values) {
        try keep("relation/\(relation.id)", relation.tags, at: mean, in: writer)
      }
    }
    guard writer.count > 0 else {
      throw ItineraryError(
        .data, "\(extract.path) has no named place of the vocabulary's categories")
    }
    let summary = try writer.finish(
      CityFile.Summary(
        name: name, source: extract.lastPathComponent,
        attribution: "© OpenStreetMap contributors, ODbL 1.0 (openstreetmap.org/copyright)",
        importedAt: started, elements: elements, places: 0,
        southWest: Coordinate(lat: 0, lon: 0), northEast: Coordinate(lat: 0, lon: 0)))
    let seconds = Date().timeIntervalSince(started)
    progress(
      "import \(name): \(summary.places) places from \(elements) elements in "
        + String(format: "%.2f", seconds) + " s")
    return summary
  }

  /// A multipolygon place: its tags and the ways of its outline.
  struct Multipolygon {
    var id: Int64
    var tags: [String: String]
    var ways: [Int64]
  }

  /// The named multipolygon relations of the vocabulary's categories, and
  /// every way of their outlines.
  private func readOutlines(scratch: URL) throws(ItineraryError)
    -> (relations: [Multipolygon], ways: Set<Int64>)
  {
    let expressions = scratch.appending(path: "relations.txt")
    var tags: [String] = []
    for category in rules.vocabulary.categories {
      tags += category.osm.filter { !tags.contains($0) }
    }
    do {
      try tags.map { "r/\($0)" }.joined(separator: "\n").write(
        to: expressions, atomically: false, encoding: .utf8)
    } catch {
      throw ItineraryError(.failure, "cannot write \(expressions.path)")
    }
    var relations: [Multipolygon] = []
    var ways: Set<Int64> = []
    try osmium.run(
      [
        [
          "tags-filter", extract.path, "--expressions", expressions.path, "--omit-referenced",
          "--no-progress", "--output-format", "opl,add_metadata=false", "--output", "-",
        ]
      ], logs: scratch, file: extract.path
    ) { (bytes) throws(ItineraryError) in
      let line = try parsed(bytes)
      guard line.kind == .relation else { return }
      let id = "relation/\(line.id)"
      let relationTags = corrections.corrected(
        id, try decoded { () throws(OPLLine.Malformed) in try line.tags() })
      guard relationTags["name"] != nil, relationTags["type"] == "multipolygon",
        !rules.categories(tags: relationTags).isEmpty
      else { return }
      let members = try decoded { () throws(OPLLine.Malformed) in try line.members() }
      let outline = members.filter {
        $0.kind == UInt8(ascii: "w") && ($0.role == "outer" || $0.role.isEmpty)
      }.map(\.id)
      relations.append(Multipolygon(id: line.id, tags: relationTags, ways: outline))
      ways.formUnion(outline)
    }
    return (relations, ways)
  }

  /// Adds the place an element is, when it is one.
  private func keep(
    _ id: String, _ tags: [String: String], at location: OPLLine.Location,
    in writer: CityFileWriter
  ) throws(ItineraryError) {
    let coordinate = Coordinate(lat: Double(location.y) / 1e7, lon: Double(location.x) / 1e7)
    guard let place = rules.place(id: id, tags: tags, at: coordinate) else { return }
    try writer.add(place, twin: OSMPlaceRules.twinKey(tags))
  }

  private func parsed(_ bytes: UnsafeBufferPointer<UInt8>) throws(ItineraryError) -> OPLLine {
    try decoded { () throws(OPLLine.Malformed) in try OPLLine(bytes) }
  }

  private func decoded<T>(_ body: () throws(OPLLine.Malformed) -> T) throws(ItineraryError) -> T {
    do {
      return try body()
    } catch {
      throw ItineraryError(
        .data, "\(extract.path): osmium wrote a line it cannot be: \(error.reason)")
    }
  }

  private func kindName(_ kind: OPLLine.Kind) -> String {
    switch kind {
    case .node: "node"
    case .way: "way"
    case .relation: "relation"
    }
  }

  /// The mean of `locations`, rounded to whole units, halves to even (as
  /// the embedded city's build rounds); `nil` for none.
  ///
  /// - Complexity: O(n).
  static func mean(_ locations: some Collection<OPLLine.Location>) -> OPLLine.Location? {
    guard !locations.isEmpty else { return nil }
    func rounded(_ sum: Int) -> Int {
      let count = locations.count
      let floor = sum >= 0 ? sum / count : -((-sum + count - 1) / count)
      let twice = 2 * (sum - floor * count)
      return twice > count || (twice == count && floor % 2 != 0) ? floor + 1 : floor
    }
    return OPLLine.Location(
      x: rounded(locations.reduce(0) { $0 + $1.x }), y: rounded(locations.reduce(0) { $0 + $1.y }))
  }
}
