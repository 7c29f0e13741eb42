#!/usr/bin/env python3
"""A loopback OpenRTB 2.6 responder with Native 1.2 markup, for Intermission's tests.

Listens on 127.0.0.1 on a free port (written to --port-file once listening). POST /openrtb2/auction
answers a bid request as the case in the --control file says (read at every request); GET serves
the creative (/creative.png, from --creative) and answers every other path (notices and trackers)
with 204. Every request is logged as one JSON line to --log: method, the request target exactly as
received, path, query, the headers that matter, and a POST's body.

Cases:
  one-bid        one bid, with nurl, burl, lurl, event trackers, an imptracker and a click tracker
  several        three bids from two seats (0.5 and 2.0 from "alpha", 1.5 from "beta"): 2.0 wins
  nobid          204 No Content
  nbr            200 with no seatbid and "nbr": 2
  bad-adm        the highest bid's adm is not JSON; the next is good
  missing-asset  the highest bid's adm has no title; the next is good
  wrong-impid    the highest bid names another imp; the next is good
  private        the highest bid's imptracker points at 10.0.0.1; the next is good
  expiring       one bid that expires after 1 s ("exp": 1)
  huge           a 2 MiB body
  slow:S         the one-bid answer after S seconds
  status:N       HTTP status N with a short text body
  video          a full-screen imp gets a video bid (mtype 2) whose adm is VAST 4.2 with every tracker
                 on this server (/vast/EVENT) and its media file /media.mp4 (from --media); the banner
                 gets one-bid's native bid
  video-wrapper  the same VAST behind a wrapper (its own trackers at /wrap/EVENT) whose VASTAdTagURI
                 is /vast/inline.xml on this server
  video-nurl     the video bid has no adm: its VAST is the body of its win notice, /win-vast
  fallback-image   three bids: "broken" (3.0), whose main image is /missing/creative.png (404), "good" (2.0)
                   and "low" (1.0)
  fallback-markup  the same, but "broken" has no adm: its markup, from its win notice
                   /win-latin1, is native JSON in Latin-1, not UTF-8
  fallback-vast    a full-screen imp gets three video bids: "broken" (3.0), a wrapper whose
                   VASTAdTagURI is /missing.xml (404), with its Error URL /broken/error, then "v1"
                   (2.5) and "low" (1.0), both video's inline VAST; the banner gets one-bid's bid
  fallback-media   the same, but "broken" is an inline VAST whose media file is /missing.mp4 (404)
A case followed by "/500" (such as "one-bid/500") answers every notice and tracker with 500 instead;
one followed by "@BASE" (such as "one-bid@https://127.0.0.1:8443") names BASE/creative.png as the
main image, another host's.

Standard library only. Stops on SIGTERM or SIGINT.
"""
import json
import sys
import time
import urllib.parse

from loopback import LoggingHandler, parse_arguments, serve


def native(base, title="Starfall Tactics", image=True, tracker_host=None, image_base=None):
    """Native 1.2 markup whose URLs are on this server (or, for one tracker, `tracker_host`, and for
    the image, `image_base`)."""
    assets = []
    if title is not None:
        assets.append({"id": 1, "title": {"text": title}})
    if image:
        assets.append({"id": 2, "img": {"url": (image_base or base) + "/creative.png", "w": 1280, "h": 720}})
    assets.append({"id": 3, "data": {"value": "Thirty missions among the stars."}})
    assets.append({"id": 4, "data": {"value": "Play now"}})
    legacy = (tracker_host or base) + "/imp?p=${AUCTION_PRICE}"
    return json.dumps({
        "ver": "1.2",
        "assets": assets,
        "link": {"url": "https://example.com/starfall", "clicktrackers": [base + "/click?p=${AUCTION_PRICE}"]},
        "imptrackers": [legacy],
        "eventtrackers": [
            {"event": 1, "method": 1, "url": base + "/event1?a=${AUCTION_ID}"},
            {"event": 2, "method": 1, "url": base + "/event2?i=${AUCTION_IMP_ID}"},
            {"event": 2, "method": 2, "url": base + "/script.js"},
        ],
    })


VAST_EVENTS = ["creativeView", "start", "firstQuartile", "midpoint", "thirdQuartile", "complete", "pause",
               "resume", "mute", "unmute", "skip", "closeLinear"]


def vast_inline(base):
    """A VAST 4.2 InLine linear ad of the media file /media.mp4 (4 s), every tracker on this server."""
    tracking = "".join('<Tracking event="%s"><![CDATA[%s/vast/%s?t=[ADPLAYHEAD]]]></Tracking>' % (e, base, e)
                       for e in VAST_EVENTS)
    return ('<?xml version="1.0" encoding="UTF-8"?>'
            '<VAST version="4.2" xmlns="http://www.iab.com/VAST"><Ad id="video-1"><InLine>'
            '<AdSystem>responder</AdSystem><AdTitle>Starfall Tactics: the trailer</AdTitle>'
            '<AdServingId>serving-1</AdServingId>'
            '<Impression><![CDATA[ %s/vast/impression?p=${AUCTION_PRICE} ]]></Impression>'
            '<Error><![CDATA[%s/vast/error?code=[ERRORCODE]]]></Error>'
            '<Creatives><Creative><Linear><Duration>00:00:04</Duration>'
            '<TrackingEvents>%s</TrackingEvents>'
            '<VideoClicks><ClickThrough><![CDATA[https://example.com/starfall]]></ClickThrough>'
            '<ClickTracking><![CDATA[%s/vast/click]]></ClickTracking></VideoClicks>'
            '<MediaFiles><MediaFile delivery="progressive" type="video/mp4" width="320" height="180" bitrate="300">'
            '<![CDATA[ %s/media.mp4 ]]></MediaFile></MediaFiles>'
            '</Linear></Creative></Creatives></InLine></Ad></VAST>') % (base, base, tracking, base, base)


def vast_wrapper(base):
    """A VAST 4.2 wrapper of /vast/inline.xml with its own impression and trackers (/wrap/EVENT)."""
    tracking = "".join('<Tracking event="%s"><![CDATA[%s/wrap/%s]]></Tracking>' % (e, base, e)
                       for e in ("start", "complete"))
    return ('<VAST version="4.2"><Ad id="wrapper-1"><Wrapper>'
            '<AdSystem>responder</AdSystem><VASTAdTagURI><![CDATA[%s/vast/inline.xml]]></VASTAdTagURI>'
            '<Impression><![CDATA[%s/wrap/impression]]></Impression>'
            '<Creatives><Creative><Linear><TrackingEvents>%s</TrackingEvents></Linear></Creative></Creatives>'
            '</Wrapper></Ad></VAST>') % (base, base, tracking)


def bid(base, bid_id, price, impid, adm, exp=None):
    entry = {
        "id": bid_id, "impid": impid, "price": price, "adm": adm, "crid": "c-" + bid_id,
        "nurl": base + "/win?b=" + bid_id + "&p=${AUCTION_PRICE}",
        "burl": base + "/bill?b=" + bid_id + "&p=${AUCTION_PRICE}&c=${AUCTION_CURRENCY}",
        "lurl": base + "/loss?b=" + bid_id + "&r=${AUCTION_LOSS}&p=${AUCTION_PRICE}",
    }
    if exp is not None:
        entry["exp"] = exp
    return entry


class Responder(LoggingHandler):
    server_version = "openrtb-responder"
    default_control = "one-bid"

    def record(self, body=None, status=None):
        parsed = urllib.parse.urlsplit(self.path)
        entry = {
            "time": time.time(), "method": self.command, "target": self.path, "path": parsed.path, "status": status,
            "query": dict(urllib.parse.parse_qsl(parsed.query, keep_blank_values=True)),
            "headers": {name.lower(): self.headers[name] for name in ("Content-Type", "x-openrtb-version") if self.headers[name]},
        }
        if body is not None:
            entry["body"] = body.decode("utf-8", "replace")
        self.log_entry(entry)

    def do_GET(self):
        path = urllib.parse.urlsplit(self.path).path
        base = "http://127.0.0.1:%d" % self.server.server_address[1]
        if path == "/creative.png":
            self.record(status=200)
            with open(self.server.creative, "rb") as handle:
                self.answer(200, handle.read(), "image/png")
        elif path == "/media.mp4" and self.server.media:
            self.record(status=200)
            with open(self.server.media, "rb") as handle:
                self.answer(200, handle.read(), "video/mp4")
        elif path in ("/vast/inline.xml", "/win-vast"):
            self.record(status=200)
            self.answer(200, vast_inline(base).encode(), "application/xml")
        elif path == "/win-latin1":
            self.record(status=200)
            markup = native(base, title="Cafe Tactics").replace("Cafe", "Caf\u00e9")  # json.dumps writes ASCII
            self.answer(200, markup.encode("latin-1"), "application/json")
        elif path.startswith("/missing"):
            self.record(status=404)
            self.answer(404, b"not here\n", "text/plain")
        elif self.control().split("@", 1)[0].endswith("/500"):
            self.record(status=500)
            self.answer(500, b"failure on purpose\n", "text/plain")
        else:
            self.record(status=204)
            self.answer(204, b"", None)

    def do_POST(self):
        length = int(self.headers.get("Content-Length") or 0)
        body = self.rfile.read(length)
        self.record(body)
        case = self.control()
        image_base = None
        if "@" in case:
            case, image_base = case.split("@", 1)
        if case.endswith("/500"):
            case = case[:-4]
        if case.startswith("slow:"):
            time.sleep(float(case[5:]))
            case = "one-bid"
        try:
            request = json.loads(body)
            request_id = request["id"]
            impid = request["imp"][0]["id"]
        except (ValueError, KeyError, IndexError, TypeError):
            self.answer(400, b"not a bid request\n", "text/plain")
            return
        base = "http://127.0.0.1:%d" % self.server.server_address[1]
        good = native(base, image_base=image_base)
        seatbid = None
        answer = {"id": request_id, "bidid": "resp-" + request_id[:8], "cur": "USD"}
        if case.startswith("status:"):
            self.answer(int(case[7:]), b"failure on purpose\n", "text/plain")
            return
        if case == "nobid":
            self.answer(204, b"", None)
            return
        if case == "huge":
            self.answer(200, b" " * (2 << 20), "application/json")
            return
        if case == "nbr":
            answer["nbr"] = 2
        elif case in ("fallback-vast", "fallback-media") and impid != "banner":
            if case == "fallback-vast":
                broken = vast_wrapper(base).replace(base + "/vast/inline.xml", base + "/missing.xml").replace(
                    "<Impression>", "<Error><![CDATA[%s/broken/error?code=[ERRORCODE]]]></Error><Impression>" % base)
            else:
                broken = vast_inline(base).replace(base + "/media.mp4", base + "/missing.mp4").replace(
                    base + "/vast/error", base + "/broken/error")
            seatbid = [
                {"seat": "alpha", "bid": [bid(base, "broken", 3.0, impid, broken), bid(base, "low", 1.0, impid, vast_inline(base))]},
                {"seat": "beta", "bid": [bid(base, "v1", 2.5, impid, vast_inline(base))]},
            ]
            for entry in seatbid[0]["bid"] + seatbid[1]["bid"]:
                entry["mtype"] = 2
        elif case in ("fallback-image", "fallback-markup"):
            broken = bid(base, "broken", 3.0, impid, native(base, image_base=base + "/missing"))
            if case == "fallback-markup":
                del broken["adm"]
                broken["mtype"] = 4
                broken["nurl"] = base + "/win-latin1?b=broken&p=${AUCTION_PRICE}"
            seatbid = [
                {"seat": "alpha", "bid": [broken, bid(base, "low", 1.0, impid, good)]},
                {"seat": "beta", "bid": [bid(base, "good", 2.0, impid, good)]},
            ]
        elif case.startswith("video") and impid != "banner":
            markup = vast_wrapper(base) if case == "video-wrapper" else vast_inline(base)
            entry = bid(base, "v1", 2.5, impid, markup)
            entry["mtype"] = 2
            if case == "video-nurl":
                del entry["adm"]
                entry["nurl"] = base + "/win-vast?b=v1&p=${AUCTION_PRICE}"
            seatbid = [{"seat": "alpha", "bid": [entry]}]
        elif case == "one-bid" or case.startswith("video") or case.startswith("fallback-"):
            seatbid = [{"seat": "alpha", "bid": [bid(base, "b1", 1.25, impid, good)]}]
        elif case == "expiring":
            seatbid = [{"seat": "alpha", "bid": [bid(base, "b1", 1.25, impid, good, exp=1)]}]
        elif case == "several":
            seatbid = [
                {"seat": "alpha", "bid": [bid(base, "low", 0.5, impid, good), bid(base, "high", 2.0, impid, good)]},
                {"seat": "beta", "bid": [bid(base, "mid", 1.5, impid, good)]},
            ]
        else:
            bad = {
                "bad-adm": (impid, "{not json"),
                "missing-asset": (impid, native(base, title=None)),
                "wrong-impid": ("another-imp", good),
                "private": (impid, native(base, tracker_host="https://10.0.0.1")),
            }.get(case)
            if bad is None:
                self.answer(500, ("unknown case " + case + "\n").encode(), "text/plain")
                return
            seatbid = [{"seat": "alpha", "bid": [bid(base, "bad", 3.0, bad[0], bad[1]), bid(base, "good", 1.0, impid, good)]}]
        if seatbid is not None:
            answer["seatbid"] = seatbid
        self.answer(200, json.dumps(answer).encode(), "application/json")

def main():
    arguments = parse_arguments(__doc__, ("--creative", {"required": True}), ("--media", {"default": None}))
    return serve(Responder, arguments, creative=arguments.creative, media=arguments.media)


if __name__ == "__main__":
    sys.exit(main())
