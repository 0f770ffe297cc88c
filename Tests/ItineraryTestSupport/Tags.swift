import Testing

extension Tag {
  /// Tests that take seconds each: soaks under faults, sweeps of whole
  /// processes, exact proofs and large sizes. They sit in suites named
  /// `Slow`, tagged with this, since `swift test --filter` and `--skip`
  /// select tests by id (`Module.Suite/Slow/test()`), not by tag:
  /// `scripts/test` leaves them out, `scripts/test --slow` runs only them.
  @Tag public static var slow: Self
}
