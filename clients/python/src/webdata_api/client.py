"""The Web Data API from Python: the key on every request, retries, paging, NDJSON streams, typed errors."""

from __future__ import annotations

import json
import time
import urllib.parse
from typing import Any, Dict, Iterator, Mapping, Optional, Sequence

from .paging import next_page_params, page_items
from .transport import Transport

__version__ = "1.0.0"

Envelope = Dict[str, Any]
FINISHED_JOB = ("completed", "failed", "cancelled")


def _segment(value: str) -> str:
    return urllib.parse.quote(value, safe=",")


class WebDataClient:
    """A client for one API origin and one key.

    ``auth="header"`` sends the key as ``X-API-KEY``, ``auth="bearer"`` as ``Authorization: Bearer``.
    A 429 or 503 is retried up to ``max_retries`` times after its ``Retry-After``, unless that is longer
    than ``max_retry_after`` seconds (a used-up month), which is raised at once.
    """

    def __init__(
        self,
        base_url: str,
        api_key: str,
        *,
        auth: str = "header",
        max_retries: int = 3,
        max_retry_after: float = 60.0,
        timeout: float = 60.0,
    ) -> None:
        if auth not in ("header", "bearer"):
            raise ValueError('auth is "header" (X-API-KEY) or "bearer" (Authorization: Bearer)')
        key_header = {"X-API-KEY": api_key} if auth == "header" else {"Authorization": f"Bearer {api_key}"}
        headers = {**key_header, "Accept": "application/json", "User-Agent": f"webdata-api-python/{__version__}"}
        self._transport = Transport(base_url, headers, max_retries, max_retry_after, timeout)

    # Any route

    def request(
        self,
        method: str,
        path: str,
        params: Optional[Mapping[str, Any]] = None,
        json_body: Any = None,
        headers: Optional[Mapping[str, str]] = None,
    ) -> Envelope:
        """The JSON answer (``status``, ``data``, ``meta``) of any route, e.g. ``request("GET", "/v1/usage")``."""
        with self._transport.open(method, path, params, json_body, headers) as answer:
            return json.loads(answer.read().decode("utf-8"))

    def get(
        self, path: str, params: Optional[Mapping[str, Any]] = None, headers: Optional[Mapping[str, str]] = None
    ) -> Envelope:
        return self.request("GET", path, params, None, headers)

    def post(self, path: str, body: Any = None, headers: Optional[Mapping[str, str]] = None) -> Envelope:
        return self.request("POST", path, None, {} if body is None else body, headers)

    def delete(self, path: str) -> Envelope:
        return self.request("DELETE", path)

    def pages(
        self, path: str, params: Optional[Mapping[str, Any]] = None, max_pages: Optional[int] = None
    ) -> Iterator[Envelope]:
        """Each page of a list in turn, following ``meta.pagination`` or ``meta.next_cursor`` to the end."""
        query: Optional[Dict[str, Any]] = dict(params or {})
        fetched = 0
        while query is not None and (max_pages is None or fetched < max_pages):
            envelope = self.get(path, query)
            fetched += 1
            yield envelope
            if not page_items(envelope):
                return
            query = next_page_params(envelope, query)

    def items(
        self, path: str, params: Optional[Mapping[str, Any]] = None, max_pages: Optional[int] = None
    ) -> Iterator[Any]:
        """Each item of a list over all its pages (``data``, or its ``results`` / ``hotels`` / ``reviews``)."""
        for envelope in self.pages(path, params, max_pages):
            yield from page_items(envelope)

    def stream(self, path: str, params: Optional[Mapping[str, Any]] = None) -> Iterator[Dict[str, Any]]:
        """Each line of an NDJSON answer as it arrives, in constant memory (``format=ndjson`` is added)."""
        query = {**(params or {}), "format": "ndjson"}
        with self._transport.open("GET", path, query, None, {"Accept": "application/x-ndjson"}) as answer:
            for line in answer:
                if line.strip():
                    yield json.loads(line.decode("utf-8"))

    # Datasets

    def datasets(self, **filters: Any) -> Iterator[Dict[str, Any]]:
        """Every dataset of the catalogue matching ``q``, ``category``, ``country``, ``sort`` (all pages)."""
        return self.items("/v1/datasets", filters)

    def records(
        self,
        slug: str,
        fields: Optional[Sequence[str]] = None,
        cursor: Optional[str] = None,
        limit: Optional[int] = None,
    ) -> Iterator[Dict[str, Any]]:
        """A dataset's records, streamed as NDJSON: all of them, or from ``cursor`` on, at most ``limit``."""
        params = {"fields": fields, "cursor": cursor, "limit": limit}
        return self.stream(f"/v1/datasets/{_segment(slug)}/records", params)

    # Products and hotels

    def product(self, platform: str, **params: Any) -> Envelope:
        """``GET /v1/{platform}``: one product by its id (``asin=``, ``id=``, ``sku=``) or ``url=``."""
        return self.get(f"/v1/{_segment(platform)}", params)

    def page(self, url: str, **params: Any) -> Envelope:
        """``GET /v1/page``: any page's main content as Markdown; ``formats="markdown,links,metadata"``, ``cursor=``, …"""
        return self.get("/v1/page", {"url": url, **params})

    def search_products(self, platform: str, q: str, **params: Any) -> Envelope:
        return self.get(f"/v1/{_segment(platform)}/search", {"q": q, **params})

    def search_hotels(
        self,
        platform: str,
        destination: str,
        check_in: str,
        check_out: str,
        currency: Optional[str] = None,
        **params: Any,
    ) -> Envelope:
        """``GET /v1/travel/{platform}/hotels/search``; ``platform`` may be a comma list or ``all``;
        ``currency`` is sent as the ``X-Currency`` header."""
        query = {"destination": destination, "check_in": check_in, "check_out": check_out, **params}
        headers = {"X-Currency": currency} if currency else None
        return self.get(f"/v1/travel/{_segment(platform)}/hotels/search", query, headers)

    # Batch jobs

    def create_job(self, body: Mapping[str, Any], idempotency_key: Optional[str] = None) -> Envelope:
        """``POST /v1/jobs`` with ``{"requests": [{"path": …}]}`` or ``{"platform", "kind", "inputs"}``."""
        headers = {"Idempotency-Key": idempotency_key} if idempotency_key else None
        return self.post("/v1/jobs", dict(body), headers)

    def job(self, job_id: str) -> Envelope:
        return self.get(f"/v1/jobs/{_segment(job_id)}")

    def wait_for_job(self, job_id: str, timeout: float = 600.0, interval: float = 1.0) -> Envelope:
        """The job once it is ``completed``, ``failed`` or ``cancelled``; TimeoutError after ``timeout`` s."""
        deadline = time.monotonic() + timeout
        while True:
            envelope = self.job(job_id)
            if envelope["data"]["status"] in FINISHED_JOB:
                return envelope
            if time.monotonic() >= deadline:
                raise TimeoutError(f"job {job_id} is still {envelope['data']['status']} after {timeout} s")
            time.sleep(interval)

    def job_results(self, job_id: str) -> Iterator[Dict[str, Any]]:
        """Each item's outcome in order (``index``, ``path``, ``status``, ``http_status``, ``error``, ``data``), streamed."""
        return self.stream(f"/v1/jobs/{_segment(job_id)}/results")
