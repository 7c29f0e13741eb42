#!/usr/bin/env python3
"""A hostile ad server for Intermission's tests: every path is a way of answering badly.

Listens on 127.0.0.1 on a free port (written to --port-file once listening) and speaks raw sockets,
so that it can break HTTP itself. GET /CASE misbehaves as CASE says; GET /manifest/CASE answers a
valid manifest whose one ad's image is /CASE, so that each case can hit an image as well. Every
request line is appended to --log.

  trickle          a 100,000-byte body, one byte a second
  endless-headers  header lines, one every 10 ms, never the end of the headers
  big-header       one header line of 4 MiB
  short            Content-Length 1000, 10 bytes, then the connection closes
  bad-chunk        chunked, with a chunk size that is not hex
  gzip-bomb        Content-Encoding: gzip, 256 MiB of zeros compressed to about 256 KiB
  html             an HTML page where JSON (or an image) should be
  deep             200,000 nested arrays
  reset            a 100,000-byte body (a PNG's first bytes) reset by the server after 500 bytes
  not-http         an SSH banner instead of an HTTP answer
  not-modified     304 Not Modified to a request that sent no ETag
  silent           reads the request and never answers
  redirect-loop    302 to itself, forever

Standard library only. Stops on SIGTERM or SIGINT.
"""
import argparse
import gzip
import os
import signal
import socket
import socketserver
import struct
import sys
import tempfile
import threading
import time

CASES = [
    "trickle", "endless-headers", "big-header", "short", "bad-chunk", "gzip-bomb", "html", "deep", "reset",
    "not-http", "not-modified", "silent", "redirect-loop",
]


def png_header(width, height):
    """The signature and IHDR chunk of a PNG of width x height, 8-bit RGBA."""
    ihdr = struct.pack(">IIBBBBB", width, height, 8, 6, 0, 0, 0)
    chunk = b"IHDR" + ihdr
    return b"\x89PNG\r\n\x1a\n" + struct.pack(">I", len(ihdr)) + chunk + struct.pack(">I", gzip.zlib.crc32(chunk))


def make_gzip_bomb():
    """256 MiB of zeros, gzip-compressed: about two seconds of a core."""
    compressor = gzip.zlib.compressobj(9, gzip.zlib.DEFLATED, 31)
    block = bytes(1 << 20)
    parts = [compressor.compress(block) for _ in range(256)]
    parts.append(compressor.flush())
    return b"".join(parts)


def gzip_bomb():
    """The gzip bomb, made once per test run and kept with the run's generated test media
    ($INTERMISSION_TEST_MEDIA, else the temporary folder): made at a request, it raced the
    program's time-out on a loaded machine."""
    folder = os.environ.get("INTERMISSION_TEST_MEDIA") or tempfile.gettempdir()
    path = os.path.join(folder, "hostile-gzip-bomb.gz")
    try:
        with open(path, "rb") as cached:
            bomb = cached.read()
        if len(bomb) > 1000:
            return bomb
    except OSError:
        pass
    bomb = make_gzip_bomb()
    temporary = f"{path}.{os.getpid()}.tmp"
    try:
        with open(temporary, "wb") as kept:
            kept.write(bomb)
        os.replace(temporary, path)
    except OSError:
        pass  # kept in memory only
    return bomb


class Hostile(socketserver.BaseRequestHandler):
    def send(self, data):
        self.request.sendall(data)

    def head(self, status, headers=(), length=None):
        lines = [f"HTTP/1.1 {status}"] + list(headers)
        if length is not None:
            lines.append(f"Content-Length: {length}")
        self.send(("\r\n".join(lines) + "\r\n\r\n").encode())

    def handle(self):
        request = b""
        while b"\r\n\r\n" not in request and len(request) < 65536:
            chunk = self.request.recv(4096)
            if not chunk:
                return
            request += chunk
        line = request.split(b"\r\n", 1)[0].decode("latin-1")
        with self.server.log_lock, open(self.server.log, "a") as log:
            log.write(line + "\n")
        path = line.split(" ")[1] if " " in line else "/"
        try:
            if path.startswith("/manifest/"):
                case = path[len("/manifest/"):]
                body = ('{"ads":[{"id":"hostile","image":"/%s","title":"Hostile","action":"in-app"}]}' % case).encode()
                self.head("200 OK", ["Content-Type: application/json", "Connection: close"], len(body))
                self.send(body)
            else:
                getattr(self, "case_" + path.strip("/").replace("-", "_"), self.not_found)()
        except (BrokenPipeError, ConnectionResetError):
            pass

    def not_found(self):
        self.head("404 Not Found", ["Connection: close"], 0)

    def case_trickle(self):
        self.head("200 OK", ["Content-Type: application/json"], 100000)
        for _ in range(100000):
            self.send(b" ")
            time.sleep(1)

    def case_endless_headers(self):
        self.send(b"HTTP/1.1 200 OK\r\n")
        index = 0
        while True:
            self.send(b"X-Endless-%d: %s\r\n" % (index, b"x" * 64))
            index += 1
            time.sleep(0.01)

    def case_big_header(self):
        self.send(b"HTTP/1.1 200 OK\r\nX-Big: " + b"x" * (4 << 20) + b"\r\nContent-Length: 2\r\n\r\n{}")

    def case_short(self):
        self.head("200 OK", ["Content-Type: application/json", "Connection: close"], 1000)
        self.send(b'{"ads":[{"')

    def case_bad_chunk(self):
        self.head("200 OK", ["Transfer-Encoding: chunked", "Connection: close"])
        self.send(b"zz\r\n" + b"x" * 64 + b"\r\n0\r\n\r\n")

    def case_gzip_bomb(self):
        bomb = self.server.gzip_bomb
        self.head("200 OK", ["Content-Encoding: gzip", "Content-Type: application/json", "Connection: close"], len(bomb))
        self.send(bomb)

    def case_html(self):
        body = b"<!DOCTYPE html><html><body><h1>Welcome to our ad server</h1></body></html>"
        self.head("200 OK", ["Content-Type: text/html", "Connection: close"], len(body))
        self.send(body)

    def case_deep(self):
        body = b"[" * 200000 + b"]" * 200000
        self.head("200 OK", ["Content-Type: application/json", "Connection: close"], len(body))
        self.send(body)

    def case_reset(self):
        # A PNG's first bytes, so that an image gets as far as the reset.
        self.head("200 OK", ["Content-Type: image/png"], 100000)
        self.send(png_header(64, 64) + b"\0" * 467)
        time.sleep(0.05)
        self.request.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))
        self.request.close()

    def case_not_http(self):
        self.send(b"SSH-2.0-OpenSSH_9.2p1 Debian-2\r\n" + os.urandom(256))

    def case_not_modified(self):
        self.head("304 Not Modified", ['ETag: "made-up"', "Connection: close"])

    def case_silent(self):
        while self.request.recv(4096):
            pass

    def case_redirect_loop(self):
        self.head("302 Found", ["Location: /redirect-loop", "Connection: close"], 0)


class Server(socketserver.ThreadingTCPServer):
    daemon_threads = True
    allow_reuse_address = True


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--port-file", required=True)
    parser.add_argument("--log", required=True)
    arguments = parser.parse_args()
    server = Server(("127.0.0.1", 0), Hostile)
    server.lock = threading.Lock()
    server.log_lock = threading.Lock()
    server.log = arguments.log
    server.gzip_bomb = gzip_bomb()  # before the port is announced: no request waits for it
    signal.signal(signal.SIGTERM, lambda *_: os._exit(0))
    signal.signal(signal.SIGINT, lambda *_: os._exit(0))
    with open(arguments.port_file + ".tmp", "w") as port:
        port.write(str(server.server_address[1]))
    os.rename(arguments.port_file + ".tmp", arguments.port_file)
    server.serve_forever()


if __name__ == "__main__":
    sys.exit(main())
