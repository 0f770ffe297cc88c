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
  public func write(to json: inout CompactJSON) { Self.schema.echo(self, to: &json) }
}

extension TripDay: CompactJSONWritable {
  public func write(to json: inout CompactJSON) {
    json.member("end", end)
    json.member("start", start)
  }
}
