import ItineraryCore

extension PlaceQuery {
  /// Refuses a query whose category the provider has no ids for (plaques
  /// at Yelp and Foursquare), rather than search every category.
  ///
  /// - Throws: `ItineraryError` (unavailable), naming the provider and the category.
  func requireCategoryIDs(_ ids: [String], provider: String) throws(ItineraryError) {
    guard !ids.isEmpty else {
      throw ItineraryError(.unavailable, "\(provider) has no category for \(category.name)")
    }
  }
}
