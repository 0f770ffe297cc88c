import Foundation
import ItineraryCore
import ItineraryOutput
import ItineraryPlaces
import ItineraryPlanning
import ItineraryStore

/// `itinerary photos --at LAT,LON` lists photos taken near a pin, page by
/// page; `--save ALBUM` keeps them as an album (a collection of photos with
/// its pin); `photos album NAME` shows, edits and renews an album.
enum PhotosCommand {
  static let command = Command(
    name: "photos",
    usage: [
      "photos --at LAT,LON [--radius KM] [--source commons|flickr] [--page N] [--save ALBUM]",
      "photos album NAME [--remove ID] [--new-set] [--format table|json]",
    ],
    summary: "photos near a pin, from Wikimedia Commons or Flickr, kept as albums",
    description: """
      Lists photos taken near a pin, with the author, licence and credit line
      each one needs when shown. Commons needs no key; Flickr needs
      FLICKR_API_KEY. '--save ALBUM' keeps the page in the store as an album;
      'photos album NAME' shows it, '--remove ID' takes a photo out, and
      '--new-set' replaces its photos with the next page around the same pin.
      A photo service that fails is exit 69, naming the service.
      """,
    options: [
      Options.at, PhotoOptions.radius, PhotoOptions.source, PhotoOptions.page, PhotoOptions.save,
      PhotoOptions.remove, PhotoOptions.newSet, PhotoOptions.format, Options.output,
      Options.noCache, Options.refresh,
    ],
    run: run)

  static func run(_ arguments: ParsedArguments, _ context: Context) throws(ItineraryError)
    -> Int32
  {
    let format = try self.format(arguments)
    if arguments.positionals.first == "album" {
      return try album(arguments, context, format: format)
    }
    guard arguments.positionals.isEmpty else {
      throw ItineraryError(
        .usage,
        "photos: unexpected argument '\(TerminalText.clean(arguments.positionals[0]))' (expected --at LAT,LON or album NAME)"
      )
    }
    for option in [PhotoOptions.remove] where arguments.string(option) != nil {
      throw ItineraryError(.usage, "photos: \(option.spelling) applies to 'photos album NAME'")
    }
    if arguments.has(PhotoOptions.newSet) {
      throw ItineraryError(.usage, "photos: --new-set applies to 'photos album NAME'")
    }
    guard let at = try arguments.coordinate(Options.at) else {
      throw ItineraryError(.usage, "photos: expected --at LAT,LON (or album NAME)")
    }
    let pin = AlbumPin(
      lat: at.lat, lon: at.lon, radiusKm: try radius(arguments),
      source: try source(arguments).rawValue, page: try page(arguments))
    let page = try fetch(pin, arguments, context)
    if let name = arguments.string(PhotoOptions.save) {
      let store = try StoreAccess.open(context)
      try store.saveAlbum(named: name, pin: pin, photos: try PhotoAlbums.kept(page.photos))
      context.terminal.writeError(
        "saved \(count(page.photos)) in album \"\(TerminalText.clean(name))\"\n")
    }
    try emit(page.photos, pin: pin, album: nil, hasMore: page.hasMore, format, arguments, context)
    return 0
  }

  /// `photos album NAME [--remove ID | --new-set]`.
  static func album(_ arguments: ParsedArguments, _ context: Context, format: OutputFormat)
    throws(ItineraryError) -> Int32
  {
    let name = try StoreAccess.operands(arguments, "NAME")[0]
    for option in [Options.at, PhotoOptions.radius, PhotoOptions.source, PhotoOptions.page]
    where arguments.string(option) != nil {
      throw ItineraryError(
        .usage, "photos album: \(option.spelling) does not apply (the album keeps its pin)")
    }
    let store = try StoreAccess.open(context)
    if let id = arguments.string(PhotoOptions.remove) {
      guard !arguments.has(PhotoOptions.newSet) else {
        throw ItineraryError(.usage, "photos album: --remove and --new-set go one at a time")
      }
      try store.removePhoto(id: id, fromAlbum: name)
      context.terminal.writeError(
        "removed \(TerminalText.clean(id)) from album \"\(TerminalText.clean(name))\"\n")
    } else if arguments.has(PhotoOptions.newSet) {
      let (pin, page, startedOver) = try PhotoAlbums.newSet(
        named: name, services: services(arguments, context), store: store)
      if startedOver {
        context.terminal.writeError("no more photos around the pin: starting over at page 1\n")
      }
      context.terminal.writeError(
        "album \"\(TerminalText.clean(name))\" now holds page \(pin.page): \(count(page.photos))\n")
    }
    let (pin, photos) = try PhotoAlbums.album(named: name, store: store)
    try emit(photos, pin: pin, album: name, hasMore: nil, format, arguments, context)
    return 0
  }

  /// The page `pin` names, from its source, as the options configure the cache.
  static func fetch(_ pin: AlbumPin, _ arguments: ParsedArguments, _ context: Context)
    throws(ItineraryError) -> PhotoPage
  {
    try PhotoAlbums.page(pin, services: services(arguments, context))
  }

  /// The photo services, as the options configure the cache.
  static func services(_ arguments: ParsedArguments, _ context: Context) -> PlaceServices {
    let policy: CachePolicy =
      arguments.has(Options.noCache) ? .bypass : arguments.has(Options.refresh) ? .refresh : .use
    let terminal = context.terminal
    return PlaceServices(
      environment: context.environment, cachePolicy: policy,
      warn: { terminal.writeError("warning: \($0)\n") })
  }

  /// The photos as a table (one row each, the credit line under it) or JSON.
  static func emit(
    _ photos: [Photo], pin: AlbumPin, album: String?, hasMore: Bool?, _ format: OutputFormat,
    _ arguments: ParsedArguments, _ context: Context
  ) throws(ItineraryError) {
    let text: String
    if format == .json {
      let answer = PhotoAnswer(photos, pin: pin, album: album, hasMore: hasMore)
      text = String(decoding: try PhotoAlbums.encode(answer), as: UTF8.self) + "\n"
    } else {
      if photos.isEmpty { context.terminal.writeError("no photos found\n") }
      text = photos.map { photo in
        let row = [
          photo.id, "\(photo.width)x\(photo.height)", photo.licence, photo.author,
          photo.thumbnail,
        ].map { TerminalText.clean($0) }
        return row.joined(separator: "  ") + "\n    " + TerminalText.clean(photo.attribution)
          + "\n"
      }.joined()
    }
    try Emit.data(Data(text.utf8), to: arguments.string(Options.output), terminal: context.terminal)
  }

  static func format(_ arguments: ParsedArguments) throws(ItineraryError) -> OutputFormat {
    guard let text = arguments.string(PhotoOptions.format) else { return .table }
    guard let format = OutputFormat(rawValue: text), [.table, .json].contains(format) else {
      throw ItineraryError(
        .usage, "photos: --format \(TerminalText.clean(text)) does not apply here (table, json)")
    }
    return format
  }

  static func radius(_ arguments: ParsedArguments) throws(ItineraryError) -> Double {
    guard let radius = try arguments.number(PhotoOptions.radius) else { return 1 }
    guard radius > 0, radius <= 32 else {
      throw ItineraryError(.usage, "photos: --radius must be above 0 and at most 32 km")
    }
    return radius
  }

  static func source(_ arguments: ParsedArguments) throws(ItineraryError) -> PhotoSource {
    try arguments.string(PhotoOptions.source).map { text throws(ItineraryError) in
      try PhotoSource.named(text)
    } ?? .commons
  }

  static func page(_ arguments: ParsedArguments) throws(ItineraryError) -> Int {
    guard let page = try arguments.integer(PhotoOptions.page) else { return 1 }
    guard (1...50).contains(page) else {
      throw ItineraryError(.usage, "photos: --page must be between 1 and 50")
    }
    return page
  }

  static func count(_ photos: [Photo]) -> String {
    "\(photos.count) photo\(photos.count == 1 ? "" : "s")"
  }
}
