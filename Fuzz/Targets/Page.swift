import Foundation
import ItineraryCore
import ItineraryFormats
import ItineraryOutput
import ItineraryPlaces
import ItineraryPlanning
import ItineraryWebPage

/// A response with two timed plans of three stops, solved once: the fuzzed
/// texts are written into its places, the way a city's or a provider's
/// names, addresses and opening hours reach `plan --format html`.
let baseResponse: PlanResponse = {
  let instance = """
    {"version": 1, "origin": {"lat": 60.1699, "lon": 24.9384},
     "categories": ["restaurant", "park", "museum"], "start": "2026-12-01T14:00",
     "timeZone": "Europe/Helsinki",
     "places": [
       {"id": "a", "categories": ["restaurant"], "lat": 60.17, "lon": 24.94, "address": "A 1"},
       {"id": "b", "categories": ["park"], "lat": 60.171, "lon": 24.942},
       {"id": "c", "categories": ["museum"], "lat": 60.169, "lon": 24.939},
       {"id": "d", "categories": ["park", "museum"], "lat": 60.172, "lon": 24.945}]}
    """
  do {
    let problem = try InstanceFile.decode(Data(instance.utf8), source: "page.json")
    var settings = SolveSettings()
    settings.top = 2
    return try PlanningPipeline(environment: [:]).solve(
      SolveRequest(instance: problem, settings: settings))
  } catch {
    fatalError("the base response: \(error)")
  }
}()

/// The page the data is put into, with a marker where each part of it goes.
let markedPage = WebPage.document(
  responseJSON: Data("\"PLAN-MARK\"".utf8), background: .tiles(url: "MAP-MARK", attribution: ""))

/// Each fuzzed text, one a line, in turn becomes a place's name, id,
/// category, address, opening hours, kind, photo and directions link, the
/// response's reason and provider, and the tile server's URL and credit.
/// The page must hold the data only inside its two JSON script elements,
/// with no `<` there, and their JSON must read back as exactly the data.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzPage(_ bytes: UnsafePointer<UInt8>, _ count: Int) -> CInt {
  let text = String(decoding: UnsafeBufferPointer(start: bytes, count: count), as: UTF8.self)
  let texts = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
  var next = 0
  func take() -> String {
    defer { next += 1 }
    return texts[next % texts.count]
  }
  var response = baseResponse
  for plan in response.plans.indices {
    for stop in response.plans[plan].stops.indices {
      var place = response.plans[plan].stops[stop]
      place.name = take()
      place.id = take()
      place.category = take()
      place.address = take()
      place.openingHours = take()
      place.kind = take()
      place.directions = take()
      place.photoURL = take()
      place.photos = [
        Photo(
          id: take(), url: take(), thumbnail: take(), width: 1, height: 1, author: take(),
          licence: take(), attribution: take(), source: take())
      ]
      response.plans[plan].stops[stop] = place
    }
  }
  response.reason = take()
  response.categories = response.categories.map { _ in take() }
  response.provider = decoded(["id": take(), "description": take(), "places": 4])
  let (url, attribution) = (take(), take())

  let page: String
  let json: Data
  do {
    json = try ResponseJSON.encode(response)
    page = String(
      decoding: try PlanPage.render(response, background: .tiles(url: url, attribution: attribution)),
      as: UTF8.self)
  } catch {
    fatalError("a response with finite numbers did not render: \(error.message)")
  }
  let (mapData, planData, shell) = split(page)
  guard shell == split(markedPage).shell else {
    fatalError("the page differs outside its data: the data broke out of its script elements")
  }
  for data in [mapData, planData] where data.contains("<") {
    fatalError("a raw '<' in the page's data: \(data.debugDescription)")
  }
  guard let read = try? ResponseJSON.decode(Data(planData.utf8), source: "page"), read == response
  else {
    fatalError("the page's plan data does not read back as the response")
  }
  guard
    let parsed = try? JSONSerialization.jsonObject(with: Data(planData.utf8)) as? NSDictionary,
    let original = try? JSONSerialization.jsonObject(with: json) as? NSDictionary,
    parsed == original
  else {
    fatalError("the page's plan data is not the response's JSON")
  }
  guard
    let map = try? JSONSerialization.jsonObject(with: Data(mapData.utf8)) as? [String: Any],
    let tiles = map["tiles"] as? [String: Any], map.count == 1,
    tiles["url"] as? String == url, tiles["attribution"] as? String == attribution
  else {
    fatalError("the page's map data does not read back as the tile server: \(mapData.debugDescription)")
  }
  return 0
}

/// A value read from the JSON of `object`, as a saved response holds it.
func decoded<Value: Decodable>(_ object: [String: Any]) -> Value {
  do {
    return try JSONDecoder().decode(Value.self, from: JSONSerialization.data(withJSONObject: object))
  } catch {
    fatalError("cannot make a \(Value.self): \(error)")
  }
}

/// The texts of the map and plan data elements, and the page with each
/// replaced by a marker.
func split(_ page: String) -> (map: String, plan: String, shell: String) {
  var shell = page
  var found: [String] = []
  for id in ["map-data", "plan-data"] {
    let open = "<script type=\"application/json\" id=\"\(id)\">"
    guard let start = shell.range(of: open),
      let end = shell.range(of: "</script>", range: start.upperBound..<shell.endIndex)
    else {
      fatalError("the page has no \(id) element")
    }
    found.append(String(shell[start.upperBound..<end.lowerBound]))
    shell.replaceSubrange(start.upperBound..<end.lowerBound, with: "DATA")
  }
  return (found[0], found[1], shell)
}
