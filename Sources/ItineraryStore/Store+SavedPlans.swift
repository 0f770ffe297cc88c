import Foundation
import ItineraryCore

/// A plan kept under a name of its own choosing.
public struct SavedPlan: Sendable, Equatable {
  /// Unique in the store, ignoring ASCII case.
  public var name: String
  /// One line for lists.
  public var summary: String
  public var createdAt: Date
  /// When it was last saved over (`createdAt` if never).
  public var updatedAt: Date
  /// The plan as JSON, opaque to the store.
  public var payload: Data
}

extension Store {
  /// Saves a plan under `name`.
  ///
  /// - Parameter replace: overwrite a plan of that name (keeping when it was
  ///   first saved) instead of failing.
  /// - Throws: `ItineraryError` (usage) for an invalid name, (data) when the
  ///   name is taken and `replace` is false.
  @discardableResult
  public func savePlan(
    named name: String, payload: Data, summary: String, replace: Bool = false,
    at time: Date = Date()
  ) throws(ItineraryError) -> SavedPlan {
    let name = try StoreName.validated(name, "plan name")
    let now = Date(timeIntervalSince1970: time.timeIntervalSince1970)
    return try write { database in
      let existing = try Self.plan(named: name, database)
      if let existing, !replace { throw Self.planNameTaken(existing.name, replaceable: true) }
      let plan = SavedPlan(
        name: name, summary: summary, createdAt: existing?.createdAt ?? now, updatedAt: now,
        payload: payload)
      try database.run("DELETE FROM saved_plans WHERE name = ?", [.text(name)])
      try database.run(
        "INSERT INTO saved_plans (name, summary, created_at, updated_at, payload) VALUES (?, ?, ?, ?, ?)",
        [
          .text(plan.name), .text(plan.summary), .date(plan.createdAt), .date(plan.updatedAt),
          .blob(plan.payload),
        ])
      return plan
    }
  }

  /// Every saved plan, by name.
  public func savedPlans() throws(ItineraryError) -> [SavedPlan] {
    try perform { database in
      try database.rows("\(Self.planColumns) ORDER BY name", [], Self.savedPlan)
    }
  }

  /// The plan saved as `name` (ignoring ASCII case).
  ///
  /// - Throws: `ItineraryError` (data) naming it, with near matches, when there is none.
  public func savedPlan(named name: String) throws(ItineraryError) -> SavedPlan {
    try perform { database in
      guard let plan = try Self.plan(named: name, database) else {
        throw try Self.noPlan(name, database)
      }
      return plan
    }
  }

  /// Gives the plan saved as `name` the name `newName`.
  ///
  /// - Throws: `ItineraryError` (usage) for an invalid new name, (data) when
  ///   there is no such plan or the new name is another plan's.
  public func renamePlan(_ name: String, to newName: String) throws(ItineraryError) {
    let newName = try StoreName.validated(newName, "plan name")
    try write { database in
      guard let plan = try Self.plan(named: name, database) else {
        throw try Self.noPlan(name, database)
      }
      if let other = try Self.plan(named: newName, database), other.name != plan.name {
        throw Self.planNameTaken(other.name, replaceable: false)
      }
      try database.run(
        "UPDATE saved_plans SET name = ? WHERE name = ?", [.text(newName), .text(plan.name)])
    }
  }

  /// Deletes the plan saved as `name`.
  ///
  /// - Throws: `ItineraryError` (data) naming it, with near matches, when there is none.
  public func deletePlan(named name: String) throws(ItineraryError) {
    try write { database in
      try database.run("DELETE FROM saved_plans WHERE name = ?", [.text(name)])
      guard database.changes == 1 else { throw try Self.noPlan(name, database) }
    }
  }

  private static let planColumns =
    "SELECT name, summary, created_at, updated_at, payload FROM saved_plans"

  private static func savedPlan(_ row: SQLiteStatement) -> SavedPlan {
    SavedPlan(
      name: row.text(0), summary: row.text(1), createdAt: row.date(2), updatedAt: row.date(3),
      payload: row.data(4))
  }

  private static func plan(named name: String, _ database: SQLiteDatabase) throws -> SavedPlan? {
    try database.rows("\(planColumns) WHERE name = ?", [.text(name)], savedPlan).first
  }

  private static func noPlan(_ name: String, _ database: SQLiteDatabase) throws -> ItineraryError {
    let names = try database.rows("SELECT name FROM saved_plans") { $0.text(0) }
    return StoreName.unknown(name, "saved plan", known: names)
  }

  private static func planNameTaken(_ name: String, replaceable: Bool) -> ItineraryError {
    ItineraryError(
      .data,
      "a saved plan named \"\(name)\" already exists"
        + (replaceable ? " (save with --replace to overwrite it)" : ""))
  }
}
