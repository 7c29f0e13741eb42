#!/usr/bin/env python3
"""A beacon collector and ad server with fault injection, for Intermission's tests.

Listens on 127.0.0.1 on a free port (written to --port-file once listening), logs every request as
one JSON line to --log, serves files from --root (if given) and answers anything else with 204. How
it answers is read from the --control file at every request, so a test can change it at any time:

  up          answer normally (the default, also when the file is missing or empty)
  500         answer 500 Internal Server Error
  down        reset the connection without answering (a server that is down)
  slow:S      wait S seconds, then answer normally
  endless     answer 200 with a valid PNG header followed by a body that never ends
  endless:P   the same for the path P only; anything else is answered normally
  chaos:SEED  each request draws, from a generator seeded with SEED: 500 (20 %), down (20 %),
              slow:0.3 (10 %) or up (50 %); the log records what was drawn

Standard library only. Stops on SIGTERM or SIGINT.
"""
import os
import random
import socket
import struct
import sys
import threading
import time
import urllib.parse
import zlib

from loopback import LoggingHandler, parse_arguments, serve


def png_header(width, height):
    """The signature and IHDR chunk of a PNG of width x height, 8-bit RGBA."""
    ihdr = struct.pack(">IIBBBBB", width, height, 8, 6, 0, 0, 0)
    chunk = b"IHDR" + ihdr
    return b"\x89PNG\r\n\x1a\n" + struct.pack(">I", len(ihdr)) + chunk + struct.pack(">I", zlib.crc32(chunk))


class Collector(LoggingHandler):
    server_version = "collector"
    default_control = "up"

    def record(self, mode):
        parsed = urllib.parse.urlsplit(self.path)
        self.log_entry({
            "time": time.time(),
            "path": parsed.path,
            "query": dict(urllib.parse.parse_qsl(parsed.query)),
            "mode": mode,
        })

    def do_GET(self):
        mode = self.control()
        if mode.startswith("chaos:"):
            mode = self.server.chaos(int(mode[6:]))
        self.record(mode)
        if mode == "down":
            # RST instead of FIN: the client sees a connection reset, as from a server that is gone.
            self.connection.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))
            self.close_connection = True
            self.connection.close()
            return
        if mode == "500":
            self.answer(500, b"failure on purpose\n", "text/plain")
            return
        if mode.startswith("slow:"):
            time.sleep(float(mode[5:]))
        path = urllib.parse.urlsplit(self.path).path
        if mode == "endless" or mode == "endless:" + path:
            self.send_response(200)
            self.send_header("Content-Type", "image/png")
            self.end_headers()
            try:
                self.wfile.write(png_header(64, 64))
                block = b"\0" * 65536
                while True:
                    self.wfile.write(block)
            except OSError:
                pass
            self.close_connection = True
            return
        if self.server.root:
            file = os.path.realpath(os.path.join(self.server.root, path.lstrip("/")))
            if file.startswith(self.server.root + os.sep) and os.path.isfile(file):
                with open(file, "rb") as handle:
                    kind = "application/json" if file.endswith(".json") else "image/png"
                    self.answer(200, handle.read(), kind)
                return
            if path.endswith((".json", ".png", ".jpg")):
                self.answer(404, b"not found\n", "text/plain")
                return
        self.answer(204, b"", None)

def main():
    arguments = parse_arguments(__doc__, ("--root", {}))
    generators = {}
    lock = threading.Lock()

    def chaos(seed):
        with lock:
            generator = generators.setdefault(seed, random.Random(seed))
            draw = generator.random()
        return "500" if draw < 0.2 else "down" if draw < 0.4 else "slow:0.3" if draw < 0.5 else "up"

    root = os.path.realpath(arguments.root) if arguments.root else None
    return serve(Collector, arguments, chaos=chaos, root=root)


if __name__ == "__main__":
    sys.exit(main())
