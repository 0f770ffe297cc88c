"""The map page of `itinerary serve` in a real browser (headless Chromium
through Selenium): categories typed and completed, plans listed as the API
answers them, the start dragged and the plans asked for again, a plan's
details, like and save, stops pinned, dropped and replaced (the server
replanning), the photos near a dropped pin a set at a time and saved as an
album, a trip's days with every stop's photos, a phone-sized screen, and
`plan --format html` and `explore --format html`. Photos come from a
stand-in for Wikimedia Commons on the loopback interface.

Screenshots go to the output directory. Prints `N passed, N failed` and
exits 1 when a check failed.
"""

import argparse
import http.server
import json
import os
import re
import subprocess
import sys
import tempfile
import threading
import time
import traceback
import urllib.parse
import urllib.request

from selenium import webdriver
from selenium.common.exceptions import StaleElementReferenceException
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import WebDriverWait

WAIT = 20


class FakeCommons:
    """A stand-in for the Commons API on a free port of 127.0.0.1: around any
    point, `PHOTOS` files nearest first (`list=geosearch`, as many as asked
    for), and each file's thumbnail, author and licence (`prop=imageinfo`)."""

    PHOTOS = 25

    @staticmethod
    def number(title):
        match = re.search(r"(\d+)", title)
        return int(match.group(1)) if match else 0

    @staticmethod
    def answer(query):
        if query.get("list") == ["geosearch"]:
            limit = min(FakeCommons.PHOTOS, int(query.get("gslimit", ["10"])[0]))
            return {"batchcomplete": True, "query": {"geosearch": [
                {"pageid": 9000 + index, "ns": 6, "title": "File:Test photo %d.jpg" % index,
                 "lat": 60.17, "lon": 24.94, "dist": 10.0 * index} for index in range(1, limit + 1)]}}
        if query.get("prop") == ["imageinfo"]:
            titles = query.get("titles", [""])[0].split("|")
            return {"batchcomplete": True, "query": {"pages": [{
                "pageid": 9000 + FakeCommons.number(title), "ns": 6, "title": title,
                "imageinfo": [{
                    "url": "https://upload.wikimedia.org/wikipedia/commons/a/a1/Test_photo_%d.jpg" % FakeCommons.number(title),
                    "thumburl": "https://upload.wikimedia.org/wikipedia/commons/thumb/a/a1/Test_photo_%d.jpg/320px-Test_photo_%d.jpg"
                    % (FakeCommons.number(title), FakeCommons.number(title)),
                    "width": 640, "height": 480,
                    "extmetadata": {"Artist": {"value": "Photographer %d" % FakeCommons.number(title)},
                                    "LicenseShortName": {"value": "CC BY 4.0"},
                                    "LicenseUrl": {"value": "https://creativecommons.org/licenses/by/4.0"}}}],
            } for title in titles if title]}}
        return {"batchcomplete": True}

    def __init__(self):
        class Handler(http.server.BaseHTTPRequestHandler):
            def do_GET(handler):
                query = urllib.parse.parse_qs(urllib.parse.urlparse(handler.path).query)
                body = json.dumps(FakeCommons.answer(query)).encode()
                handler.send_response(200)
                handler.send_header("Content-Type", "application/json")
                handler.send_header("Content-Length", str(len(body)))
                handler.end_headers()
                handler.wfile.write(body)

            def log_message(handler, *arguments):
                pass

        self.server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.url = "http://127.0.0.1:%d" % self.server.server_address[1]
        threading.Thread(target=self.server.serve_forever, daemon=True).start()

    def stop(self):
        self.server.shutdown()


class Server:
    """`itinerary serve` on a free port of 127.0.0.1, with its own data, its
    photos from `commons`."""

    def __init__(self, binary, commons):
        self.data = tempfile.mkdtemp(prefix="itinerary-browser-")
        environment = dict(os.environ, ITINERARY_DATA_DIR=self.data, ITINERARY_CACHE_DIR=self.data,
                           ITINERARY_COMMONS_URL=commons.url)
        environment.pop("ITINERARY_SERVE_TOKEN", None)
        self.process = subprocess.Popen(
            [binary, "serve", "--port", "0"], stderr=subprocess.PIPE, text=True, env=environment)
        line = self.process.stderr.readline()
        match = re.search(r"http://127\.0\.0\.1:(\d+)/", line)
        if not match:
            raise RuntimeError("the server did not start: " + line)
        self.url = "http://127.0.0.1:%s" % match.group(1)

    def post(self, path, body):
        request = urllib.request.Request(
            self.url + path, data=json.dumps(body).encode(), method="POST",
            headers={"Content-Type": "application/json"})
        with urllib.request.urlopen(request) as reply:
            return json.load(reply)

    def get(self, path):
        with urllib.request.urlopen(self.url + path) as reply:
            return json.load(reply)

    def stop(self):
        self.process.terminate()
        return self.process.wait(timeout=30)


class PageTest:
    def __init__(self, binary, output):
        self.binary = binary
        self.output = output
        self.passed = 0
        self.failed = 0
        os.makedirs(output, exist_ok=True)
        options = webdriver.ChromeOptions()
        for argument in ["--headless=new", "--no-sandbox", "--disable-gpu",
                         "--disable-dev-shm-usage", "--window-size=1280,900"]:
            options.add_argument(argument)
        chromium = os.environ.get("CHROMIUM", "/usr/bin/chromium")
        if os.path.exists(chromium):
            options.binary_location = chromium
        driver = os.environ.get("CHROMEDRIVER", "/usr/bin/chromedriver")
        self.driver = webdriver.Chrome(service=Service(driver), options=options)
        self.commons = FakeCommons()
        self.server = Server(binary, self.commons)

    def check(self, name, condition, detail=""):
        if condition:
            self.passed += 1
            print("ok     " + name)
        else:
            self.failed += 1
            print("FAILED " + name + (": " + detail if detail else ""))

    def shot(self, name):
        path = os.path.join(self.output, name + ".png")
        self.driver.save_screenshot(path)
        print("       screenshot " + path)

    def wait(self, condition, what):
        # The page may render again between finding an element and reading it.
        try:
            return WebDriverWait(self.driver, WAIT, ignored_exceptions=[StaleElementReferenceException]).until(
                lambda driver: condition())
        except Exception:
            self.check(what, False, "timed out after %d s" % WAIT)
            return None

    def find(self, selector):
        return self.driver.find_elements(By.CSS_SELECTOR, selector)

    def basemap_kinds(self):
        """How many kinds of the city's own map the page has drawn."""
        return int(self.driver.find_element(By.TAG_NAME, "body").get_attribute("data-basemap") or 0)

    def fetched(self):
        """Every URL the page has fetched: scripts, images, tiles, API calls."""
        return self.driver.execute_script("return performance.getEntriesByType('resource').map((e) => e.name)")

    def answered(self):
        return int(self.driver.find_element(By.TAG_NAME, "body").get_attribute("data-answered") or 0)

    def request(self):
        """The page's last request to `/v1/plan`, or {} before the first."""
        return json.loads(self.driver.find_element(By.TAG_NAME, "body").get_attribute("data-request") or "{}")

    def settled(self):
        """The page's last request is answered and its plans drawn (a request
        waits 150 ms for more changes, and each change asks again)."""
        return self.answered() >= 1 and re.match(r"\d+ plans? in", self.driver.find_element(By.ID, "status").text)

    def plans_shown(self):
        return [item.text for item in self.find("#plan-list li.plan")]

    def matches_api(self, name):
        """The page shows the plans the API gives for the page's last request."""
        body = json.loads(self.driver.find_element(By.TAG_NAME, "body").get_attribute("data-request"))
        answer = self.server.post("/v1/plan", body)
        shown = self.plans_shown()
        expected = [" → ".join(stop["name"] for stop in plan["stops"]) for plan in answer["plans"]]
        self.check(name, len(shown) == len(expected) and all(
            want in have for want, have in zip(expected, shown)), "page %s, API %s" % (shown, expected))
        return body, answer

    def endpoint(self):
        """Where the page's last request went."""
        return self.driver.find_element(By.TAG_NAME, "body").get_attribute("data-endpoint") or ""

    def set_field(self, field, value):
        """Sets an input as a person would, however the browser shows it."""
        self.driver.execute_script(
            "const field = document.getElementById(arguments[0]); field.value = arguments[1];"
            " field.dispatchEvent(new Event('change'));", field, value)

    def stops_shown(self):
        """The place ids of the chosen plan's stops, as its details list them."""
        return [row.get_attribute("data-place-id") for row in self.find("#details tbody tr[data-place-id]")]

    def pin_drop_and_replace(self):
        """Pin the first stop, drop the second and plan again: the pinned
        place stays first and the plan has a stop fewer; then replace the
        last stop: the pinned place stays, that stop's place changes and is
        avoided."""
        driver = self.driver
        self.wait(lambda: self.settled() and len(self.stops_shown()) == 3, "the chosen plan lists its three stops")
        before_ids = self.stops_shown()
        words = self.request()["categories"]
        rows = self.find("#details tbody tr")
        rows[0].find_element(By.CSS_SELECTOR, "button.pin").click()
        self.wait(lambda: self.find("#details tbody tr")[0].get_attribute("class") == "pinned", "pinning marks the stop")
        self.find("#details tbody tr")[1].find_element(By.CSS_SELECTOR, "button.drop").click()
        self.wait(lambda: self.find("#details tbody tr")[1].get_attribute("class") == "dropped", "dropping marks the stop")
        self.shot("05b-pinned-dropped")
        before = self.answered()
        self.find("#plan-again")[0].click()
        self.wait(lambda: self.answered() > before and self.settled(), "planning again answers")
        body = self.request()
        self.check("planning again sends the pinned place's id at its position and leaves the dropped stop out",
                   body.get("categories") == [before_ids[0], words[2]], str(body))
        after_ids = self.stops_shown()
        self.check("the new plan keeps the pinned place at its position and has one stop fewer",
                   len(after_ids) == 2 and after_ids[0] == before_ids[0], "%s then %s" % (before_ids, after_ids))
        answer = self.server.post("/v1/plan", body)
        self.check("every plan of the answer keeps the pinned place first",
                   all(plan["stops"][0]["id"] == before_ids[0] and len(plan["stops"]) == 2 for plan in answer["plans"]))
        self.matches_api("the plans after planning again are the API's")
        listed = [item.text for item in self.find("#category-list li span")]
        self.check("the stop list shows the pinned place by its name",
                   bool(listed) and answer["plans"][0]["stops"][0]["name"] in listed[0], str(listed))
        self.check("the pinned stop shows as pinned",
                   self.find("#details tbody tr")[0].find_element(By.CSS_SELECTOR, "button.pin")
                   .get_attribute("aria-pressed") == "true")
        self.shot("05c-planned-again")

        before = self.answered()
        replaced = after_ids[1]
        shown = self.server.post("/v1/plan", self.request())
        expected = self.server.post("/v1/replan", {"plan": dict(shown, plans=shown["plans"][:1]), "replace": 2})
        self.find("#details tbody tr")[1].find_element(By.CSS_SELECTOR, "button.replace").click()
        self.wait(lambda: self.answered() > before and self.settled(), "replacing a stop plans again")
        self.check("replacing asks the server to replan the plan shown",
                   self.endpoint() == "/v1/replan"
                   and any(url.endswith("/v1/replan") for url in self.fetched()), self.endpoint())
        self.check("the replaced plan is the server's replan of the plan shown",
                   self.stops_shown() == [stop["id"] for stop in expected["plans"][0]["stops"]],
                   "%s, server %s" % (self.stops_shown(), [stop["id"] for stop in expected["plans"][0]["stops"]]))
        body = self.request()
        self.check("replacing avoids the stop's place and keeps the other pinned",
                   body.get("avoid") == [replaced] and body.get("categories") == [before_ids[0], words[2]], str(body))
        final_ids = self.stops_shown()
        self.check("replace changes that stop's place and keeps the pinned one",
                   len(final_ids) == 2 and final_ids[0] == before_ids[0] and final_ids[1] != replaced,
                   "%s then %s" % (after_ids, final_ids))
        self.check("the avoided place is listed",
                   [item.get_attribute("data-place-id") for item in self.find("#avoid-list li")] == [replaced])
        self.matches_api("the plans after replacing are the API's")
        self.shot("05d-replaced")

        # Pinning and dropping after a replace still plan through /v1/plan.
        before = self.answered()
        self.find("#details tbody tr")[1].find_element(By.CSS_SELECTOR, "button.drop").click()
        self.find("#plan-again")[0].click()
        self.wait(lambda: self.answered() > before and self.settled(), "planning again after a replace answers")
        body = self.request()
        self.check("planning again after a replace keeps the pinned place and the avoided one",
                   self.endpoint() == "/v1/plan" and body.get("categories") == [before_ids[0]]
                   and body.get("avoid") == [replaced], str(body))

    def photos_near_a_pin(self):
        """Photos here, then a click on the map: the photos near that point,
        each with its credit line, the next set, and the set saved as an
        album the server keeps; the start stays where it was."""
        driver = self.driver
        start_text = driver.find_element(By.ID, "start").text
        before = self.answered()
        self.find("#photo-pin")[0].click()
        self.check("the photos button is pressed", self.find("#photo-pin")[0].get_attribute("aria-pressed") == "true")
        # Near the map's lower left corner, away from the plans drawn in its middle.
        box = driver.find_element(By.ID, "map").rect
        ActionChains(driver).move_to_element_with_offset(
            driver.find_element(By.ID, "map"), int(-box["width"] * 0.42), int(box["height"] * 0.4)).click().perform()
        self.wait(lambda: len(self.find("#album figure.photo")) == 10, "the photos near the pin are shown")
        self.check("dropping the photo pin leaves the start and the plans alone",
                   driver.find_element(By.ID, "start").text == start_text and self.answered() == before)
        self.check("the photo pin is on the map", bool(self.find(".leaflet-marker-icon.photo-marker")))
        asked = [url for url in self.fetched() if "/v1/photos?" in url]
        query = urllib.parse.parse_qs(urllib.parse.urlparse(asked[-1]).query) if asked else {}
        self.check("the photos are asked for around the clicked point, not the start",
                   bool(asked) and abs(float(query["lat"][0]) - float(re.search(r"Start ([\d.]+)", start_text).group(1))) > 1e-4
                   and query.get("page") == ["1"],
                   str(asked[-1:]))
        answer = self.server.get("/v1/photos?" + urllib.parse.urlparse(asked[-1]).query) if asked else {"photos": []}
        figures = self.find("#album figure.photo")
        self.check("each photo shows its thumbnail and credit line, as the API gives them",
                   [figure.get_attribute("data-photo-id") for figure in figures] == [photo["id"] for photo in answer["photos"]]
                   and all(figure.find_element(By.TAG_NAME, "img").get_attribute("src") == photo["thumbnail"]
                           and figure.find_element(By.TAG_NAME, "figcaption").text == photo["attribution"]
                           for figure, photo in zip(figures, answer["photos"])),
                   str([figure.text for figure in figures[:2]]))
        self.check("a credit line names the author and the licence",
                   bool(figures) and figures[0].text == "Photographer 1, CC BY 4.0 <https://creativecommons.org/licenses/by/4.0>, via Wikimedia Commons",
                   figures[0].text if figures else "")
        self.shot("06a-photos")
        first = [figure.get_attribute("data-photo-id") for figure in figures]
        self.find("#next-photos")[0].click()
        self.wait(lambda: [f.get_attribute("data-photo-id") for f in self.find("#album figure.photo")][:1] == ["commons:9011"],
                  "the next set of photos is shown")
        second = [figure.get_attribute("data-photo-id") for figure in self.find("#album figure.photo")]
        self.check("the next set is the API's second page",
                   second == ["commons:%d" % (9000 + index) for index in range(11, 21)] and not set(second) & set(first),
                   str(second))
        name = self.find("#album-name")[0]
        name.clear()
        name.send_keys("Walk <photos>")
        self.find("#save-album")[0].click()
        self.wait(lambda: "saved album" in driver.find_element(By.ID, "status").text, "saving the album says so")
        kept = self.server.get("/v1/albums/" + urllib.parse.quote("Walk <photos>"))
        self.check("the album is kept by the server with the set shown",
                   [photo["id"] for photo in kept["photos"]] == second and kept["page"] == 2, str(kept.get("page")))
        self.check("the album's name is shown as text",
                   "“Walk <photos>”" in driver.find_element(By.ID, "status").text, driver.find_element(By.ID, "status").text)
        self.shot("06b-album")
        self.find("#close-album")[0].click()
        self.wait(lambda: not driver.find_element(By.ID, "album").is_displayed(), "closing the photos hides them")
        self.check("closing the photos lifts the pin", not self.find(".leaflet-marker-icon.photo-marker"))

    def trip_with_photos(self):
        """Days set and photos ticked: the page asks /v1/explore, lists the
        trip's days, and every stop of every day shows its photos."""
        driver = self.driver
        while self.find("#category-list li"):
            count = len(self.find("#category-list li"))
            self.find("#category-list li")[0].find_elements(By.TAG_NAME, "button")[2].click()
            self.wait(lambda: len(self.find("#category-list li")) < count, "a stop is removed")
        field = driver.find_element(By.ID, "category-input")
        for word in ["museum", "landmark"]:
            field.send_keys(word)
            field.send_keys(Keys.ENTER)
        self.set_field("start-time", "10:00")
        self.set_field("end-time", "13:00")
        self.set_field("days", "2")
        if not self.find("#photos")[0].is_selected():
            self.find("#photos")[0].click()
        self.wait(lambda: self.endpoint() == "/v1/explore" and self.request().get("categories") == ["museum", "landmark"]
                  and re.match(r"\d+ days? in", driver.find_element(By.ID, "status").text), "the trip is chosen")
        body = self.request()
        self.check("the trip asks for its days, times and photos",
                   body.get("days") == 2 and body.get("start") == "10:00" and body.get("end") == "13:00"
                   and body.get("photos") is True and "top" not in body, str(body))
        answer = self.server.post("/v1/explore", body)
        shown = self.plans_shown()
        self.check("the page lists the trip's two days", len(shown) == 2 and shown[0].startswith("Day 1")
                   and shown[1].startswith("Day 2"), str(shown))
        stops = 0
        for index, day in enumerate(answer["days"]):
            self.find("#plan-list li.plan")[index].click()
            self.wait(lambda: driver.find_element(By.CSS_SELECTOR, "#details h2").get_attribute("textContent") == "Day %d" % (index + 1),
                      "clicking day %d shows it" % (index + 1))
            rows = self.find("#details tbody tr[data-place-id]")
            self.check("day %d lists its stops" % (index + 1),
                       [row.get_attribute("data-place-id") for row in rows] == [stop["id"] for stop in day["stops"]])
            for row, stop in zip(rows, day["stops"]):
                stops += 1
                figures = row.find_elements(By.CSS_SELECTOR, "figure.photo")
                self.check("day %d: %s shows its photos with their credit lines" % (index + 1, stop["name"]),
                           len(stop.get("photos", [])) == 3 and len(figures) == 3
                           and all(figure.find_element(By.TAG_NAME, "img").get_attribute("src") == photo["thumbnail"]
                                   and figure.find_element(By.TAG_NAME, "figcaption").text == photo["attribution"]
                                   for figure, photo in zip(figures, stop["photos"])),
                           "%d photos, %d shown" % (len(stop.get("photos", [])), len(figures)))
            self.check("a trip's day offers no pin, drop or replace", not self.find("#details button.replace"))
            self.shot("06c-trip-day-%d" % (index + 1))
        self.check("the trip has stops to show", stops > 0)
        self.set_field("days", "")

    def run(self):
        driver = self.driver
        driver.get(self.server.url + "/")
        self.wait(lambda: self.find(".leaflet-marker-icon.start-marker"), "the map and its start marker appear")
        self.check("the page says how to move the start", "drag the marker" in driver.find_element(By.ID, "start").text)
        self.wait(lambda: self.basemap_kinds() >= 3, "the served page draws the city's own map")
        self.check("the map is drawn on a canvas under the plans", bool(self.find(".leaflet-basemap-pane canvas")))
        self.check("the served page asks its own server only, no tile server",
                   all(url.startswith(self.server.url) for url in self.fetched()), str(self.fetched()))
        self.shot("01-empty")

        field = driver.find_element(By.ID, "category-input")
        field.send_keys("resta")
        self.wait(lambda: any("restaurant" in item.text for item in self.find("#suggestions li")),
                  "typing offers completions")
        self.check("'resta' completes to the category restaurant",
                   any(item.get_attribute("data-kind") == "category" and "restaurant" in item.text
                       for item in self.find("#suggestions li")))
        self.shot("02-completing")
        next(item for item in self.find("#suggestions li") if "restaurant" in item.text).click()
        for word in ["park", "museum"]:
            field.send_keys(word)
            field.send_keys(Keys.ENTER)
        chosen = [item.get_attribute("data-category") for item in self.find("#category-list li")]
        self.check("three categories chosen in order", chosen == ["restaurant", "park", "museum"], str(chosen))
        self.wait(lambda: self.request().get("categories") == ["restaurant", "park", "museum"] and self.settled()
                  and len(self.plans_shown()) == 3, "three plans are listed")
        first = self.plans_shown()
        self.check("each plan shows its distance and time",
                   all(re.search(r"#\d · \d+\.\d\d km · \d+ min", text) for text in first), str(first))
        self.matches_api("the plans listed are the API's")
        self.check("the plans are drawn on the map", len(self.find(".leaflet-overlay-pane path")) >= 3)
        self.check("the chosen plan's stops are numbered on the map",
                   [marker.get_attribute("textContent") for marker in self.find(".stop-marker")] == ["1", "2", "3"])
        self.check("the status says how many plans", "3 plans" in driver.find_element(By.ID, "status").text)
        self.shot("03-planned")

        start_text = driver.find_element(By.ID, "start").text
        before = self.answered()
        marker = self.find(".leaflet-marker-icon.start-marker")[0]
        ActionChains(driver).click_and_hold(marker).move_by_offset(40, 20).move_by_offset(60, 40) \
            .move_by_offset(60, 40).release().perform()
        self.wait(lambda: self.answered() > before and self.settled(), "dragging the start plans again")
        self.check("the start moved", driver.find_element(By.ID, "start").text != start_text,
                   driver.find_element(By.ID, "start").text)
        body, answer = self.matches_api("after the drag the plans are the API's from the new start")
        self.check("the request starts where the marker is", abs(body["at"]["lat"] - 60.1699) > 1e-4)
        self.shot("04-dragged")

        self.find("#plan-list li.plan")[1].click()
        self.wait(lambda: "plan #2" in driver.find_element(By.ID, "details").text.lower(), "clicking plan 2 shows its details")
        rows = self.find("#details tbody tr")
        stops = answer["plans"][1]["stops"]
        self.check("the details list every leg with its distance",
                   len(rows) == len(stops) and all("km" in row.text and "min" in row.text for row in rows))
        self.check("the details give each visit's times", driver.find_element(By.ID, "details").text.count("arrive ") == len(stops))
        self.check("the details name every stop", all(stop["name"] in driver.find_element(By.ID, "details").text
                                                       for stop in stops))
        self.find("#details button.like")[0].click()
        self.wait(lambda: self.find("#liked-places li"), "liking a place lists it")
        self.check("the liked place is kept by the server",
                   [like["name"] for like in self.server.get("/v1/likes")["likes"]] == [stops[0]["name"]])
        self.find("#save-plan")[0].click()
        self.wait(lambda: self.find("#saved-plans li"), "saving the plan lists it")
        saved = self.server.get("/v1/plans")["plans"]
        self.check("the saved plan is kept by the server", len(saved) == 1 and saved[0]["name"].endswith("#2"),
                   str(saved))
        self.shot("05-details")

        before = self.answered()
        self.find("#category-list li")[0].find_elements(By.TAG_NAME, "button")[1].click()
        self.wait(lambda: self.answered() > before and self.settled(), "reordering plans again")
        chosen = [item.get_attribute("data-category") for item in self.find("#category-list li")]
        self.check("moving restaurant later reorders the stops", chosen == ["park", "restaurant", "museum"], str(chosen))
        self.matches_api("the reordered plans are the API's")
        self.pin_drop_and_replace()
        self.photos_near_a_pin()
        self.trip_with_photos()

        driver.set_window_size(390, 844)
        time.sleep(0.5)
        map_box = driver.find_element(By.ID, "map").rect
        panel_box = driver.find_element(By.ID, "panel").rect
        self.check("on a phone the map is on top, full width", map_box["width"] >= 370 and map_box["height"] > 200
                   and map_box["y"] < panel_box["y"], "map %s panel %s" % (map_box, panel_box))
        self.check("on a phone nothing is wider than the screen",
                   driver.execute_script("return document.documentElement.scrollWidth") <= 390)
        self.shot("06-phone")
        driver.set_window_size(1280, 900)

        page = os.path.join(self.output, "plan.html")
        subprocess.run([self.binary, "plan", "restaurant", "park", "museum", "--format", "html", "-o", page],
                       check=True, stderr=subprocess.DEVNULL)
        driver.get("file://" + os.path.abspath(page))
        self.wait(lambda: len(self.plans_shown()) == 3, "the html file lists its three plans")
        self.check("the html file draws its plans", len(self.find(".leaflet-overlay-pane path")) >= 3)
        self.check("the html file hides the controls",
                   not driver.find_element(By.ID, "controls").is_displayed())
        self.check("the html file draws the city's map under its plans",
                   self.basemap_kinds() >= 3 and bool(self.find(".leaflet-basemap-pane canvas")))
        self.check("the html file fetches nothing from the network",
                   not [url for url in self.fetched() if url.startswith("http")], str(self.fetched()))
        self.shot("07-html-file")

        trip = os.path.join(self.output, "trip.html")
        subprocess.run([self.binary, "explore", "museum", "landmark", "--start", "2026-12-01T10:00",
                        "--end", "16:00", "--days", "2", "--photos", "--format", "html", "-o", trip],
                       check=True, stderr=subprocess.DEVNULL,
                       env=dict(os.environ, ITINERARY_COMMONS_URL=self.commons.url, ITINERARY_CACHE_DIR=self.server.data,
                                ITINERARY_DATA_DIR=self.server.data))
        driver.get("file://" + os.path.abspath(trip))
        self.wait(lambda: len(self.plans_shown()) == 2, "the trip's html file lists its two days")
        self.check("the trip's html file draws each day",
                   len(self.find(".leaflet-overlay-pane path")) >= 2)
        for index in range(2):
            self.find("#plan-list li.plan")[index].click()
            self.wait(lambda: driver.find_element(By.CSS_SELECTOR, "#details h2").get_attribute("textContent") == "Day %d" % (index + 1),
                      "the trip's html file shows day %d" % (index + 1))
            rows = self.find("#details tbody tr[data-place-id]")
            self.check("every stop of day %d of the html file shows its photos" % (index + 1),
                       bool(rows) and all(len(row.find_elements(By.CSS_SELECTOR, "figure.photo figcaption")) == 3
                                          for row in rows), "%d stops" % len(rows))
        self.shot("08-trip-file")

        # A place name that is markup stays text, and the policy runs nothing from it.
        hostile = "<img src=x onerror=\"document.body.setAttribute('data-pwned','1')\">"
        instance = os.path.join(self.output, "hostile.json")
        with open(instance, "w") as file:
            json.dump({"origin": {"lat": 60.17, "lon": 24.94}, "categories": ["museum"],
                       "places": [{"id": "p1", "name": hostile, "categories": ["museum"],
                                   "lat": 60.171, "lon": 24.941}]}, file)
        hostile_page = os.path.join(self.output, "hostile.html")
        subprocess.run([self.binary, "solve", instance, "--format", "html", "-o", hostile_page],
                       check=True, stderr=subprocess.DEVNULL)
        driver.get("file://" + os.path.abspath(hostile_page))
        self.wait(lambda: len(self.plans_shown()) == 1, "the hostile file lists its plan")
        self.wait(lambda: self.find(".stop-marker"), "the hostile stop is on the map")
        self.find(".stop-marker")[0].click()
        # The popup's element comes before its text: wait for the text.
        popup = self.wait(lambda: [p for p in self.find(".leaflet-popup-content") if p.text.strip()],
                          "the stop's popup opens with its text")
        self.check("the popup shows the name as text",
                   bool(popup) and popup[0].text.splitlines()[0] == hostile + " (museum)",
                   popup[0].text if popup else "")
        links = self.find(".leaflet-popup-content a")
        self.check("the popup links the leg's directions on openstreetmap.org",
                   bool(links) and (links[0].get_attribute("href") or "").startswith(
                       "https://www.openstreetmap.org/directions?engine=fossgis_osrm_foot&route="),
                   links[0].get_attribute("href") if links else "no link")
        self.check("no element was made from the name", not self.find(".leaflet-popup-content img"))
        self.check("nothing in the name ran", driver.find_element(By.TAG_NAME, "body").get_attribute("data-pwned") is None)
        with urllib.request.urlopen(self.server.url + "/") as reply:
            policy = reply.headers.get("Content-Security-Policy") or ""
        self.check("the served page has a Content-Security-Policy", "script-src 'sha256-" in policy, policy)

    def finish(self):
        self.driver.quit()
        status = self.server.stop()
        self.commons.stop()
        self.check("the server exits 0 on SIGTERM", status == 0, "exit status %s" % status)
        print("%d passed, %d failed" % (self.passed, self.failed))
        return 1 if self.failed else 0


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--binary", required=True)
    parser.add_argument("--output", required=True)
    arguments = parser.parse_args()
    # "Now" is a Monday morning for every process the test starts, whenever
    # it runs: plans without a start find places open.
    os.environ["ITINERARY_NOW"] = "2026-12-07 08:00"
    test = PageTest(arguments.binary, arguments.output)
    try:
        test.run()
    except Exception:
        traceback.print_exc()
        test.failed += 1
    sys.exit(test.finish())


if __name__ == "__main__":
    main()
