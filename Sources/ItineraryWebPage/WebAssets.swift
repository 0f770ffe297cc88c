/// The files of the web page and Debian's Leaflet, compiled in by the
/// `EmbedWebAssets` build plugin: each file one string constant named after
/// it (`page.js` is `WebAssets.pageJS`, Leaflet's `leaflet.min.js` is
/// `WebAssets.leafletMinJS`, its licence `WebAssets.copyright`).
package enum WebAssets {}
