import ItineraryPlaces
import ItineraryPlanning

/// Every option of every command, each declared once.
enum Options {
  // Where plans start and where places come from.
  static let at = Option.value("at", "LAT,LON", "start point (default: the embedded city's centre)")
  static let near = Option.value(
    "near", "PLACE", "start at a named place: the city's own first, else found with Nominatim")
  static let avoid = Option.value(
    "avoid", "PLACE", "never visit this place of the city (name or id); repeatable")
  static let must = Option.value(
    "must", "PLACE",
    "visit this place of the city (name or id) on some day, while it is open; repeatable (explore)")
  static let base = Option.value(
    "base", "PLACE|LAT,LON",
    "start and end there: a round trip from a place of the city or a point (instead of --at)")
  static let endAt = Option.value(
    "end-at", "PLACE|LAT,LON",
    "end there: the last leg goes to it, counts, and arrives before the end (explore: each day)")
  static let provider = Option.value(
    "provider", "NAME",
    """
    embedded, city:NAME (an imported city), overpass (no key), yelp
    (YELP_API_KEY) or foursquare (FOURSQUARE_API_KEY); default: an imported
    city or the embedded city when the start lies in it, else overpass
    """)
  static let perCategory = Option.value(
    "per-category", "N",
    "places fetched per category (default \(Defaults.perCategory), at most \(Defaults.maxPerCategory))"
  )
  static let noCache = Option.flag("no-cache", "neither read nor write the response cache")
  static let refresh = Option.flag("refresh", "fetch again and update the cache")
  static let allowPartial = Option.flag(
    "allow-partial", "plan without the categories whose fetch failed")
  static let connectTimeout = Option.value(
    "connect-timeout", "S", "seconds to connect to a service (default 5)")
  static let timeout = Option.value("timeout", "S", "seconds for a whole request (default 20)")

  // Imported cities.
  static let cityName = Option.value(
    "name", "NAME",
    "the imported city's name (default: the file's, as helsinki for Helsinki.osm.pbf)")

  // What to plan.
  static let top = Option.value(
    "top", "K", "how many plans (default \(Defaults.top), at most \(Defaults.maxTop))")
  static let exact = Option.flag("exact", "the K best plans, however alike")
  static let diverse = Option.flag(
    "diverse", "each next plan shares fewer than half its places with every plan before it")
  static let roundTrip = Option.flag("round-trip", "come back to the start")
  static let anyOrder = Option.flag("any-order", "visit the categories in whatever order is best")
  static let mode = Option.value(
    "mode", "walk|bike|drive", "sets leg times and the price of a kilometre (default walk)")
  static let speed = Option.value("speed", "KMH", "travel speed (walk 4.8, bike 15, drive 30)")
  static let distances = Option.value(
    "distances", "network|straight|osrm",
    """
    measure legs along the city's streets (the default in the embedded or
    an imported city), on the great circle (the default elsewhere), or by
    road with OSRM (ITINERARY_OSRM_URL, plan only)
    """)
  static let distanceWeight = Option.value(
    "distance-weight", "W", "score points one kilometre costs (walk 0.5, bike 0.16, drive 0.08)")
  static let radius = Option.value(
    "radius", "KM", "candidates within KM of the start (walk 3, bike 10, drive 25)")

  // Food and drink.
  static let cuisine = Option.value(
    "cuisine", "WORD",
    "only restaurants, cafes and bars serving WORD (pizza, sushi, vegan)")
  static let price = Option.value(
    "price", "1-4",
    "only restaurants, cafes and bars of this price level or cheaper (yelp, foursquare)")

  // When.
  static let start = Option.value(
    "start", "TIME|DATE TIME|now",
    """
    when the plan starts, local time: 21:00 today, 2026-12-01T14:00, or now
    (the default of plan)
    """)
  static let end = Option.value(
    "end", "TIME",
    "the deadline: HH:MM on the start's day or DATE TIME (default: midnight, or 4 h after a start past 20:00)"
  )
  static let tz = Option.value(
    "tz", "ZONE",
    "IANA time zone of the times and opening hours (default: the city's, else the machine's)")
  static let dwell = Option.value(
    "dwell", "CATEGORY=MINUTES",
    "minutes spent at a stop of CATEGORY ('*' for the rest); repeatable (defaults: 'categories')")
  static let waitWeight = Option.value(
    "wait-weight", "W",
    "score points a minute spent waiting for a place to open costs (default \(Defaults.waitWeight))"
  )
  static let maxWait = Option.value(
    "max-wait", "MIN",
    "the longest single wait for a place to open, in minutes (default \(Int(Defaults.maxWaitMinutes)))"
  )
  static let unknownHours = Option.value(
    "unknown-hours", "open|closed",
    "places with unknown opening hours count as always open or are left out (default: each keeps its category's usual hours)"
  )
  static let days = Option.value(
    "days", "N", "a trip of N days, each from --start's time to --end's (default 1)")
  static let day = Option.value(
    "day", "DATE START END",
    "one day of a trip, 2026-12-02 10:00 19:00; repeatable, instead of --start, --end, --days")
  static let pace = Option.value(
    "pace", "relaxed|normal|packed",
    "stops a day: at most 6, 8 or 12 in nine hours, in proportion for other days (default normal)")
  static let noMeals = Option.flag(
    "no-meals",
    "no lunch or dinner stop: by default a day holding 11:30-14:00 or 17:30-20:30 has one")
  static let maxPerCategory = Option.value(
    "max-per-category", "N", "at most N stops of each category over the trip (default: no limit)")
  static let openNow = Option.flag(
    "open-now",
    "only places whose hours say they are open: in a plan, each stop open on arrival with no wait")
  static let anytime = Option.flag(
    "anytime", "plan without time: no start, no opening hours, no time at a stop")

  // How long solvers and the cross-check may take.
  static let timeLimit = Option.value(
    "time-limit", "S",
    "seconds the solver may take (default \(Int(Defaults.timeLimit))); past it, the best found")
  static let tripTimeLimit = Option.value(
    "time-limit", "S",
    "seconds the trip may take at most (default \(Int(Defaults.tripTimeLimit))): the search is"
      + " bounded by its work; past the limit, the best found"
  )
  static let seed = Option.value(
    "seed", "N", "the heuristic's seed (default 0): same seed, same answer")
  static let memoryLimit = Option.value(
    "memory-limit", "MB",
    "megabytes the solver may hold (default \(Int(Defaults.memoryLimit))); past it, the best found")
  static let verify = Option.flag(
    "verify", "cross-check the plans with GLPK; a disagreement is an error (exit 1)")
  static let verifyTimeLimit = Option.value(
    "verify-time-limit", "S",
    "seconds GLPK may take (default \(Int(Defaults.verifyTimeLimit))); past it, not verified")

  // Output.
  static let units = Option.value("units", "metric|imperial", "kilometres or miles in the table")
  static let format = Option.value(
    "format", "table|json|geojson|html|ics|gpx",
    "how to print the answer (html: a map page in one file; ics: a calendar of the visits; "
      + "gpx: waypoints and a track)")
  static let output = Option.value(
    "output", "FILE", short: "o",
    "write to FILE, whole or not at all ('-': standard output); without --format, "
      + "a .json, .geojson, .html, .ics or .gpx FILE is written in that format")
  static let tiles = Option.value(
    "tiles", "URL",
    "draw the map page from this tile server (https://host/{z}/{x}/{y}.png; "
      + "ITINERARY_TILE_URL) instead of the city's own offline map")
  static let tilesAttribution = Option.value(
    "tiles-attribution", "TEXT",
    "the credit the tile server asks for (ITINERARY_TILE_ATTRIBUTION; "
      + "default '\(TileServer.defaultAttribution)')")
  static let gtsplib = Option.flag(
    "gtsplib", "FILE is a GTSPLIB instance (the same as 'itinerary gtsp FILE')")
  static let optw = Option.flag(
    "optw", "FILE is an OPTW / TOPTW instance (the same as 'itinerary optw FILE')")
  static let routes = Option.value(
    "routes", "M", "routes of an OPTW trip, each vertex once over all (default 1)")
  static let searchThreads = Option.value(
    "threads", "N", "searches side by side, one a thread (default: one per core)")

  // Finding places.
  static let text = Option.value(
    "text", "TEXT", "places whose name (or address or category) holds TEXT, any case or accent")
  static let limit = Option.value(
    "limit", "N",
    "how many results (default \(SearchRequest.defaultLimit), at most \(SearchRequest.maxLimit))")
  static let sort = Option.value(
    "sort", "relevance|rating|distance", "the order of the results (default relevance)")

  // The store.
  static let noHistory = Option.flag(
    "no-history", "keep no history of this run (ITINERARY_NO_HISTORY=1 for every run)")
  static let name = Option.value("name", "NAME", "the name to save under")
  static let replace = Option.flag("replace", "overwrite a saved plan of the same name")
  static let replaceStop = Option.value(
    "replace", "N", "the stop (1 for the first) to change to the best other place of its category")
  static let keep = Option.flag(
    "save", "keep the new plan under the saved plan's name (or --name's), replacing it")

  // Serving.
  static let host = Option.value(
    "host", "ADDRESS", "the IP address to listen on (default 127.0.0.1; 0.0.0.0 for every one)")
  static let port = Option.value("port", "N", "the port (default 8080; 0: any free one)")
  static let threads = Option.value(
    "threads", "N", "requests planned at once (default: every core)")
  static let maxInFlight = Option.value(
    "max-in-flight", "N",
    "requests answered or waiting at once (default 128); past it, 503 with Retry-After")
  static let deadline = Option.value(
    "deadline", "S", "the most seconds a request's solver may take (default 10)")
  static let maxBody = Option.value(
    "max-body", "BYTES", "the largest request body (default 1048576); past it, 413")
  static let idleTimeout = Option.value(
    "idle-timeout", "S", "seconds a silent or slow connection is kept (default 10)")
  static let memoryBudget = Option.value(
    "memory-budget", "MB",
    "memory the requests in flight may take, estimated from their bodies (default 1024); "
      + "past it, 503 with Retry-After")
  static let requestTimeout = Option.value(
    "request-timeout", "S",
    "seconds a client may take to send a whole request (default 30); past it, 408 and closed")
  static let history = Option.flag("history", "write every plan answered to the store's history")

  // Every command.
  static let help = Option.flag("help", short: "h", "show this help")
  static let version = Option.flag("version", "show the version")
}
