import Dispatch
import ItineraryCore
import Synchronization

/// Solves an orienteering instance as well as it can within a time limit:
/// the heuristic finds a good trip from scratch; with one route, the
/// heuristic goes on from that trip on the other threads while this one
/// builds a route by `OrienteeringBeamSearch`, has the heuristic improve it
/// for a while, and the exact labelling (`OrienteeringLabelling`), pruned
/// by the better of the two trips, proves it optimal or replaces it with
/// the optimum; when the proof gives up or runs out of its share, the
/// heuristic has the rest of the time.
///
/// With one route, the beam search's route and the heuristic's trip from
/// scratch lie in different parts of the search space, and a search stays
/// near where it starts. On the Cordeau files the beam's route is the way
/// to the best route on some (pr19: 560 within a few dozen iterations
/// from it, 488 to 560 from scratch), a dead end on others (pr20: 650 from
/// it, where searches from scratch go on to 652 on most seeds). So each
/// start has its own search, and the search beside the proof goes on from
/// the heuristic's own trip.
///
/// With two routes or more, in the second half of the time, the heuristic's
/// first search has its best trips polished route by route
/// (`OrienteeringRoutePolish`) while the other searches go on. A trip that
/// collects every score is optimal, whatever the number of routes.
///
/// The heuristic works on the instance with the way back free where it
/// binds nothing (`OrienteeringInstance.withFreeReturns`): the same trips,
/// with routes that end at their last visit wherever the day's end cannot
/// matter (measured on the Cordeau files: better trips with three and four
/// routes, alike with two; the proof, on the other hand, takes longer
/// there, so it keeps the file's times).
///
/// The heuristic runs one search per thread of the options
/// (`SolveOptions.threads`); the proof runs on one thread, the heuristic on
/// the others meanwhile.
public enum OrienteeringSolver {
  public struct Result: Sendable {
    /// The best trip, `optimal` only when proven.
    public var trip: OrienteeringTrip
    public var heuristic: OrienteeringHeuristicResult
    /// The exact run, when there was one.
    public var exact: OrienteeringLabelling.Result?
    /// Seconds from the start to the trip returned (to the end of the proof
    /// when the proof found it).
    public var secondsToBest: Double
  }

  /// The share of the time limit the heuristic has before the proof starts.
  static let heuristicShare = 0.25
  /// With one route, the share of the time left after the heuristic's
  /// first part that beam search has to build its route (about a twentieth
  /// of the time limit), and then the heuristic to improve it (a larger
  /// share delays the proof: r104's, some 6 s of a 10 s run, then ended
  /// unproven now and then).
  static let beamShare = 0.07
  /// With two routes or more, the share of the time limit after which the
  /// heuristic's best trips are polished route by route (measured on the
  /// Cordeau files: from the start or from half the time, alike).
  static let polishStart = 0.5
  /// The share of the time left each route's proof in the polish may take.
  static let polishShare = 0.3
  /// The share of the time left the proof has; the heuristic has the rest.
  static let exactShare = 0.75
  /// Iterations without a better trip after which the heuristic leaves the
  /// rest of its share to the proof.
  static let patience = 3000

  /// The best trip found within the options' time limit, with their seed.
  ///
  /// - Complexity: bounded by the time limit; see `OrienteeringHeuristic` and
  ///   `OrienteeringLabelling`.
  public static func solve(
    _ instance: OrienteeringInstance, options: SolveOptions = SolveOptions()
  ) -> Result {
    let deadline = options.deadline()
    let clock = ContinuousClock()
    let begin = clock.now
    let heuristic = OrienteeringHeuristic(instance: instance.withFreeReturns())
    let oneRoute = instance.days.count == 1
    // Every score collected: nothing can beat it.
    let everything = instance.scores.dropFirst().reduce(0) { $0 + max($1, 0) }
    let phase = oneRoute ? deadline.fraction(heuristicShare) : deadline
    let polish = OrienteeringPolish(start: deadline.fraction(polishStart)) { routes in
      OrienteeringRoutePolish.polish(
        instance, routes: routes, memoryBudget: options.memoryBudget
      ) {
        deadline.fraction(polishShare)
      }
    }
    var found = heuristic.solve(
      seed: options.seed, until: phase, target: everything,
      patience: oneRoute ? patience : nil, threads: options.threads,
      polish: oneRoute ? nil : polish)
    let complete = found.score >= everything
    guard oneRoute, !complete, let day = instance.days.first else {
      return Result(
        trip: OrienteeringTrip(routes: found.routes, score: found.score, optimal: complete),
        heuristic: found, exact: nil, secondsToBest: found.secondsToBest)
    }
    // The beam search and the proof run on this thread; meanwhile the
    // heuristic goes on, from its best trip, on the others.
    let (meanwhile, proofEnded) = deadline.stoppable()
    let beside = Handoff<OrienteeringHeuristicResult>()
    let group = DispatchGroup()
    let besideBegins = (clock.now - begin).seconds
    if options.threads > 1 {
      let routes = found.routes
      DispatchQueue(label: "orienteering search beside the proof").async(group: group) {
        beside.value = heuristic.solve(
          seed: options.seed &+ 2, until: meanwhile, initial: routes, target: everything,
          threads: options.threads - 1)
      }
    }
    let beam = OrienteeringBeamSearch.route(
      instance, day: day, successors: OrienteeringSuccessors(instance),
      until: deadline.fraction(beamShare))
    let beamEnded = (clock.now - begin).seconds
    found.absorb(
      heuristic.solve(
        seed: options.seed &+ 3, until: deadline.fraction(beamShare), initial: [beam],
        target: everything, patience: patience),
      begunAt: beamEnded)
    let exact = OrienteeringLabelling.solve(
      instance, day: day, incumbent: found.routes.first ?? [],
      deadline: deadline.fraction(exactShare), memoryBudget: options.memoryBudget)
    proofEnded.cancel()
    group.wait()
    if let side = beside.value { found.absorb(side, begunAt: besideBegins) }
    let exactEnd = (clock.now - begin).seconds
    var secondsToBest = exact.score > found.score ? exactEnd : found.secondsToBest
    if exact.proven {
      return Result(
        trip: OrienteeringTrip(routes: [exact.route], score: exact.score, optimal: true),
        heuristic: found, exact: exact, secondsToBest: secondsToBest)
    }
    let more = heuristic.solve(
      seed: options.seed &+ 1, until: deadline,
      initial: exact.score > found.score ? [exact.route] : found.routes,
      threads: options.threads)
    let best = max(exact.score, found.score)
    if more.score > best { secondsToBest = exactEnd + more.secondsToBest }
    found.absorb(more, begunAt: exactEnd)
    let routes = exact.score > found.score ? [exact.route] : found.routes
    return Result(
      trip: OrienteeringTrip(routes: routes, score: instance.score(routes), optimal: false),
      heuristic: found, exact: exact, secondsToBest: secondsToBest)
  }

  /// A value one thread leaves for another, read after it is done.
  private final class Handoff<Value: Sendable>: Sendable {
    private let slot = Mutex<Value?>(nil)

    var value: Value? {
      get { slot.withLock { $0 } }
      set { slot.withLock { $0 = newValue } }
    }
  }
}

extension OrienteeringHeuristicResult {
  /// Counts another search's iterations and takes its trip when it scores
  /// more; `begunAt`: seconds from the start of the run to that search's.
  fileprivate mutating func absorb(_ other: Self, begunAt seconds: Double) {
    iterations += other.iterations
    guard other.score > score else { return }
    (routes, score) = (other.routes, other.score)
    secondsToBest = seconds + other.secondsToBest
  }
}
