/// How good a place is, before distance is counted.
public enum Scoring {
  /// The weight of the prior in the Bayesian rating, in reviews.
  public static let priorReviews = 10.0
  /// The rating a place is assumed to have before any review.
  public static let priorRating = 3.0

  /// The place's explicit score, or else its Bayesian rating
  /// `(v * r + m * c0) / (v + m)` with `m = 10`, `c0 = 3.0`.
  ///
  /// A missing rating counts as `c0`, a missing review count as 0, so a place
  /// nobody has rated scores exactly the prior.
  public static func score(of place: Place) -> Double {
    if let score = place.score { return score }
    let rating = place.rating ?? priorRating
    let reviews = Double(max(0, place.reviewCount ?? 0))
    return (reviews * rating + priorReviews * priorRating) / (reviews + priorReviews)
  }
}
