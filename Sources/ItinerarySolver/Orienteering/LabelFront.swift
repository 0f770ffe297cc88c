/// What a labelling's dominance needs of a label: its score (a label can
/// only be dominated by one scoring at least as much), its index in the
/// search, and the dominance rule itself, which may read shared state
/// (`Context`) such as per-label counters kept outside the label.
protocol LabelFrontEntry {
  associatedtype Context
  var score: Double { get }
  var label: Int { get }
  /// Whether this label dominates `other`, both at one vertex; it implies
  /// `score >= other.score`.
  func dominates(_ other: Self, in context: Context) -> Bool
  /// Whether this label, no earlier than `older`, dominates every label no
  /// earlier than itself that `older` dominates.
  func supersedes(_ older: Self, in context: Context) -> Bool
}

/// The labels at one vertex of a labelling that no other there dominates,
/// split by whether the search has extended them yet, each part kept by
/// score, highest first.
///
/// The labellings extend labels in order of time, and a new label leaves its
/// vertex no earlier than the one it extends, so a *settled* label (one
/// already extended) is never later than a new one: it may dominate the new
/// one but, being spent, gains nothing from being dominated. A *pending*
/// label may be either. Only a label scoring at least as much can dominate,
/// so a new label is compared with the labels of each part down to its own
/// score, and with the pending ones from its own score down when it is kept.
/// A label settling makes the settled labels it supersedes useless: they
/// are dropped, and the settled part stays short where many labels at a
/// vertex differ only in time and score.
///
/// - Complexity: `dominates` is O(labels here scoring at least as much);
///   `add` O(pending labels); `settle` O(log(labels here) + labels of equal
///   score + settled labels scoring no more), plus moving the entries
///   behind the ones inserted or removed.
struct LabelFront<Entry: LabelFrontEntry> {
  /// Extended labels, highest score first.
  private var settled: [Entry] = []
  /// Labels still waiting to be extended, highest score first.
  private var pending: [Entry] = []

  /// How many settled labels are kept.
  var settledCount: Int { settled.count }

  /// Whether a label here dominates `entry`.
  func dominates(_ entry: Entry, in context: Entry.Context) -> Bool {
    Self.anyDominates(entry, in: settled, context)
      || Self.anyDominates(entry, in: pending, context)
  }

  /// Adds `entry`, a label no label here dominates, and drops the pending
  /// labels it dominates, passing each one's index to `dropped`.
  mutating func add(_ entry: Entry, in context: Entry.Context, dropped: (Int) -> Void) {
    var kept = Self.first(in: pending) { $0.score <= entry.score }
    for index in kept..<pending.count {
      if entry.dominates(pending[index], in: context) {
        dropped(pending[index].label)
      } else {
        pending[kept] = pending[index]
        kept += 1
      }
    }
    pending.removeLast(pending.count - kept)
    pending.insert(entry, at: Self.first(in: pending) { $0.score < entry.score })
  }

  /// Moves `label`, which scores `score`, from the pending labels to the
  /// settled ones, if it is here, and drops the settled labels scoring no
  /// more that it supersedes.
  mutating func settle(_ label: Int, score: Double, in context: Entry.Context) {
    var index = Self.first(in: pending) { $0.score <= score }
    while index < pending.count, pending[index].score == score, pending[index].label != label {
      index += 1
    }
    guard index < pending.count, pending[index].label == label else { return }
    let entry = pending.remove(at: index)
    let at = Self.first(in: settled) { $0.score <= score }
    var kept = at
    for index in at..<settled.count where !entry.supersedes(settled[index], in: context) {
      settled[kept] = settled[index]
      kept += 1
    }
    settled.removeLast(settled.count - kept)
    settled.insert(entry, at: at)
  }

  /// Whether an entry of `entries` (highest score first) dominates `entry`.
  private static func anyDominates(
    _ entry: Entry, in entries: [Entry], _ context: Entry.Context
  ) -> Bool {
    for old in entries {
      if old.score < entry.score { return false }
      if old.dominates(entry, in: context) { return true }
    }
    return false
  }

  /// The first index of `entries` (highest score first) where `isPast`
  /// holds, `isPast` holding from some index on.
  ///
  /// - Complexity: O(log n).
  private static func first(in entries: [Entry], where isPast: (Entry) -> Bool) -> Int {
    var low = 0
    var high = entries.count
    while low < high {
      let middle = (low + high) / 2
      if isPast(entries[middle]) { high = middle } else { low = middle + 1 }
    }
    return low
  }
}

extension LabelFront where Entry.Context == Void {
  /// Whether a label here dominates `entry`.
  func dominates(_ entry: Entry) -> Bool { dominates(entry, in: ()) }

  /// Adds `entry` and drops the pending labels it dominates (see above).
  mutating func add(_ entry: Entry, dropped: (Int) -> Void) {
    add(entry, in: (), dropped: dropped)
  }

  /// Settles `label` (see above).
  mutating func settle(_ label: Int, score: Double) { settle(label, score: score, in: ()) }
}
