"""One HTTP exchange with the API over urllib: the URL and headers, the retry loop (``retry.py``
decides), errors raised as exceptions. The async client runs the same exchange in a worker thread."""

from __future__ import annotations

import http.client
import json
import socket
import time
import urllib.error
import urllib.parse
import urllib.request
from dataclasses import dataclass
from typing import Any, Callable, Dict, Mapping, Optional, Tuple

from .errors import TransportError, WebDataError, error_from_answer
from .retry import RetryPolicy, is_retry_safe, retry_after_seconds

__all__ = ["Prepared", "Transport", "query_string", "retry_after_seconds"]


def query_string(params: Optional[Mapping[str, Any]]) -> str:
    """``{"limit": 5, "fresh": True, "fields": ["a", "b"], "q": None}`` -> ``limit=5&fresh=true&fields=a%2Cb``."""
    pairs = []
    for name, value in (params or {}).items():
        if value is None:
            continue
        if isinstance(value, bool):
            value = "true" if value else "false"
        elif isinstance(value, (list, tuple)):
            value = ",".join(str(item) for item in value)
        pairs.append((name, str(value)))
    return urllib.parse.urlencode(pairs)


@dataclass
class Prepared:
    method: str
    url: str
    headers: Dict[str, str]
    data: Optional[bytes]

    @property
    def retry_safe(self) -> bool:
        return is_retry_safe(self.method, self.headers)


#: What one attempt ended with: a 2xx answer (open), or an error and the wait before the next attempt (None: final).
Outcome = Tuple[Optional[http.client.HTTPResponse], Optional[WebDataError], Optional[float]]


class Transport:
    """Sends requests with the key and default headers; the retry loop for the sync client."""

    def __init__(
        self,
        base_url: str,
        headers: Mapping[str, str],
        policy: RetryPolicy,
        timeout: float,
        sleep: Callable[[float], None] = time.sleep,
    ) -> None:
        self.base_url = base_url.rstrip("/")
        self.headers = dict(headers)
        self.policy = policy
        self.timeout = timeout
        self.sleep = sleep

    def prepare(
        self,
        method: str,
        path: str,
        params: Optional[Mapping[str, Any]] = None,
        body: Any = None,
        headers: Optional[Mapping[str, str]] = None,
    ) -> Prepared:
        url = self.base_url + path
        query = query_string(params)
        if query:
            url += ("&" if "?" in url else "?") + query
        # HTTP ignores a header's case: the caller's spelling replaces ours whatever its case.
        merged: Dict[str, str] = {}
        for name, value in list(self.headers.items()) + list((headers or {}).items()):
            merged = {key: kept for key, kept in merged.items() if key.lower() != name.lower()}
            merged[name] = value
        data = None
        if body is not None:
            data = json.dumps(body).encode("utf-8")
            merged.setdefault("Content-Type", "application/json")
        return Prepared(method, url, merged, data)

    def attempt(self, prepared: Prepared, attempt: int) -> Outcome:
        """One exchange: the open 2xx answer, or the error with the wait before retrying (None: raise it)."""
        request = urllib.request.Request(prepared.url, data=prepared.data, headers=prepared.headers, method=prepared.method)
        try:
            return urllib.request.urlopen(request, timeout=self.timeout), None, None
        except urllib.error.HTTPError as answer:
            retry_after = retry_after_seconds(answer.headers.get("Retry-After"))
            wait = self.policy.wait_after_answer(answer.code, retry_after, attempt, prepared.retry_safe)
            try:
                body = answer.read()
            except (OSError, http.client.HTTPException):
                body = b""  # the error's body was cut off: the status still says what happened
            finally:
                answer.close()
            request_id = answer.headers.get("X-Request-Id")
            return None, error_from_answer(answer.code, body, retry_after, request_id), wait
        except (urllib.error.URLError, OSError, http.client.HTTPException) as failure:
            return None, self.failure(prepared, failure), self._wait_after_failure(failure, attempt, prepared)

    def read(self, prepared: Prepared, answer: http.client.HTTPResponse, attempt: int) -> Tuple[Any, Optional[WebDataError], Optional[float]]:
        """The JSON body of an open answer; a connection dropped mid-body is a failure like any other."""
        try:
            with answer:
                return json.loads(answer.read().decode("utf-8")), None, None
        except (OSError, http.client.HTTPException) as failure:
            return None, self.failure(prepared, failure), self._wait_after_failure(failure, attempt, prepared)

    def _wait_after_failure(self, failure: BaseException, attempt: int, prepared: Prepared) -> Optional[float]:
        # A timeout is not retried: the caller's `timeout` bounds each wait for the API, not a sum of them.
        if isinstance(getattr(failure, "reason", failure), socket.timeout):
            return None
        return self.policy.wait_after_failure(attempt, prepared.retry_safe)

    @staticmethod
    def failure(prepared: Prepared, failure: BaseException) -> TransportError:
        error = TransportError(None, "", f"{prepared.method} {prepared.url} failed: {failure!r}")
        error.__cause__ = failure
        return error

    def open(self, prepared: Prepared) -> http.client.HTTPResponse:
        """The open answer of a 2xx, read by the caller as it streams; any other answer raised as its error."""
        attempt = 0
        while True:
            answer, error, wait = self.attempt(prepared, attempt)
            if answer is not None:
                return answer
            assert error is not None
            if wait is None:
                raise error
            self.sleep(wait)
            attempt += 1

    def json(self, prepared: Prepared) -> Any:
        """The JSON answer of a 2xx, the body read inside the retry loop."""
        attempt = 0
        while True:
            answer, error, wait = self.attempt(prepared, attempt)
            if answer is not None:
                value, error, wait = self.read(prepared, answer, attempt)
                if error is None:
                    return value
            assert error is not None
            if wait is None:
                raise error
            self.sleep(wait)
            attempt += 1
