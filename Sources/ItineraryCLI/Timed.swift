import ItineraryCore

/// Runs `body` and returns its result with the milliseconds it took.
func timed<T, E: Error>(_ body: () throws(E) -> T) throws(E) -> (T, Double) {
  let clock = ContinuousClock()
  let start = clock.now
  let result = try body()
  return (result, (clock.now - start).seconds * 1000)
}
