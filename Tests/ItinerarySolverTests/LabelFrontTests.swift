import ItineraryCore
import Testing

@testable import ItinerarySolver

/// A labelling's front at one vertex, driven as the search drives it
/// (labels settled earliest first, new ones no earlier than the last
/// settled), against a plain list of every label it was given.
@Suite struct LabelFrontTests {
  typealias Entry = TripLabelEntry
  typealias Front = LabelFront<Entry>

  /// Dominance as on a benchmark file: no prices, pace or categories.
  static var plain: Entry.Context {
    Entry.Context(
      waitWeight: 0, comparesStops: false, compared: 0..<0,
      counts: UnsafeBufferPointer(start: nil, count: 0))
  }

  static func entry(time: Double, score: Double, memory: UInt32, label: Int) -> Entry {
    Entry(
      time: time, score: score, unavailable: CriticalSet(), memory: memory, countsStart: 0,
      stops: 0, meals: 0, label: label)
  }

  /// Dominance is transitive, so a label some given label dominates is also
  /// dominated by one the front kept: the front answers as the whole list
  /// does, and drops exactly the waiting labels a new one dominates, while
  /// it keeps fewer settled labels than were settled. Plain labels first.
  @Test(arguments: 0..<40)
  func thePlainFrontAnswersAsEveryLabelGiven(seed: Int) {
    let seed = UInt64(seed) &* 7919 &+ 3
    print("front seed \(seed)")
    Self.drive(seed: seed, context: Self.plain, time: \.time) { random, now, label in
      var unavailable = CriticalSet()
      for bit in 0..<4 where random.below(3) == 0 { unavailable.insert(bit * 40) }
      return Entry(
        time: now + Double(random.below(40)), score: Double(random.below(30)),
        unavailable: unavailable, memory: UInt32(random.below(8)), countsStart: 0, stops: 0,
        meals: 0, label: label)
    }
  }

  /// The same with waiting weighed (an earlier label pays for waiting until
  /// a later one's time), the pace and meals compared, and stops counted
  /// per category.
  @Test(arguments: 0..<20)
  func theTripFrontAnswersAsEveryLabelGiven(seed: Int) {
    let seed = UInt64(seed) &* 104_729 &+ 11
    print("trip front seed \(seed)")
    var random = SplitMix64(seed: seed)
    // Two categories: each label's stops, at 2 * label.
    let counts = (0..<800).map { _ in UInt8(random.below(3)) }
    counts.withUnsafeBufferPointer { counts in
      let context = TripLabelEntry.Context(
        waitWeight: 0.25, comparesStops: true, compared: 0..<2, counts: counts)
      Self.drive(seed: seed, context: context, time: \.time) { random, now, label in
        var unavailable = CriticalSet()
        for bit in 0..<3 where random.below(3) == 0 { unavailable.insert(bit * 50) }
        return TripLabelEntry(
          time: now + Double(random.below(40)), score: Double(random.below(30)),
          unavailable: unavailable, memory: UInt32(random.below(4)), countsStart: 2 * label,
          stops: random.below(3), meals: UInt8(random.below(4)), label: label)
      }
    }
  }

  /// Drives a front as the search does (labels settled earliest first, new
  /// ones no earlier than the last settled) and checks it against a plain
  /// list of every label it was given.
  static func drive<Entry: LabelFrontEntry>(
    seed: UInt64, context: Entry.Context, time: (Entry) -> Double,
    entry: (inout SplitMix64, Double, Int) -> Entry
  ) {
    var random = SplitMix64(seed: seed)
    var front = LabelFront<Entry>()
    var given: [Entry] = []
    var waiting: [Entry] = []
    var now = 0.0
    var settledCount = 0
    for _ in 0..<400 {
      if !waiting.isEmpty, random.below(5) == 0,
        let next = waiting.indices.min(by: { time(waiting[$0]) < time(waiting[$1]) })
      {
        now = time(waiting[next])
        let settled = waiting.remove(at: next)
        front.settle(settled.label, score: settled.score, in: context)
        settledCount += 1
        continue
      }
      let new = entry(&random, now, given.count)
      let dominated = given.contains { $0.dominates(new, in: context) }
      #expect(front.dominates(new, in: context) == dominated)
      if dominated { continue }
      var labels: [Int] = []
      front.add(new, in: context) { labels.append($0) }
      let expected = waiting.filter { new.dominates($0, in: context) }.map(\.label)
      #expect(labels.sorted() == expected.sorted())
      waiting.removeAll { new.dominates($0, in: context) }
      waiting.append(new)
      given.append(new)
    }
    // The run met both cases: labels dominated and labels kept.
    #expect(given.count >= 10)
    #expect(given.count < 400)
    #expect(front.settledCount < settledCount)
  }

  /// A new label drops the waiting labels it dominates, not the settled
  /// ones (spent already); settling a label the front does not hold (the
  /// depot's first label) changes nothing.
  @Test func aNewLabelDropsOnlyTheWaitingOnesItDominates() {
    let plain = Self.plain
    var front = Front()
    let settled = Self.entry(time: 5, score: 2, memory: 1, label: 0)
    let waiting = Self.entry(time: 8, score: 1, memory: 1, label: 1)
    front.add(settled, in: plain) { _ in Issue.record("nothing to drop") }
    front.add(waiting, in: plain) { _ in Issue.record("nothing to drop") }
    front.settle(0, score: 2, in: plain)
    front.settle(7, score: 2, in: plain)
    var dropped: [Int] = []
    let new = Self.entry(time: 5, score: 3, memory: 1, label: 2)
    #expect(!front.dominates(new, in: plain))
    front.add(new, in: plain) { dropped.append($0) }
    #expect(dropped == [1])
    var later = waiting
    later.time = 9
    #expect(front.dominates(later, in: plain))
    later.memory = 0
    #expect(!front.dominates(later, in: plain))
  }

  /// Settling finds its label among waiting labels of equal score: once
  /// settled, a later label dominating it does not drop it.
  @Test func settlingFindsItsLabelAmongEqualScores() {
    let plain = Self.plain
    var front = Front()
    for (label, memory) in [(0, 1), (1, 2)] as [(Int, UInt32)] {
      let entry = Self.entry(time: 5, score: 2, memory: memory, label: label)
      #expect(!front.dominates(entry, in: plain))
      front.add(entry, in: plain) { _ in Issue.record("nothing to drop") }
    }
    front.settle(1, score: 2, in: plain)
    var dropped: [Int] = []
    front.add(Self.entry(time: 5, score: 3, memory: 0, label: 2), in: plain) {
      dropped.append($0)
    }
    #expect(dropped == [0])
  }
}
