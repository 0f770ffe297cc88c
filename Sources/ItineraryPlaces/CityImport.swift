import Foundation
import ItineraryCore
import ItineraryStore
import ItineraryStreets

/// Imports an OpenStreetMap extract (`.osm.pbf`) as a city: its named
/// places of the vocabulary's categories, by the rules of `OSMPlaceRules`
/// and the corrections of `TagCorrections`, as the embedded city is built.
///
/// osmium reads the extract twice, both streamed. First the candidates
/// alone (`tags-filter` on the vocabulary's tags, nothing they reference):
/// what a place's score depends on beyond itself (`MapContext`: the newest
/// edit, the business names two businesses share) and which ways outline a
/// multipolygon place. Then every tagged node and every way with its nodes'
/// locations (`add-locations-to-ways`, the location index on disk), fed
/// only the nodes and ways (`cat`), since the relations it would otherwise
/// decode and write in blocks of thousands are what its memory grew with.
/// Both runs write each element's version and last edit. The second also
/// gives the ways a person may walk, cycle or drive (`StreetRules`), which
/// become the city's street network, and the water, green, buildings and
/// streets of the offline map (`BasemapCollector`), whose multipolygons the
/// first run names.
/// A place's location is a node's own, the mean of a way's distinct located
/// points, or the mean of the distinct located points of a multipolygon's
/// outer ways; a way or multipolygon whose outline closes has a footprint.
/// Everything is written to a temporary folder beside the cities and moved
/// into place only when complete.
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
    // osmium would wait for a FIFO's writer, or read a device, forever.
    if let kind = Self.nonRegularKind(extract.path) {
      throw ItineraryError(.data, "the extract \(extract.path) is \(kind), not a regular file")
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

  /// What the file at `path` is when it is not a regular file (after
  /// following links): "a FIFO", "a directory", ...; nil for a regular file.
  static func nonRegularKind(_ path: String) -> String? {
    var info = stat()
    guard stat(path, &info) == 0 else { return nil }
    switch info.st_mode & S_IFMT {
    case S_IFREG: return nil
    case S_IFIFO: return "a FIFO"
    case S_IFDIR: return "a directory"
    case S_IFCHR, S_IFBLK: return "a device"
    case S_IFSOCK: return "a socket"
    default: return "an unknown kind of file"
    }
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
    try DataDirectory.makeFolder(
      scratch, failure: "cannot write the data directory \(cities.directory.path)")
    // A signal now stops osmium and removes the folder, not only an error.
    ImportInterruption.shared.begin(folder: scratch)
    defer {
      try? FileManager.default.removeItem(at: scratch)
      ImportInterruption.shared.end(folder: scratch)
    }
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
    progress("import \(name): reading the candidates of \(extract.lastPathComponent)")
    let candidates = try readCandidates(scratch: scratch)
    let context = candidates.context
    progress("import \(name): reading nodes and ways")
    var elements = 0
    var outlineRings: [Int64: [MapPoint]] = [:]
    let nameKey = Array("name".utf8)
    let streetKeys = ["highway", "route", "man_made"].map { Array($0.utf8) }
    let mapKeys = (BasemapRules.keys + ["route", "man_made"]).map { Array($0.utf8) }
    var streets = StreetNetworkBuilder()
    var basemap = BasemapCollector(multipolygons: candidates.basemap)
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
          "--output-format", "opl,add_metadata=version+timestamp", "--output", "-",
        ],
      ], logs: scratch, file: extract.path
    ) { (bytes) throws(ItineraryError) in
      let line = try parsed(bytes)
      elements += 1
      if elements % 1_000_000 == 0 {
        progress("import \(name): \(elements) elements read, \(writer.count) places")
      }
      if line.kind == .way,
        mapKeys.contains(where: line.mayHaveTag) || basemap.outerWays.contains(line.id)
      {
        let tags = try decoded { () throws(OPLLine.Malformed) in try line.tags() }
        let nodes = line.locatedNodes()
        if streetKeys.contains(where: line.mayHaveTag), let access = StreetRules.access(tags) {
          streets.add(nodes.map { ($0.id, $0.location.coordinate) }, access: access)
        }
        try basemap.add(way: line.id, nodes: nodes, tags: tags, to: writer)
      }
      let id = kindName(line.kind) + "/\(line.id)"
      let outline = line.kind == .way && candidates.outlineWays.contains(line.id)
      guard line.mayHaveTag(nameKey) || outline || corrections.byElement[id] != nil else { return }
      let tags = corrections.corrected(
        id, try decoded { () throws(OPLLine.Malformed) in try line.tags() })
      let (version, edited) = try decoded { () throws(OPLLine.Malformed) in
        (try line.version(), try line.timestamp())
      }
      switch line.kind {
      case .node:
        if let location = line.location {
          try keep(
            MapElement(id: id, tags: tags, location: location, version: version, edited: edited),
            in: context, writer: writer)
        }
      case .way:
        let ring = line.locatedNodes().map(\.location)
        if outline { outlineRings[line.id] = ring }
        if let mean = MapPoint.mean(Set(ring)) {
          try keep(
            MapElement(
              id: id, tags: tags, location: mean, footprint: Footprint.squareMetres([ring]),
              version: version, edited: edited),
            in: context, writer: writer)
        }
      case .relation: break
      }
    }
    for relation in candidates.multipolygons {
      let rings = relation.ways.compactMap { outlineRings[$0] }
      if let mean = MapPoint.mean(Set(rings.joined())) {
        try keep(
          MapElement(
            id: "relation/\(relation.id)", tags: relation.tags, location: mean,
            footprint: Footprint.squareMetres(rings), version: relation.version,
            edited: relation.edited),
          in: context, writer: writer)
      }
    }
    guard writer.count > 0 else {
      throw ItineraryError(
        .data, "\(extract.path) has no named place of the vocabulary's categories")
    }
    try basemap.finish(to: writer)
    progress("import \(name): \(writer.basemapCount) features of the map")
    var network = try streets.build()
    for mode in TravelMode.allCases {
      let graph = StreetGraph(network, mode: mode)
      if graph.hasArcs { network.shortcutSets[mode] = StreetShortcuts(graph) }
    }
    try writer.add(network)
    progress(
      "import \(name): \(network.edges.count) streets between \(network.junctions.count) "
        + "junctions, from \(streets.count) ways")
    let summary = try writer.finish(
      name: name, source: extract.lastPathComponent,
      attribution: "© OpenStreetMap contributors, ODbL 1.0 (openstreetmap.org/copyright)",
      importedAt: started, elements: elements)
    let seconds = Date().timeIntervalSince(started)
    progress(
      "import \(name): \(summary.places) places from \(elements) elements in "
        + String(format: "%.2f", seconds) + " s")
    return summary
  }

  /// A multipolygon place: its tags, the ways of its outline, its edits.
  struct Multipolygon {
    var id: Int64
    var tags: [String: String]
    var ways: [Int64]
    var version: Int?
    var edited: Int?
  }

  /// What the first run learns: the context the places are scored in, the
  /// named multipolygon relations of the vocabulary's categories, every
  /// way of their outlines, and the multipolygons the map draws.
  struct Candidates {
    var context: MapContext
    var multipolygons: [Multipolygon]
    var outlineWays: Set<Int64>
    var basemap: [BasemapCollector.Multipolygon]
  }

  /// Reads every element with one of the vocabulary's tags, and every
  /// relation of the basemap's areas, without what they reference.
  ///
  /// - Complexity: O(elements of the extract); memory O(business names +
  ///   multipolygon places).
  private func readCandidates(scratch: URL) throws(ItineraryError) -> Candidates {
    let expressions = scratch.appending(path: "candidates.txt")
    var tags: [String] = []
    for category in rules.vocabulary.categories {
      tags += category.osm.filter { !tags.contains($0) }
    }
    do {
      try (tags.map { "nwr/\($0)" } + BasemapRules.relationExpressions).joined(separator: "\n")
        .write(
          to: expressions, atomically: false, encoding: .utf8)
    } catch {
      throw ItineraryError(.failure, "cannot write \(expressions.path)")
    }
    var builder = MapContext.Builder(rules: rules)
    var multipolygons: [Multipolygon] = []
    var ways: Set<Int64> = []
    var basemap: [BasemapCollector.Multipolygon] = []
    try osmium.run(
      [
        [
          "tags-filter", extract.path, "--expressions", expressions.path, "--omit-referenced",
          "--no-progress", "--output-format", "opl,add_metadata=version+timestamp", "--output",
          "-",
        ]
      ], logs: scratch, file: extract.path
    ) { (bytes) throws(ItineraryError) in
      let line = try parsed(bytes)
      let id = kindName(line.kind) + "/\(line.id)"
      let tags = corrections.corrected(
        id, try decoded { () throws(OPLLine.Malformed) in try line.tags() })
      let (version, edited) = try decoded { () throws(OPLLine.Malformed) in
        (try line.version(), try line.timestamp())
      }
      guard line.kind != .relation || OSMPlaceRules.hasOutline(relation: tags) else { return }
      // Only candidates count (`MapContext.Builder`), so the map's areas change no score.
      builder.add(tags: tags, edited: edited)
      guard line.kind == .relation else { return }
      let members = try decoded { () throws(OPLLine.Malformed) in try line.members() }
      let outline = members.filter {
        $0.kind == UInt8(ascii: "w") && OSMPlaceRules.isOuter(role: $0.role)
      }.map(\.id)
      if tags["type"] == "multipolygon", let kind = BasemapRules.area(tags) {
        basemap.append(BasemapCollector.Multipolygon(kind: kind, ways: outline))
      }
      guard rules.isCandidate(tags) else { return }
      multipolygons.append(
        Multipolygon(id: line.id, tags: tags, ways: outline, version: version, edited: edited))
      ways.formUnion(outline)
    }
    return Candidates(
      context: builder.context, multipolygons: multipolygons, outlineWays: ways, basemap: basemap)
  }

  /// Adds the place an element is, when it is one.
  private func keep(_ element: MapElement, in context: MapContext, writer: CityFileWriter)
    throws(ItineraryError)
  {
    guard let place = rules.place(element, in: context) else { return }
    try writer.add(place, twin: OSMPlaceRules.twinKey(element.tags), edited: element.edited)
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
}
