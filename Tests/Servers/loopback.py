"""What Intermission's test servers share (standard library only).

Each listens on 127.0.0.1 on a free port, which it writes to --port-file once it listens (written
whole, then renamed, so a reader never sees half of it). It logs every request as one JSON line to
--log, and reads how to answer from the --control file at every request, so that a test can change
that at any time. It stops on SIGTERM or SIGINT.
"""
import argparse
import json
import os
import signal
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer


class LoggingHandler(BaseHTTPRequestHandler):
    """A request handler that logs JSON lines and reads its control file. `default_control` is what a
    missing or empty control file means."""

    protocol_version = "HTTP/1.1"
    default_control = ""
    lock = threading.Lock()

    def log_message(self, *args):
        pass

    def control(self):
        try:
            with open(self.server.control) as control:
                return control.read().strip() or self.default_control
        except OSError:
            return self.default_control

    def log_entry(self, entry):
        with LoggingHandler.lock, open(self.server.log, "a") as log:
            log.write(json.dumps(entry) + "\n")
            log.flush()

    def answer(self, status, body, kind):
        """Answers `status` with `body` of content type `kind` (none if None); a client that went
        away meanwhile is no error."""
        self.send_response(status)
        if kind:
            self.send_header("Content-Type", kind)
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        if body:
            try:
                self.wfile.write(body)
            except OSError:
                pass


def parse_arguments(description, *extra):
    """The common arguments (--port-file, --log, --control) and `extra` ones, each a tuple of the
    name and argparse's keywords."""
    parser = argparse.ArgumentParser(description=description, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--port-file", required=True)
    parser.add_argument("--log", required=True)
    parser.add_argument("--control", required=True)
    for name, options in extra:
        parser.add_argument(name, **options)
    return parser.parse_args()


def serve(handler, arguments, **attributes):
    """Serves `handler` on 127.0.0.1 and a free port until SIGTERM or SIGINT, with the log, the
    control file and `attributes` set on the server for the handler to read."""
    server = ThreadingHTTPServer(("127.0.0.1", 0), handler)
    server.daemon_threads = True
    server.log = arguments.log
    server.control = arguments.control
    for name, value in attributes.items():
        setattr(server, name, value)
    signal.signal(signal.SIGTERM, lambda *_: threading.Thread(target=server.shutdown).start())
    signal.signal(signal.SIGINT, lambda *_: threading.Thread(target=server.shutdown).start())
    temporary = arguments.port_file + ".tmp"
    with open(temporary, "w") as port_file:
        port_file.write(str(server.server_address[1]))
    os.rename(temporary, arguments.port_file)
    server.serve_forever()
    return 0
