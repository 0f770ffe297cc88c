import Foundation

/// Rows of cells as aligned text columns, for the tables and lists the
/// commands print.
public enum TextColumns {
  /// Each column padded to its widest cell, cells made safe for a terminal
  /// and cut at 40 characters (but the last, left whole), trailing spaces dropped.
  ///
  /// - Complexity: O(total number of characters).
  public static func align(_ rows: [[String]]) -> [String] {
    let cells = rows.map { row in
      row.enumerated().map { column, cell in
        let clean = TerminalText.clean(cell)
        return clean.count > 40 && column < row.count - 1
          ? clean.prefix(39).trimmingCharacters(in: .whitespaces) + "…" : clean
      }
    }
    let widths = (0..<(cells.map(\.count).max() ?? 0)).map { column in
      cells.map { column < $0.count ? $0[column].count : 0 }.max() ?? 0
    }
    return cells.map { row in
      let line = row.enumerated().map { column, cell in
        cell + String(repeating: " ", count: widths[column] - cell.count)
      }.joined(separator: "  ")
      return String(line.reversed().drop { $0 == " " }.reversed())
    }
  }
}
