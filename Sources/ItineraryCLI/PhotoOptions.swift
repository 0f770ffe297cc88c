/// The options of `itinerary photos`, each declared once.
enum PhotoOptions {
  static let radius = Option.value(
    "radius", "KM", "photos taken within KM of the pin (default 1; commons at most 10)")
  static let source = Option.value(
    "source", "commons|flickr",
    "where photos come from: Wikimedia Commons (default, no key) or Flickr (FLICKR_API_KEY)")
  static let page = Option.value("page", "N", "which page of results (default 1)")
  static let save = Option.value(
    "save", "ALBUM", "keep the photos in the store as the album ALBUM (replacing its photos)")
  static let remove = Option.value("remove", "ID", "photos album NAME: take photo ID out of it")
  static let newSet = Option.flag(
    "new-set", "photos album NAME: replace its photos with the next page around its pin")
  static let photos = Option.flag(
    "photos", "add a few Commons photos, with their credit lines, to each stop or place in JSON")
  static let format = Option.value("format", "table|json", "how to print the photos")
}
