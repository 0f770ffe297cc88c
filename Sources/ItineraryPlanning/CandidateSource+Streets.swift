import ItineraryCore
import ItineraryPlaces
import ItineraryStreets

/// How a request's legs are measured.
enum LegMeasure {
  case straight
  case network(StreetNetwork)
  case osrm
}

extension CandidateSource {
  /// The embedded city's streets, read once per process.
  private static let embeddedStreets: Result<StreetNetwork?, ItineraryError> = Result {
    () throws(ItineraryError) in try EmbeddedCity.helsinki.file.streets()
  }

  /// The source's street network: a city's, when it has one; `nil` for a
  /// live provider.
  ///
  /// - Complexity: O(size of the network) the first time it is read.
  func streets() throws(ItineraryError) -> StreetNetwork? {
    switch self {
    case .embedded: try Self.embeddedStreets.get()
    case .imported(let file): try file.streets()
    case .live: nil
    }
  }

  /// The source, for messages.
  var name: String {
    switch self {
    case .embedded(let city): "the embedded city (\(city.name))"
    case .imported(let file): "the imported city \(file.summary.name)"
    case .live(let provider): provider.rawValue
    }
  }
}
