#!/usr/bin/env python3
"""A VAST ad server for Intermission's tests of how far one resolution may go.

  GET /tree/NAME    a VAST response of 30 wrapper ads, the i-th leading to /tree/NAME-i; at five
                    levels (NAME with five dashes) an empty response, which falls back
  GET /hang/NAME    reads the request and never answers, until the client goes away
  GET /wrap/PATH    a VAST response of one wrapper ad leading to /PATH
  GET /inline/PATH  a VAST response of one inline ad whose media file is /PATH

Every request is logged as a JSON line {"path", "open"}, "open" being how many connections the
server then holds, and every connection that ends as {"closed", "open"}. Standard library only.
"""
import json
import select
import threading

from loopback import LoggingHandler, parse_arguments, serve

WIDTH = 30
DEPTH = 5
connections = {"open": 0}
counting = threading.Lock()


def vast(ads):
    return ('<VAST version="4.2">' + "".join(ads) + "</VAST>").encode()


def wrapper(name, tag):
    return (f'<Ad id="{name}"><Wrapper><VASTAdTagURI>{tag}</VASTAdTagURI>'
            f"<Error>http://127.0.0.1:1/{name}/error</Error></Wrapper></Ad>")


def inline(media):
    return ('<Ad id="inline"><InLine><AdTitle>T</AdTitle><Creatives><Creative><Linear><Duration>00:00:05</Duration>'
            f'<MediaFiles><MediaFile delivery="progressive" type="video/mp4" width="640" height="360">{media}'
            "</MediaFile></MediaFiles></Linear></Creative></Creatives></InLine></Ad>")


class Handler(LoggingHandler):
    def setup(self):
        super().setup()
        with counting:
            connections["open"] += 1

    def finish(self):
        with counting:
            connections["open"] -= 1
            self.log_entry({"closed": True, "open": connections["open"]})
        super().finish()

    def do_GET(self):
        with counting:
            self.log_entry({"path": self.path, "open": connections["open"]})
        base = f"http://127.0.0.1:{self.server.server_address[1]}"
        if self.path.startswith("/tree/"):
            name = self.path[len("/tree/"):]
            if name.count("-") >= DEPTH:
                self.answer(200, vast([]), "application/xml")
            else:
                self.answer(200, vast([wrapper(f"{name}-{i}", f"{base}/tree/{name}-{i}") for i in range(WIDTH)]),
                            "application/xml")
        elif self.path.startswith("/hang/"):
            # Holds the connection until the client closes it.
            while True:
                readable, _, _ = select.select([self.connection], [], [], 0.05)
                if readable and not self.connection.recv(1024):
                    self.close_connection = True
                    return
        elif self.path.startswith("/wrap/"):
            self.answer(200, vast([wrapper("w", base + self.path[len("/wrap"):])]), "application/xml")
        elif self.path.startswith("/inline/"):
            self.answer(200, vast([inline(base + self.path[len("/inline"):])]), "application/xml")
        else:
            self.answer(404, b"", None)


if __name__ == "__main__":
    raise SystemExit(serve(Handler, parse_arguments(__doc__)))
