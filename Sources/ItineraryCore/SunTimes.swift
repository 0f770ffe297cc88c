import Foundation

/// When the sun rises and when civil dusk falls at a place on a date,
/// computed offline as NOAA's solar calculator does, good to about a minute
/// away from the poles.
public enum SunTimes {
  /// The sun's centre below the horizon at sunrise: refraction and its
  /// radius, 0.833 degrees.
  static let sunriseZenith = 90.833
  /// The sun six degrees below the horizon: civil dusk, when it is dark
  /// enough that a park or a viewpoint is no longer a visit by day.
  static let civilDuskZenith = 96.0

  /// Daylight on `date` (the day of the place's solar noon) at
  /// `coordinate` for a visitor: from sunrise to civil dusk; the whole day
  /// when the sun never sets, `nil` when it never rises.
  ///
  /// - Complexity: O(1): three refinements of each crossing.
  public static func daylight(on date: LocalDate, at coordinate: Coordinate) -> DateInterval? {
    let midnight = Double(date.daysSinceEpoch) * 86_400
    guard let rise = minuteUTC(of: sunriseZenith, rising: true, date: date, at: coordinate),
      let dusk = minuteUTC(of: civilDuskZenith, rising: false, date: date, at: coordinate)
    else {
      // No crossing: light all day when the sun is up at solar noon, else none.
      let (equation, _) = solar(date: date, hourUTC: 12 - coordinate.lon / 15)
      let noon = Date(timeIntervalSince1970: midnight + (720 - 4 * coordinate.lon - equation) * 60)
      return elevationIsPositive(at: noon, date: date, coordinate: coordinate)
        ? DateInterval(start: noon - 43_200, duration: 86_400) : nil
    }
    let start = Date(timeIntervalSince1970: midnight + rise * 60)
    let end = Date(timeIntervalSince1970: midnight + dusk * 60)
    return end > start ? DateInterval(start: start, end: end) : nil
  }

  /// Minutes after the UTC midnight of `date` at which the sun's centre
  /// crosses `zenith` degrees, rising or setting; `nil` when it does not
  /// that day.
  static func minuteUTC(of zenith: Double, rising: Bool, date: LocalDate, at coordinate: Coordinate)
    -> Double?
  {
    // The sun's place at solar noon first, then twice more at the crossing
    // found: its declination moves enough in half a day to shift the
    // crossing by minutes near the equinoxes.
    var minute = 720 - 4 * coordinate.lon
    for _ in 0..<3 {
      let (equation, declination) = solar(date: date, hourUTC: minute / 60)
      let latitude = coordinate.lat * .pi / 180
      let cosine =
        cos(zenith * .pi / 180) / (cos(latitude) * cos(declination)) - tan(latitude)
        * tan(declination)
      guard (-1...1).contains(cosine) else { return nil }
      let hourAngle = acos(cosine) * 180 / .pi
      let sign = rising ? 1.0 : -1.0
      minute = 720 - 4 * (coordinate.lon + sign * hourAngle) - equation
    }
    return minute
  }

  /// The equation of time in minutes and the declination in radians, at an
  /// hour of `date` (UTC), from the sun's mean longitude and anomaly in
  /// Julian centuries since J2000 (Meeus' low-precision solar position, as
  /// NOAA's solar calculator computes it).
  static func solar(date: LocalDate, hourUTC: Double) -> (equation: Double, declination: Double) {
    let radians = Double.pi / 180
    let julianDay = Double(date.daysSinceEpoch) + 2_440_587.5 + hourUTC / 24
    let t = (julianDay - 2_451_545) / 36_525
    let meanLongitude =
      (280.46646 + t * (36_000.76983 + t * 0.0003032))
      .truncatingRemainder(dividingBy: 360) * radians
    let anomaly = (357.52911 + t * (35_999.05029 - 0.0001537 * t)) * radians
    let eccentricity = 0.016708634 - t * (0.000042037 + 0.0000001267 * t)
    let centre =
      sin(anomaly) * (1.914602 - t * (0.004817 + 0.000014 * t)) + sin(2 * anomaly)
      * (0.019993 - 0.000101 * t) + sin(3 * anomaly) * 0.000289
    let node = (125.04 - 1934.136 * t) * radians
    let apparentLongitude = meanLongitude + (centre - 0.00569 - 0.00478 * sin(node)) * radians
    let obliquity =
      (23 + (26 + (21.448 - t * (46.815 + t * (0.00059 - t * 0.001813))) / 60) / 60
        + 0.00256 * cos(node)) * radians
    let declination = asin(sin(obliquity) * sin(apparentLongitude))
    let y = pow(tan(obliquity / 2), 2)
    let equation =
      4 / radians
      * (y * sin(2 * meanLongitude) - 2 * eccentricity * sin(anomaly) + 4 * eccentricity * y
        * sin(anomaly) * cos(2 * meanLongitude) - 0.5 * y * y * sin(4 * meanLongitude) - 1.25
        * eccentricity * eccentricity * sin(2 * anomaly))
    return (equation, declination)
  }

  /// Whether the sun stands above the horizon at `instant`.
  static func elevationIsPositive(at instant: Date, date: LocalDate, coordinate: Coordinate)
    -> Bool
  {
    let secondsUTC = instant.timeIntervalSince1970 - Double(date.daysSinceEpoch) * 86_400
    let (equation, declination) = solar(date: date, hourUTC: secondsUTC / 3600)
    let solarMinutes = secondsUTC / 60 + equation + 4 * coordinate.lon
    let hourAngle = (solarMinutes / 4 - 180) * .pi / 180
    let latitude = coordinate.lat * .pi / 180
    let sine = sin(latitude) * sin(declination) + cos(latitude) * cos(declination) * cos(hourAngle)
    return sine > 0
  }
}
