/// How good a place is, before distance is counted, on one scale whatever
/// the source: 1 to 5 like a star rating, 3.00 being a place nothing is
/// known about. Where the number comes from is `ScoreSource`.
///
/// - Ratings (Yelp, Foursquare's halved to 0-5): the Bayesian rating below,
///   so a few reviews move a place only a little from 3.00.
/// - Map notability (OpenStreetMap): `3 + 2 * tanh(points / 200)`, the points
///   being what the map says about the place (`MapNotability` in
///   ItineraryPlaces, the rules in `fixtures/categories.json`): not a rating,
///   but how much the map says people seek the place out.
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
