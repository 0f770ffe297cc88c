import CMicroHTTPD

/// Gives the memory of large requests back to the system once they are
/// answered, so that a burst leaves the server near its resting size.
///
/// Each connection's thread allocates from a glibc arena of its own, and
/// glibc keeps an arena's freed memory for reuse: below its trim threshold
/// at the top of the arena, and in free chunks inside it. That threshold
/// grows with the largest block freed (up to 64 MiB), so after a burst of
/// 1 MiB `/v1/solve` bodies every arena that parsed one kept about 48 MiB:
/// 40 such bodies left the server at 480 MiB after a 540 MiB peak, all of
/// it free. Fixing the thresholds returns an arena's top past 1 MiB at once,
/// and `malloc_trim` after a large request returns the free pages inside
/// the arenas as well.
enum HeapRelease {
  /// Bodies from this size on are followed by a trim: parsing and solving
  /// one takes tens of megabytes, against a millisecond or so of trimming.
  static let largeBodyBytes = 256 << 10

  /// Fixes glibc's thresholds, which also stops it raising them: the top
  /// of an arena past 1 MiB free goes back at once, and blocks up to 32 MiB
  /// (glibc's own highest threshold) come from the arenas, as they would
  /// once a first large one was freed.
  static func configure() {
    _ = mallopt(M_TRIM_THRESHOLD, 1 << 20)
    _ = mallopt(M_MMAP_THRESHOLD, 32 << 20)
  }

  /// Returns the free memory of every arena to the system after a request
  /// whose body was large; a small one leaves the heap as it is.
  static func afterRequest(bodyBytes: Int) {
    guard bodyBytes >= largeBodyBytes else { return }
    _ = malloc_trim(0)
  }
}
