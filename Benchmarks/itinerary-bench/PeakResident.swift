import Foundation

/// The peak resident memory of a process and of every process it starts,
/// read from /proc while they run (`VmHWM`, a high-water mark, so that a
/// reading now and then misses only the last moments of a process).
///
/// Not the `ru_maxrss` of `wait4`: a child spawned from this process starts
/// its count at this process's own peak (the kernel carries it across the
/// child's `exec`), so for a small child that figure is the benchmark's.
enum PeakResident {
  /// Waits for `pid` to end, reading its peak and its descendants' every
  /// `interval` seconds: its wait status, and the largest peak any of them
  /// reached, in KiB.
  ///
  /// - Complexity: one scan of /proc a reading when `descendants`, one
  ///   file otherwise.
  static func wait(for pid: pid_t, descendants: Bool, interval: Double) throws -> (
    status: Int32, kilobytes: Int
  ) {
    var peak = 0
    var status: Int32 = 0
    while true {
      let waited = waitpid(pid, &status, WNOHANG)
      if waited == pid { return (status, peak) }
      guard waited == 0 || errno == EINTR else {
        throw Suite.ProcessFailure(description: "waitpid failed: errno \(errno)")
      }
      for process in [pid] + (descendants ? Self.descendants(of: pid) : []) {
        peak = max(peak, highWater(of: process) ?? 0)
      }
      usleep(useconds_t(interval * 1e6))
    }
  }

  /// `VmHWM` of /proc/PID/status, in KiB; `nil` once the process is gone.
  private static func highWater(of pid: pid_t) -> Int? {
    guard let text = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8),
      let line = text.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") })
    else { return nil }
    return line.split(separator: " ").dropFirst().first.flatMap { Int($0) }
  }

  /// Every living process below `pid`, found by the parents /proc/*/stat
  /// names (the field after the command, which may hold spaces, in
  /// parentheses).
  private static func descendants(of pid: pid_t) -> [pid_t] {
    var children: [pid_t: [pid_t]] = [:]
    for name in (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? [] {
      guard let process = pid_t(name),
        let stat = try? String(contentsOfFile: "/proc/\(name)/stat", encoding: .utf8),
        let close = stat.lastIndex(of: ")"),
        let parent = stat[stat.index(after: close)...].split(separator: " ").dropFirst()
          .first.flatMap({ pid_t($0) })
      else { continue }
      children[parent, default: []].append(process)
    }
    var found: [pid_t] = []
    var queue = children[pid] ?? []
    while let next = queue.popLast() {
      found.append(next)
      queue += children[next] ?? []
    }
    return found
  }
}
