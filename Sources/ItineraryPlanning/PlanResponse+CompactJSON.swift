import ItineraryCore
import ItineraryJSON

// A response writes its own compact JSON, every type it holds by name: each
// writes every stored property, by name, in byte order of the keys.

extension PlanResponse: CompactJSONWritable {
  public func write(to json: inout CompactJSON) {
    json.member("anyOrder", anyOrder)
    json.member("categories", categories)
    json.member("days", days)
    json.member("distanceWeight", distanceWeight)
    json.member("distances", distances.rawValue)
    json.member("maxPerCategory", maxPerCategory)
    json.member("mode", mode.rawValue)
    json.member("objective", objective)
    json.member("origin", origin)
    json.member("plans", plans)
    json.member("provider", provider)
    json.member("reason", reason)
    json.member("request", request)
    json.member("roundTrip", roundTrip)
    json.member("shaping", shaping)
    json.member("solver", solver)
    json.member("speedKmh", speedKmh)
    json.member("time", time)
    json.member("verify", verify)
  }
}

extension PlanResponse.Shaping: CompactJSONWritable {
  public func write(to json: inout CompactJSON) {
    json.member("mealBonus", mealBonus)
    json.member("meals", meals)
    json.member("varietyPenalty", varietyPenalty)
    json.member("worthByTime", worthByTime)
  }
}

extension PlanResponse.Plan: CompactJSONWritable {
  public func write(to json: inout CompactJSON) {
    json.member("distanceKm", distanceKm)
    json.member("durationMinutes", durationMinutes)
    json.member("finish", finish)
    json.member("objective", objective)
    json.member("rank", rank)
    json.member("returnKm", returnKm)
    json.member("returnMinutes", returnMinutes)
    json.member("returnPath", returnPath)
    json.member("stops", stops)
    json.member("waitMinutes", waitMinutes)
  }
}

extension PlanResponse.Stop: CompactJSONWritable {
  public func write(to json: inout CompactJSON) {
    json.member("address", address)
    json.member("afterDark", afterDark)
    json.member("arrive", arrive)
    json.member("begin", begin)
    json.member("category", category)
    json.member("directions", directions)
    json.member("dwellMinutes", dwellMinutes)
    json.member("hoursKnown", hoursKnown)
    json.member("id", id)
    json.member("kind", kind)
    json.member("lat", lat)
    json.member("leave", leave)
    json.member("legKm", legKm)
    json.member("legMinutes", legMinutes)
    json.member("legPath", legPath)
    json.member("lon", lon)
    json.member("name", name)
    json.member("openingHours", openingHours)
    json.member("photoURL", photoURL)
    json.member("photos", encoding: photos)
    json.member("score", score)
    json.member("scoreSource", scoreSource?.rawValue)
    json.member("waitMinutes", waitMinutes)
  }
}

extension PlanResponse.Day: CompactJSONWritable {
  public func write(to json: inout CompactJSON) {
    json.member("distanceKm", distanceKm)
    json.member("durationMinutes", durationMinutes)
    json.member("end", end)
    json.member("finish", finish)
    json.member("objective", objective)
    json.member("returnKm", returnKm)
    json.member("returnMinutes", returnMinutes)
    json.member("returnPath", returnPath)
    json.member("start", start)
    json.member("stops", stops)
    json.member("waitMinutes", waitMinutes)
  }
}

extension PlanResponse.TimeReport: CompactJSONWritable {
  public func write(to json: inout CompactJSON) {
    json.member("end", end)
    json.member("maxWaitMinutes", maxWaitMinutes)
    json.member("start", start)
    json.member("timeZone", timeZone)
    json.member("unknownHours", unknownHours.rawValue)
    json.member("waitWeight", waitWeight)
  }
}

extension PlanResponse.SolverReport: CompactJSONWritable {
  public func write(to json: inout CompactJSON) {
    json.member("complete", complete)
    json.member("millis", millis)
    json.member("name", name)
    json.member("optimal", optimal)
    json.member("work", work)
  }
}

extension PlanResponse.VerifyReport: CompactJSONWritable {
  public func write(to json: inout CompactJSON) {
    json.member("agrees", agrees)
    json.member("note", note)
    json.member("objective", objective)
    json.member("solver", solver)
    json.member("status", status.rawValue)
  }
}

extension ProviderReport: CompactJSONWritable {
  public func write(to json: inout CompactJSON) {
    json.member("description", description)
    json.member("id", id)
    json.member("places", places)
  }
}

extension Coordinate: CompactJSONWritable {
  public func write(to json: inout CompactJSON) {
    json.member("lat", lat)
    json.member("lon", lon)
  }
}
