import Foundation
import ItineraryCore
import ItineraryOutput
import ItineraryPlanning
import Testing

@testable import ItineraryWebPage

/// `plan --format html`: one file holding Leaflet, the page and the plans.
@Suite struct PlanPageTests {
  @Test func theFileHoldsLeafletThePageAndThePlans() throws {
    var request = PlanRequest(categories: ["restaurant", "park"])
    request.start = "2026-12-01 12:00"
    let response = try PlanningPipeline(environment: [:]).plan(request)
    let html = String(decoding: try OutputFormat.html.render(response), as: UTF8.self)
    #expect(html.hasPrefix("<!doctype html>"))
    #expect(html.contains("BSD-2-clause"), "Leaflet's licence")
    #expect(html.contains("window.L"), "Leaflet itself")
    #expect(html.contains("\"categories\" : ["), "the plans")
    for placeholder in ["/*LEAFLET_JS*/", "/*PAGE_JS*/", "/*PLAN_DATA*/", "/*PAGE_CSS*/"] {
      #expect(!html.contains(placeholder))
    }
    #expect(!html.contains("src=\"http"), "nothing loaded from elsewhere but tiles")
  }

  @Test func dataCannotCloseItsScript() {
    let json = #"{"name": "</script><script>alert(1)</script>"}"#
    let safe = WebPage.scriptSafe(json)
    #expect(!safe.contains("</script"))
    #expect(safe.contains(#"\u003c/script>"#))
  }

  @Test func placeNamesAreNotTakenForPlaceholders() {
    let json = #"{"name": "/*PAGE_JS*/"}"#
    let page = WebPage.document(responseJSON: Data(json.utf8), background: .basemap(nil))
    #expect(page.contains(#"{"name": "/*PAGE_JS*/"}"#))
  }
}
