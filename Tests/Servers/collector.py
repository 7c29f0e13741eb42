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
import argparse
import json
import os
import random
import signal
import socket
import struct
import sys
import threading
import time
import urllib.parse
import zlib
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer


def png_header(width, height):
    """The signature and IHDR chunk of a PNG of width x height, 8-bit RGBA."""
    ihdr = struct.pack(">IIBBBBB", width, height, 8, 6, 0, 0, 0)
    chunk = b"IHDR" + ihdr
    return b"\x89PNG\r\n\x1a\n" + struct.pack(">I", len(ihdr)) + chunk + struct.pack(">I", zlib.crc32(chunk))


class Collector(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"
    server_version = "collector"
    lock = threading.Lock()

    def log_message(self, *args):
        pass

    def mode(self):
        try:
            with open(self.server.control) as control:
                return control.read().strip() or "up"
        except OSError:
            return "up"

    def record(self, mode):
        parsed = urllib.parse.urlsplit(self.path)
        entry = {
            "time": time.time(),
            "path": parsed.path,
            "query": dict(urllib.parse.parse_qsl(parsed.query)),
            "mode": mode,
        }
        with Collector.lock, open(self.server.log, "a") as log:
            log.write(json.dumps(entry) + "\n")
            log.flush()

    def do_GET(self):
        mode = self.mode()
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

    def answer(self, status, body, kind):
        self.send_response(status)
        if kind:
            self.send_header("Content-Type", kind)
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        if body:
            self.wfile.write(body)


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--port-file", required=True)
    parser.add_argument("--log", required=True)
    parser.add_argument("--control", required=True)
    parser.add_argument("--root")
    arguments = parser.parse_args()

    server = ThreadingHTTPServer(("127.0.0.1", 0), Collector)
    generators = {}

    def chaos(seed):
        with Collector.lock:
            generator = generators.setdefault(seed, random.Random(seed))
            draw = generator.random()
        return "500" if draw < 0.2 else "down" if draw < 0.4 else "slow:0.3" if draw < 0.5 else "up"

    server.chaos = chaos
    server.daemon_threads = True
    server.log = arguments.log
    server.control = arguments.control
    server.root = os.path.realpath(arguments.root) if arguments.root else None
    signal.signal(signal.SIGTERM, lambda *_: threading.Thread(target=server.shutdown).start())
    signal.signal(signal.SIGINT, lambda *_: threading.Thread(target=server.shutdown).start())
    temporary = arguments.port_file + ".tmp"
    with open(temporary, "w") as port_file:
        port_file.write(str(server.server_address[1]))
    os.rename(temporary, arguments.port_file)
    server.serve_forever()
    return 0


if __name__ == "__main__":
    sys.exit(main())
