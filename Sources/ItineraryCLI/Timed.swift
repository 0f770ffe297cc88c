/// Runs `body` and returns its result with the milliseconds it took.
func timed<T, E: Error>(_ body: () throws(E) -> T) throws(E) -> (T, Double) {
  let clock = ContinuousClock()
  let start = clock.now
  let result = try body()
  let elapsed = clock.now - start
  let millis =
    Double(elapsed.components.seconds) * 1000 + Double(elapsed.components.attoseconds) / 1e15
  return (result, millis)
}
