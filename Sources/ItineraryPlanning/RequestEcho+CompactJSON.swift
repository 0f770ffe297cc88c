import ItineraryCore
import ItineraryJSON

// The request an answer echoes writes its own compact JSON, as the rest of
// the answer does (`PlanResponse+CompactJSON`): every stored property, by
// name, in byte order of the keys.

extension RequestEcho: CompactJSONWritable {
  public func write(to json: inout CompactJSON) {
    json.member("explore", explore)
    json.member("plan", plan)
    json.member("solve", encoding: solve)
  }
}

extension PlanRequest: CompactJSONWritable {
  public func write(to json: inout CompactJSON) {
    json.member("allowPartial", allowPartial)
    json.member("anyOrder", anyOrder)
    json.member("anytime", anytime)
    json.member("at", at)
    json.member("avoid", avoid)
    json.member("base", base)
    json.member("categories", categories)
    json.member("connectTimeout", connectTimeout)
    json.member("cuisine", cuisine)
    json.member("day", day)
    json.member("days", days)
    json.member("distanceWeight", distanceWeight)
    json.member("distances", distances?.rawValue)
    json.member("diverse", diverse)
    json.member("dwell", dwell)
    json.member("end", end)
    json.member("endAt", endAt)
    json.member("exact", exact)
    json.member("maxPerCategory", maxPerCategory)
    json.member("maxWaitMinutes", maxWaitMinutes)
    json.member("meals", meals)
    json.member("memoryLimit", memoryLimit)
    json.member("mode", mode?.rawValue)
    json.member("must", must)
    json.member("near", near)
    json.member("noCache", noCache)
    json.member("openNow", openNow)
    json.member("pace", pace?.rawValue)
    json.member("perCategory", perCategory)
    json.member("photos", photos)
    json.member("price", price)
    json.member("provider", provider?.rawValue)
    json.member("radius", radius)
    json.member("refresh", refresh)
    json.member("roundTrip", roundTrip)
    json.member("seed", seed)
    json.member("speed", speed)
    json.member("start", start)
    json.member("timeLimit", timeLimit)
    json.member("timeout", timeout)
    json.member("top", top)
    json.member("tz", tz)
    json.member("units", units?.rawValue)
    json.member("unknownHours", unknownHours?.rawValue)
    json.member("verify", verify)
    json.member("verifyTimeLimit", verifyTimeLimit)
    json.member("waitWeight", waitWeight)
  }
}

extension TripDay: CompactJSONWritable {
  public func write(to json: inout CompactJSON) {
    json.member("end", end)
    json.member("start", start)
  }
}
