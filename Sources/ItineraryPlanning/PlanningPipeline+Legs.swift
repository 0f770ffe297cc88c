import ItineraryCore

extension PlanningPipeline {
  /// Tells the person how many places have opening hours that cannot be
  /// read (counted by the candidates' source, else among `places`).
  func warnUnreadableHours(_ candidates: Candidates, among places: [Place]) {
    let unreadable = candidates.unreadableHours ?? TimeStep.unreadableHours(places)
    guard unreadable > 0 else { return }
    let counted = unreadable == 1 ? "1 place has" : "\(unreadable) places have"
    notify(.warning("\(counted) opening hours that cannot be read: taken as unknown"))
  }

  /// The legs between the origin and `places` along the city's streets, with
  /// their paths, when `measure` says so; `nil` for both otherwise.
  ///
  /// - Complexity: that of `StreetStep.run`.
  func streetLegs(
    _ measure: LegMeasure, origin: Coordinate, places: [Place], resolved: ResolvedRequest,
    source: CandidateSource
  ) throws(ItineraryError) -> (streets: StreetStep?, roads: RoadTable?) {
    guard case .network(let network) = measure else { return (nil, nil) }
    let run = try StreetStep.run(
      origin: origin, places: places, network: network, mode: resolved.mode,
      speedKmh: resolved.speedKmh, source: source, notify: notify)
    return (run.step, run.roads)
  }
}
