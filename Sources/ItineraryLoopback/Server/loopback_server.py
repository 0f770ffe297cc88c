#!/usr/bin/env python3
"""A scripted HTTP server on 127.0.0.1 for the live-provider tests.

Usage: loopback_server.py CONFIG_JSON | @CONFIG_FILE

CONFIG_JSON: {"routes": [ROUTE, ...]}
  ROUTE: {"path": "/v3/businesses/search",   # request path prefix
          "match": "categories=parks",       # optional substring of path+query
          "service": "yelp",                 # optional: refuse what the real one refuses
          "responses": [RESPONSE, ...],      # served in turn, the last repeats
          "cycle": true}                     # optional: start over after the last
  "service" checks a request as the real service does before any response is
  served, and answers as it would when the check fails (the refusal does not
  use up a response):
    "foursquare": the current Places API: `Authorization: Bearer KEY` (401
                  without), an `X-Places-Api-Version` date YYYY-MM-DD (400
                  without), `limit` at most 50 (400).
    "yelp":       `Authorization: Bearer KEY` (401), `limit` at most 50 and
                  `offset + limit` at most 240 (400 VALIDATION_ERROR).
    "osrm-car":   a server built for cars only, like the public demo: a
                  `/table/v1/PROFILE/` other than `driving` or `car` is 400.
  RESPONSE: {"status": 200, "body": "..." | "bodyFile": "/abs/path",
             "contentType": "application/json", "headers": {"Retry-After": "1"},
             "latency": 0.3,        # seconds before answering
             "truncate": true,      # declare the full length, send half, close
             "close": true,         # close the connection without answering
             "reset": true,         # reset the connection (TCP RST) without answering
             "trickle": 0.2,        # send the body a byte at a time, this many seconds apart
             "gzip": true,          # send the body gzip-compressed
             "osrmTable": {"detour": 1.3, "speed": 1.4, "unreachable": [2],
                           "poison": "null"}}
                 # answer an OSRM /table/v1/PROFILE/LON,LAT;... request for the
                 # points of its path: great-circle metres times "detour" (and
                 # times 1.1 for a point to a later one: asymmetric), seconds at
                 # "speed" m/s, null to and from the "unreachable" point indices;
                 # "poison" "null" or "negative" spoils the last row's first
                 # duration with that value

Prints "PORT <n>" on its first line once listening (it binds port 0). Exits
on SIGTERM or when its standard input closes (the test process is gone).
GET /__stats answers {"requests": n, "maxInFlight": m, "log": [{"path", "headers",
"time"}]} for every other request so far ("time": seconds on a monotonic clock).
"""

import gzip
import json
import math
import os
import re
import signal
import socket
import struct
import sys
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

CONFIG = json.loads(
    open(sys.argv[1][1:]).read() if sys.argv[1].startswith("@") else sys.argv[1]
)
LOCK = threading.Lock()
STATE = {"requests": 0, "inFlight": 0, "maxInFlight": 0, "log": [], "served": {}}


def osrm_table(target, spec):
    """An OSRM /table answer for the coordinates in the request path."""
    path = target.split("?", 1)[0]
    points = [tuple(map(float, pair.split(","))) for pair in path.rsplit("/", 1)[1].split(";")]
    detour = spec.get("detour", 1.3)
    speed = spec.get("speed", 1.4)
    unreachable = set(spec.get("unreachable", []))

    def metres(a, b):
        lon1, lat1, lon2, lat2 = map(math.radians, (*a, *b))
        h = math.sin((lat2 - lat1) / 2) ** 2 + math.cos(lat1) * math.cos(lat2) * math.sin(
            (lon2 - lon1) / 2
        ) ** 2
        return 2 * 6371008.8 * math.asin(min(1, math.sqrt(h)))

    distances = []
    for i, a in enumerate(points):
        row = []
        for j, b in enumerate(points):
            if i != j and (i in unreachable or j in unreachable):
                row.append(None)
            else:
                row.append(round(metres(a, b) * detour * (1.1 if i < j else 1), 1))
        distances.append(row)
    durations = [[None if d is None else round(d / speed, 1) for d in row] for row in distances]
    poison = spec.get("poison")
    if poison and durations:
        durations[-1][0] = None if poison == "null" else -1.0
    return json.dumps({"code": "Ok", "distances": distances, "durations": durations})


def query_numbers(target):
    """The integer query parameters of a request target."""
    numbers = {}
    for pair in target.partition("?")[2].split("&"):
        name, _, value = pair.partition("=")
        if value.isdigit():
            numbers[name] = int(value)
    return numbers


def bearer(headers):
    value = headers.get("Authorization", "")
    return value.startswith("Bearer ") and len(value) > len("Bearer ")


def refusal(service, target, headers):
    """(status, body) of the real service's refusal of this request, or None."""
    numbers = query_numbers(target)
    if service == "foursquare":
        if not bearer(headers):
            return 401, {"message": "Invalid request token."}
        version = headers.get("X-Places-Api-Version", "")
        if not re.fullmatch(r"\d{4}-\d{2}-\d{2}", version):
            return 400, {"message": "X-Places-Api-Version header is missing or not a date"}
        if numbers.get("limit", 10) > 50:
            return 400, {"message": "limit must be at most 50"}
    elif service == "yelp":
        if not bearer(headers):
            return 401, {"error": {"code": "TOKEN_MISSING", "description": "An access token must be supplied in order to use this endpoint."}}
        limit, offset = numbers.get("limit", 20), numbers.get("offset", 0)
        if limit > 50:
            return 400, {"error": {"code": "VALIDATION_ERROR", "description": f"{limit} is greater than the maximum of 50"}}
        if offset + limit > 240:
            return 400, {"error": {"code": "VALIDATION_ERROR", "description": "Too many results requested, limit+offset must be <= 240."}}
    elif service == "osrm-car":
        parts = target.split("?", 1)[0].split("/")
        if len(parts) > 3 and parts[1] == "table" and parts[3] not in ("driving", "car"):
            return 400, {"code": "InvalidOptions", "message": f"profile {parts[3]} is not served here: this server routes cars only"}
    return None


def pick_response(target, headers):
    path = target.split("?", 1)[0]
    for index, route in enumerate(CONFIG.get("routes", [])):
        if not path.startswith(route.get("path", "/")):
            continue
        if route.get("match") and route["match"] not in target:
            continue
        refused = refusal(route.get("service"), target, headers)
        if refused:
            return {"status": refused[0], "body": json.dumps(refused[1])}
        with LOCK:
            turn = STATE["served"].get(index, 0)
            STATE["served"][index] = turn + 1
        responses = route["responses"]
        if route.get("cycle"):
            return responses[turn % len(responses)]
        return responses[min(turn, len(responses) - 1)]
    return {"status": 404, "body": json.dumps({"error": "no route for " + path})}


class Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"

    def log_message(self, *args):
        pass

    def do_GET(self):
        if self.path.startswith("/__stats"):
            with LOCK:
                stats = {key: STATE[key] for key in ("requests", "maxInFlight", "log")}
            self.reply(200, json.dumps(stats).encode(), "application/json", {})
            return
        with LOCK:
            STATE["requests"] += 1
            STATE["inFlight"] += 1
            STATE["maxInFlight"] = max(STATE["maxInFlight"], STATE["inFlight"])
            STATE["log"].append(
                {"path": self.path, "headers": dict(self.headers.items()), "time": time.monotonic()}
            )
        try:
            self.serve(pick_response(self.path, self.headers))
        except OSError:  # the client gave up waiting (a timeout test)
            self.close_connection = True
        finally:
            with LOCK:
                STATE["inFlight"] -= 1

    def serve(self, spec):
        time.sleep(spec.get("latency", 0))
        if spec.get("close"):
            self.close_connection = True
            return
        if spec.get("reset"):
            # Linger 0: closing sends RST instead of FIN.
            self.connection.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))
            self.connection.close()
            self.close_connection = True
            return
        if "osrmTable" in spec:
            body = osrm_table(self.path, spec["osrmTable"]).encode()
        elif "bodyFile" in spec:
            with open(spec["bodyFile"], "rb") as file:
                body = file.read()
        else:
            body = spec.get("body", "").encode()
        content_type = spec.get("contentType", "application/json")
        headers = dict(spec.get("headers", {}))
        if spec.get("gzip"):
            body = gzip.compress(body)
            headers["Content-Encoding"] = "gzip"
        if spec.get("truncate"):
            self.send_response(spec.get("status", 200))
            self.send_header("Content-Type", content_type)
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body[: len(body) // 2])
            self.wfile.flush()
            self.close_connection = True
            return
        self.reply(spec.get("status", 200), body, content_type, headers, spec.get("trickle"))

    def reply(self, status, body, content_type, headers, trickle=None):
        self.send_response(status)
        self.send_header("Content-Type", content_type)
        self.send_header("Content-Length", str(len(body)))
        for name, value in headers.items():
            self.send_header(name, value)
        self.end_headers()
        if not trickle:
            self.wfile.write(body)
            return
        for index in range(len(body)):
            self.wfile.write(body[index : index + 1])
            self.wfile.flush()
            time.sleep(trickle)


def exit_when_stdin_closes():
    sys.stdin.buffer.read()
    os._exit(0)


def main():
    # A parent may have blocked SIGTERM; the child inherits the mask.
    signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGTERM, signal.SIGINT})
    signal.signal(signal.SIGTERM, signal.SIG_DFL)
    threading.Thread(target=exit_when_stdin_closes, daemon=True).start()
    server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    server.daemon_threads = True
    print("PORT", server.server_address[1], flush=True)
    server.serve_forever()


if __name__ == "__main__":
    main()
