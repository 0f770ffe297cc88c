import CGLPK
import ItineraryCore
import Synchronization

/// The one lock every use of GLPK goes through: GLPK keeps global state and
/// is not re-entrant, so two problems must never be worked on at once.
enum GLPK {
  private static let lock = Mutex(())

  /// Runs `body` while no other thread uses GLPK, with its terminal output off.
  static func serialized<Result: Sendable, Failure: Error>(
    _ body: () throws(Failure) -> Result
  ) throws(Failure) -> Result {
    try lock.withLock { _ throws(Failure) -> Result in
      glp_term_out(GLP_OFF)
      return try body()
    }
  }
}

/// A mixed-integer program: one GLPK problem object, owned.
///
/// Created empty in `init` and deleted in `deinit`; only use it inside
/// `GLPK.serialized`, and never let it escape from there. Columns and rows
/// are numbered from 1, as in GLPK. Every variable is binary unless made
/// continuous; the objective is maximized.
final class GLPKProblem {
  /// A linear constraint `lower <= sum(coefficients) <= upper`.
  struct Row {
    enum Bound {
      case fixed(Double)
      case upper(Double)
      case lower(Double)
    }

    /// Column numbers and their coefficients.
    var terms: [(column: Int32, coefficient: Double)]
    var bound: Bound
  }

  /// How a solve ended.
  enum Outcome {
    /// An optimal integer solution: its objective and the value of every
    /// column (`values[j - 1]` for column `j`).
    case optimal(objective: Double, values: [Double])
    /// No integer solution exists.
    case infeasible
    /// The time limit ran out before optimality was proven.
    case timeLimit
  }

  private let pointer: OpaquePointer
  private(set) var columnCount: Int32 = 0

  init() {
    pointer = glp_create_prob()
    glp_set_obj_dir(pointer, GLP_MAX)
  }

  deinit { glp_delete_prob(pointer) }

  /// Adds binary columns with these objective coefficients.
  ///
  /// - Returns: the number of the first new column.
  @discardableResult
  func addBinaryColumns(objective: [Double]) -> Int32 {
    let first = addColumns(objective: objective)
    for column in first..<(first + Int32(objective.count)) {
      glp_set_col_kind(pointer, column, GLP_BV)
    }
    return first
  }

  /// Adds continuous columns bounded by `bounds`, with these objective
  /// coefficients.
  ///
  /// - Returns: the number of the first new column.
  @discardableResult
  func addContinuousColumns(objective: [Double], bounds: ClosedRange<Double>) -> Int32 {
    let first = addColumns(objective: objective)
    for column in first..<(first + Int32(objective.count)) {
      // GLPK refuses a double bound whose ends meet: that is a fixed column.
      let kind = bounds.lowerBound == bounds.upperBound ? GLP_FX : GLP_DB
      glp_set_col_bnds(pointer, column, kind, bounds.lowerBound, bounds.upperBound)
    }
    return first
  }

  private func addColumns(objective: [Double]) -> Int32 {
    guard !objective.isEmpty else { return columnCount + 1 }
    let first = glp_add_cols(pointer, Int32(objective.count))
    for (offset, coefficient) in objective.enumerated() {
      glp_set_obj_coef(pointer, first + Int32(offset), coefficient)
    }
    columnCount += Int32(objective.count)
    return first
  }

  /// Adds the model's constraints in one `glp_load_matrix` call, which
  /// replaces any matrix loaded before: call it once, before `addRow`.
  ///
  /// - Complexity: O(number of rows + number of nonzero coefficients).
  func loadRows(_ rows: [Row]) {
    guard !rows.isEmpty else { return }
    let first = glp_add_rows(pointer, Int32(rows.count))
    // GLPK reads its arrays from index 1: element 0 is a placeholder.
    var rowIndices: [Int32] = [0]
    var columnIndices: [Int32] = [0]
    var values: [Double] = [0]
    for (offset, row) in rows.enumerated() {
      let number = first + Int32(offset)
      Self.setBound(row.bound, ofRow: number, in: pointer)
      for term in row.terms {
        rowIndices.append(number)
        columnIndices.append(term.column)
        values.append(term.coefficient)
      }
    }
    glp_load_matrix(pointer, Int32(values.count - 1), rowIndices, columnIndices, values)
  }

  /// Adds one more constraint to a model that is already loaded.
  func addRow(_ row: Row) { Self.addRow(row, to: pointer) }

  private static func addRow(_ row: Row, to pointer: OpaquePointer) {
    let number = glp_add_rows(pointer, 1)
    Self.setBound(row.bound, ofRow: number, in: pointer)
    let columns: [Int32] = [0] + row.terms.map(\.column)
    let values: [Double] = [0] + row.terms.map(\.coefficient)
    glp_set_mat_row(pointer, number, Int32(row.terms.count), columns, values)
  }

  /// Solves the program: the LP relaxation by the simplex method first, from
  /// the last basis (so a solve after `addRow` starts warm), then branch and
  /// cut from that basis.
  ///
  /// - Parameters:
  ///   - deadline: when to give up, or `nil` for no limit; passed to GLPK
  ///     as `tm_lim`.
  ///   - lazyRows: constraints left out of the model, generated on demand:
  ///     given the value of every column of an LP solution (`value(j)`), the
  ///     violated ones. It must return a violated row for every integer
  ///     solution the model does not accept.
  /// - Complexity: exponential in the worst case, as any integer program.
  func solve(
    until deadline: ContinuousClock.Instant?,
    lazyRows: ((_ value: (Int32) -> Double) -> [Row])? = nil
  ) throws(ItineraryError) -> Outcome {
    guard let simplexLimit = Self.milliseconds(until: deadline) else { return .timeLimit }
    var simplex = glp_smcp()
    glp_init_smcp(&simplex)
    simplex.msg_lev = GLP_MSG_OFF
    simplex.meth = GLP_DUALP
    simplex.tm_lim = simplexLimit
    var code = glp_simplex(pointer, &simplex)
    if code == GLP_EBADB || code == GLP_ESING || code == GLP_ECOND {
      // The last basis no longer fits the model: start again from a fresh one.
      glp_adv_basis(pointer, 0)
      code = glp_simplex(pointer, &simplex)
    }
    switch code {
    case 0: break
    case GLP_ETMLIM: return .timeLimit
    default: throw Self.failure("glp_simplex", code: code)
    }
    switch glp_get_status(pointer) {
    case GLP_OPT: break
    case GLP_NOFEAS: return .infeasible
    case let status: throw Self.failure("glp_simplex ended with status", code: status)
    }

    guard let branchLimit = Self.milliseconds(until: deadline) else { return .timeLimit }
    var branch = glp_iocp()
    glp_init_iocp(&branch)
    branch.msg_lev = GLP_MSG_OFF
    branch.tm_lim = branchLimit
    // The LP basis is already optimal; the presolver would discard it.
    branch.presolve = GLP_OFF
    branch.mip_gap = 0
    let generator = lazyRows.map(LazyRowGenerator.init)
    if let generator {
      // Solutions found by rounding would bypass the lazy rows.
      branch.sr_heur = GLP_OFF
      branch.fp_heur = GLP_OFF
      branch.ps_heur = GLP_OFF
      branch.cb_func = LazyRowGenerator.callback
      branch.cb_info = Unmanaged.passUnretained(generator).toOpaque()
    }
    code = withExtendedLifetime(generator) { glp_intopt(pointer, &branch) }
    switch code {
    case 0: break
    case GLP_ETMLIM: return .timeLimit
    case GLP_ENOPFS: return .infeasible
    default: throw Self.failure("glp_intopt", code: code)
    }
    switch glp_mip_status(pointer) {
    case GLP_OPT:
      let values = (0..<columnCount).map { glp_mip_col_val(pointer, $0 + 1) }
      return .optimal(objective: glp_mip_obj_val(pointer), values: values)
    case GLP_NOFEAS: return .infeasible
    case let status: throw Self.failure("glp_intopt ended with status", code: status)
    }
  }

  /// The time left until `deadline` in whole milliseconds, at least 1, as
  /// GLPK takes it; `Int32.max` (GLPK's "no limit") without a deadline; `nil`
  /// when the deadline has passed.
  private static func milliseconds(until deadline: ContinuousClock.Instant?) -> Int32? {
    guard let deadline else { return Int32.max }
    let left = ContinuousClock.now.duration(to: deadline)
    guard left > .zero else { return nil }
    let millis = (left.seconds * 1000).rounded(.down)
    return Int32(min(Double(Int32.max - 1), max(1, millis)))
  }

  private static func setBound(_ bound: Row.Bound, ofRow row: Int32, in pointer: OpaquePointer) {
    switch bound {
    case .fixed(let value): glp_set_row_bnds(pointer, row, GLP_FX, value, value)
    case .upper(let value): glp_set_row_bnds(pointer, row, GLP_UP, 0, value)
    case .lower(let value): glp_set_row_bnds(pointer, row, GLP_LO, value, 0)
    }
  }

  private static func failure(_ what: String, code: Int32) -> ItineraryError {
    ItineraryError(.failure, "GLPK: \(what) \(code) (see glpk.h)")
  }

  /// The context of GLPK's branch-and-cut callback: adds the lazy rows to the
  /// subproblem GLPK is working on whenever it asks for rows.
  private final class LazyRowGenerator {
    let rows: (_ value: (Int32) -> Double) -> [Row]

    init(_ rows: @escaping (_ value: (Int32) -> Double) -> [Row]) { self.rows = rows }

    static let callback: @convention(c) (OpaquePointer?, UnsafeMutableRawPointer?) -> Void = {
      tree, info in
      guard let tree, let info, glp_ios_reason(tree) == GLP_IROWGEN,
        let subproblem = glp_ios_get_prob(tree)
      else { return }
      let generator = Unmanaged<LazyRowGenerator>.fromOpaque(info).takeUnretainedValue()
      for row in generator.rows({ glp_get_col_prim(subproblem, $0) }) {
        GLPKProblem.addRow(row, to: subproblem)
      }
    }
  }
}
