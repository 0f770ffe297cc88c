/// Small benchmark files that every front end's tests solve, each proven
/// optimal at once, so that their answers do not depend on the clock.
public enum BenchmarkTexts {
  /// An OPTW file: a depot and three customers on a line, 10 units apart;
  /// customer 3 opens too late to come back by the budget. The best trip
  /// visits 1 and 2 for a score of 30.
  public static let line = """
    1 1 3 1
    0 0
     0 0 0 0 0 0 0 0 100
     1 10 0 5 10 0 0 0 60
     2 20 0 5 20 0 0 0 60
     3 30 0 5 50 0 0 85 90

    """

  /// A GTSPLIB file: four nodes in two clusters under an explicit matrix.
  public static let square = """
    NAME : square
    TYPE : GTSP
    DIMENSION : 4
    GTSP_SETS : 2
    EDGE_WEIGHT_TYPE : EXPLICIT
    EDGE_WEIGHT_FORMAT : FULL_MATRIX
    EDGE_WEIGHT_SECTION
    0 1 2 3
    1 0 4 5
    2 4 0 6
    3 5 6 0
    GTSP_SET_SECTION
    1 1 2 -1
    2 3 4 -1
    EOF

    """
}
