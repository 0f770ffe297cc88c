import Testing

/// Every suite that solves with GLPK, nested here so that they run one at a
/// time: GLPK is not re-entrant (the library serializes it too).
@Suite(.serialized) enum GLPKTests {}
