import ItineraryPlaces
import ItineraryPlanning

/// Every option of every command, each declared once.
enum Options {
  // Where plans start and where places come from.
  static let at = Option.value("at", "LAT,LON", "start point (default: the embedded city's centre)")
  static let near = Option.value("near", "PLACE", "start at a named place, found with Nominatim")
  static let provider = Option.value(
    "provider", "NAME",
    """
    embedded, overpass (no key), yelp (YELP_API_KEY) or foursquare
    (FOURSQUARE_API_KEY); default: the embedded city when the start lies
    in it, else overpass
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
    "distances", "straight|osrm",
    """
    measure legs on the great circle (default), or by road with OSRM
    (ITINERARY_OSRM_URL): the objective then prices road kilometres
    """)
  static let distanceWeight = Option.value(
    "distance-weight", "W", "score points one kilometre costs (walk 0.5, bike 0.16, drive 0.08)")
  static let radius = Option.value(
    "radius", "KM", "candidates within KM of the start (walk 3, bike 10, drive 25)")

  // How long solvers and the cross-check may take.
  static let timeLimit = Option.value(
    "time-limit", "S",
    "seconds the solver may take (default \(Int(Defaults.timeLimit))); past it, the best found")
  static let seed = Option.value(
    "seed", "N", "the heuristic's seed (default 0): same seed, same answer")
  static let verify = Option.flag(
    "verify", "cross-check the plans with GLPK; a disagreement is an error (exit 1)")
  static let verifyTimeLimit = Option.value(
    "verify-time-limit", "S",
    "seconds GLPK may take (default \(Int(Defaults.verifyTimeLimit))); past it, not verified")

  // Output.
  static let units = Option.value("units", "metric|imperial", "kilometres or miles in the table")
  static let format = Option.value("format", "table|json|geojson", "how to print the plans")
  static let output = Option.value(
    "output", "FILE", short: "o", "write to FILE, whole or not at all ('-': standard output)")
  static let gtsplib = Option.flag(
    "gtsplib", "FILE is a GTSPLIB instance (the same as 'itinerary gtsp FILE')")
  static let optw = Option.flag(
    "optw", "FILE is an OPTW / TOPTW instance (the same as 'itinerary optw FILE')")
  static let routes = Option.value(
    "routes", "M", "routes of an OPTW trip, each vertex once over all (default 1)")

  // Every command.
  static let help = Option.flag("help", short: "h", "show this help")
  static let version = Option.flag("version", "show the version")
}
