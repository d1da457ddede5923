"""One HTTP exchange with the API over urllib: the query string, retries after 429 and 503 as
``Retry-After`` asks (RFC 9110 section 10.2.3: seconds or an HTTP date), errors raised as exceptions."""

from __future__ import annotations

import json
import time
import urllib.error
import urllib.parse
import urllib.request
from datetime import datetime, timezone
from email.utils import parsedate_to_datetime
from http.client import HTTPResponse
from typing import Any, Callable, Dict, Mapping, Optional

from .errors import TransportError, error_from_answer

RETRYABLE = (429, 503)
#: The wait before retrying an answer that names none.
DEFAULT_RETRY_SECONDS = 1.0


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


def retry_after_seconds(header: Optional[str]) -> Optional[float]:
    """``Retry-After`` as seconds from now, or None when absent or unreadable."""
    if header is None:
        return None
    header = header.strip()
    if header.isdigit():
        return float(header)
    try:
        when = parsedate_to_datetime(header)
    except (TypeError, ValueError):
        return None
    if when is None:  # Python 3.9 answers None for some unreadable dates instead of raising
        return None
    if when.tzinfo is None:
        when = when.replace(tzinfo=timezone.utc)
    return max(0.0, (when - datetime.now(timezone.utc)).total_seconds())


class Transport:
    """Sends requests with the key and default headers, retrying 429 and 503 within bounds."""

    def __init__(
        self,
        base_url: str,
        headers: Mapping[str, str],
        max_retries: int,
        max_retry_after: float,
        timeout: float,
        sleep: Callable[[float], None] = time.sleep,
    ) -> None:
        self.base_url = base_url.rstrip("/")
        self.headers = dict(headers)
        self.max_retries = max_retries
        self.max_retry_after = max_retry_after
        self.timeout = timeout
        self.sleep = sleep

    def open(
        self,
        method: str,
        path: str,
        params: Optional[Mapping[str, Any]] = None,
        body: Any = None,
        headers: Optional[Mapping[str, str]] = None,
    ) -> HTTPResponse:
        """The open answer of a 2xx (read it, or iterate its lines); any other answer raised as its error."""
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
        for attempt in range(self.max_retries + 1):
            request = urllib.request.Request(url, data=data, headers=merged, method=method)
            try:
                return urllib.request.urlopen(request, timeout=self.timeout)
            except urllib.error.HTTPError as answer:
                waited = self._wait_before_retry(answer, attempt)
                if waited is None:
                    raise error_from_answer(
                        answer.code, answer.read(), retry_after_seconds(answer.headers.get("Retry-After"))
                    ) from None
            except (urllib.error.URLError, OSError) as failure:
                raise TransportError(None, "", f"{method} {url} failed: {failure}") from failure
        raise AssertionError("unreachable: the last attempt returns or raises")

    def _wait_before_retry(self, answer: urllib.error.HTTPError, attempt: int) -> Optional[float]:
        """Sleeps out ``Retry-After`` and returns the wait, or None when this answer is final."""
        if answer.code not in RETRYABLE or attempt >= self.max_retries:
            return None
        seconds = retry_after_seconds(answer.headers.get("Retry-After"))
        if seconds is None:
            seconds = DEFAULT_RETRY_SECONDS
        # A long wait (a used-up month) is the caller's decision, not a retry.
        if seconds > self.max_retry_after:
            return None
        answer.read()
        answer.close()
        self.sleep(seconds)
        return seconds
