"""An HTTP server on 127.0.0.1 that answers from a script and records what it was sent."""

from __future__ import annotations

import json
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any, Dict, List, Optional, Tuple

Answer = Tuple[int, Dict[str, str], bytes]

#: A scripted step that closes the connection without any answer.
DROP: Answer = (0, {}, b"")
#: A scripted step that starts a 200 answer and closes the connection in the middle of its body.
DROP_MID_BODY: Answer = (-1, {}, b"")


def envelope_error(status: int, code: str, message: str, **headers: str) -> Answer:
    body = {
        "status": "error",
        "error": {"code": code, "message": message, "details": []},
        "meta": {"request_id": "req_scripted", "timestamp": "2026-01-01T00:00:00Z"},
    }
    return status, {"Content-Type": "application/json", **headers}, json.dumps(body).encode()


def success(data: Any) -> Answer:
    body = {"status": "success", "data": data, "meta": {"request_id": "req_ok"}}
    return 200, {"Content-Type": "application/json"}, json.dumps(body).encode()


class ScriptedServer:
    """Answers each request with the next scripted answer (the last one repeats)."""

    def __init__(self, answers: List[Answer]) -> None:
        self.answers = list(answers)
        self.requests: List[Dict[str, Any]] = []
        server = self

        class Handler(BaseHTTPRequestHandler):
            def do_GET(self) -> None:  # noqa: N802 (http.server's naming)
                length = int(self.headers.get("Content-Length") or 0)
                sent = self.rfile.read(length) if length else b""
                server.requests.append(
                    {"method": self.command, "path": self.path, "headers": dict(self.headers), "body": sent, "at": time.monotonic()}
                )
                status, headers, body = server.answers.pop(0) if len(server.answers) > 1 else server.answers[0]
                if status == DROP[0]:
                    self.close_connection = True
                    self.connection.close()
                    return
                if status == DROP_MID_BODY[0]:
                    self.send_response(200)
                    self.send_header("Content-Type", "application/json")
                    self.send_header("Content-Length", "1000")
                    self.end_headers()
                    self.wfile.write(b'{"status": "succ')
                    self.wfile.flush()
                    self.close_connection = True
                    self.connection.close()
                    return
                self.send_response(status)
                for name, value in headers.items():
                    self.send_header(name, value)
                self.send_header("Content-Length", str(len(body)))
                self.end_headers()
                self.wfile.write(body)

            do_POST = do_GET  # noqa: N815
            do_DELETE = do_GET  # noqa: N815

            def log_message(self, *args: Any) -> None:
                pass

        self.httpd = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.url = f"http://127.0.0.1:{self.httpd.server_address[1]}"
        self.thread: Optional[threading.Thread] = None

    def __enter__(self) -> "ScriptedServer":
        self.thread = threading.Thread(target=self.httpd.serve_forever, daemon=True)
        self.thread.start()
        return self

    def __exit__(self, *exc: Any) -> None:
        self.httpd.shutdown()
        self.httpd.server_close()
