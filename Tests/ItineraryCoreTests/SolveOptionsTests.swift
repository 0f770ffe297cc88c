import ItineraryCore
import Testing

@Suite struct SolveOptionsTests {
  @Test func aZeroTimeLimitHasPassedAtOnce() {
    #expect(SolveOptions(timeLimit: .zero).deadline().hasPassed)
    #expect(Deadline(after: .seconds(-5)).hasPassed)
  }

  @Test func aLongLimitHasNotPassed() {
    #expect(!SolveOptions().deadline().hasPassed)
    #expect(!Deadline(after: .seconds(Int64.max)).hasPassed)
  }

  @Test func aCancellationStopsAnyDeadline() {
    let cancellation = Cancellation()
    let deadline = SolveOptions(timeLimit: .seconds(3600), cancellation: cancellation).deadline()
    #expect(!deadline.hasPassed)
    cancellation.cancel()
    #expect(deadline.hasPassed && cancellation.isCancelled)
    #expect(deadline.fraction(0.5).hasPassed)
  }

  @Test func aStoppableDeadlineStopsAloneOrWithItsWhole() {
    let whole = Cancellation()
    let deadline = Deadline(after: .seconds(3600), cancellation: whole)
    let (part, stop) = deadline.stoppable()
    #expect(part.instant == deadline.instant && !part.hasPassed)
    stop.cancel()
    #expect(part.hasPassed && !deadline.hasPassed && !whole.isCancelled)
    let (other, _) = deadline.stoppable()
    #expect(!other.hasPassed)
    whole.cancel()
    #expect(other.hasPassed && deadline.hasPassed)
  }

  @Test func aFractionIsNoLaterThanTheWhole() {
    let deadline = Deadline(after: .seconds(100))
    #expect(deadline.fraction(0.5).instant < deadline.instant)
    #expect(deadline.fraction(0).hasPassed)
  }

  @Test func oneThreadUnlessAsked() {
    #expect(SolveOptions().threads == 1)
    #expect(SolveOptions(threads: 4).threads == 4)
    #expect(SolveOptions(threads: 0).threads == 1)
  }

  @Test func durationsConvertToSeconds() {
    #expect(Duration.milliseconds(1500).seconds == 1.5)
    #expect(Duration.seconds(-2).seconds == -2)
  }
}
