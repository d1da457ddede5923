"""The Web Data API from Python: the key on every request, retries, paging, NDJSON streams, typed errors."""

from __future__ import annotations

import json
import time
from typing import Any, Callable, Dict, Iterator, Mapping, Optional, Sequence, cast

from . import routes
from .paging import next_page_params, page_items
from .retry import RetryPolicy
from .transport import Transport
from .types import DatasetRefreshEnvelope, DatasetSummary, Hotel, HotelSearchEnvelope, Job, JobEnvelope, JobResult, ProductEnvelope, RecordPage

__version__ = "2.0.0"

Envelope = Dict[str, Any]


def default_headers(api_key: str, auth: str) -> Dict[str, str]:
    if auth not in ("header", "bearer"):
        raise ValueError('auth is "header" (X-API-KEY) or "bearer" (Authorization: Bearer)')
    key_header = {"X-API-KEY": api_key} if auth == "header" else {"Authorization": f"Bearer {api_key}"}
    return {**key_header, "Accept": "application/json", "User-Agent": f"webdata-api-python/{__version__}"}


class WebDataClient:
    """A client for one API origin and one key.

    ``auth="header"`` sends the key as ``X-API-KEY``, ``auth="bearer"`` as ``Authorization: Bearer``.
    429, 502, 503 and 504 answers and network errors are retried up to ``max_retries`` times for
    requests safe to repeat (GET, and POST /v1/jobs, which always carries an Idempotency-Key): after
    ``Retry-After`` when the answer names one, unless longer than ``max_retry_after`` seconds (a
    used-up month, raised at once), else after a backoff from ``retry_base_delay`` doubling each time,
    with jitter. ``timeout`` bounds each wait for the API in seconds (not retried when it passes).
    """

    def __init__(
        self,
        base_url: str,
        api_key: str,
        *,
        auth: str = "header",
        max_retries: int = 3,
        max_retry_after: float = 60.0,
        retry_base_delay: float = 0.5,
        timeout: float = 60.0,
    ) -> None:
        policy = RetryPolicy(max_retries, max_retry_after, retry_base_delay)
        self._transport = Transport(base_url, default_headers(api_key, auth), policy, timeout)

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
        return self._transport.json(self._transport.prepare(method, path, params, json_body, headers))

    def get(
        self, path: str, params: Optional[Mapping[str, Any]] = None, headers: Optional[Mapping[str, str]] = None
    ) -> Envelope:
        return self.request("GET", path, params, None, headers)

    def post(self, path: str, body: Any = None, headers: Optional[Mapping[str, str]] = None) -> Envelope:
        return self.request("POST", path, None, {} if body is None else body, headers)

    def delete(self, path: str) -> Envelope:
        return self.request("DELETE", path)

    def _call(self, call: routes.Call) -> Any:
        return self.request(call.method, call.path, call.params, call.body, call.headers)

    def pages(
        self, path: str, params: Optional[Mapping[str, Any]] = None, max_pages: Optional[int] = None, headers: Optional[Mapping[str, str]] = None
    ) -> Iterator[Envelope]:
        """Each page of a list in turn, following ``meta.pagination`` or ``meta.next_cursor`` to the end."""
        query: Optional[Dict[str, Any]] = dict(params or {})
        fetched = 0
        while query is not None and (max_pages is None or fetched < max_pages):
            envelope = self.get(path, query, headers)
            fetched += 1
            yield envelope
            if not page_items(envelope):
                return
            query = next_page_params(envelope, query)

    def items(
        self, path: str, params: Optional[Mapping[str, Any]] = None, max_pages: Optional[int] = None, headers: Optional[Mapping[str, str]] = None
    ) -> Iterator[Any]:
        """Each item of a list over all its pages (``data``, or its ``results`` / ``hotels`` / ``reviews``)."""
        for envelope in self.pages(path, params, max_pages, headers):
            yield from page_items(envelope)

    def _lines(self, call: routes.Call) -> Iterator[Dict[str, Any]]:
        with self._transport.open(self._transport.prepare(call.method, call.path, call.params, None, call.headers)) as answer:
            for line in answer:
                if line.strip():
                    yield json.loads(line.decode("utf-8"))

    def stream(self, path: str, params: Optional[Mapping[str, Any]] = None) -> Iterator[Dict[str, Any]]:
        """Each line of an NDJSON answer as it arrives, in constant memory (``format=ndjson`` is added)."""
        return self._lines(routes.Call("GET", path, {**(params or {}), "format": "ndjson"}, None, {"Accept": "application/x-ndjson"}))

    # Datasets

    def datasets(self, **filters: Any) -> Iterator[DatasetSummary]:
        """Every dataset of the catalogue matching ``q``, ``category``, ``country``, ``sort`` (all pages)."""
        return self.items("/v1/datasets", filters)

    def dataset(self, slug: str) -> Envelope:
        """``GET /v1/datasets/{slug}``: one dataset with its ``fields``."""
        return self._call(routes.dataset(slug))

    def records(
        self,
        slug: str,
        fields: Optional[Sequence[str]] = None,
        cursor: Optional[str] = None,
        limit: Optional[int] = None,
        changed_since: Optional[str] = None,
    ) -> Iterator[Dict[str, Any]]:
        """A dataset's records, streamed as NDJSON: all of them, or from ``cursor`` on, at most ``limit``;
        ``changed_since`` (ISO 8601) keeps those a refresh added, changed or removed (``removed_at`` set)."""
        return self._lines(routes.records(slug, fields, cursor, limit, "ndjson", changed_since))

    def record_pages(
        self, slug: str, fields: Optional[Sequence[str]] = None, page_size: Optional[int] = None, cursor: Optional[str] = None
    ) -> Iterator[RecordPage]:
        """A dataset's records as JSON pages of ``page_size`` (at most 1000), following ``meta.next_cursor``;
        each page is its own GET, so a failure is retried for that page alone."""
        while True:
            page = cast(RecordPage, self._call(routes.records(slug, fields, cursor, page_size, "json")))
            yield page
            cursor = page["meta"].get("next_cursor")
            if not cursor or not page["data"]:
                return

    def create_dataset(self, name: str, recipe: Mapping[str, Any], **fields: Any) -> Envelope:
        """``POST /v1/datasets``: a dataset of the account's own from a recipe; its first refresh starts at once
        (``data.refresh``). Not retried (a repeat makes a second)."""
        return self.post("/v1/datasets", {"name": name, "recipe": dict(recipe), **fields})

    def create_shop_dataset(
        self,
        name: str,
        start_urls: Sequence[str],
        max_products: Optional[int] = None,
        include: Optional[Sequence[str]] = None,
        exclude: Optional[Sequence[str]] = None,
        schedule: Optional[str] = None,
        **fields: Any,
    ) -> Envelope:
        """A ``shop`` dataset: every product of a site, found from ``start_urls`` (home, categories or sitemaps)."""
        options = {"max_products": max_products, "include": include, "exclude": exclude, "schedule": schedule}
        return self.create_dataset(name, routes.shop_recipe(start_urls, options), **fields)

    def refresh_dataset(self, slug: str) -> Envelope:
        """``POST /v1/datasets/{slug}/refresh``: start a refresh of one of the account's datasets now."""
        call = routes.refresh_dataset(slug)
        return self.post(call.path)

    def dataset_refresh(self, slug: str) -> DatasetRefreshEnvelope:
        """``GET /v1/datasets/{slug}/refresh``: the latest refresh, its progress and (a shop) its counts."""
        return cast(DatasetRefreshEnvelope, self._call(routes.dataset_refresh(slug)))

    def watch_dataset(self, slug: str, condition: str, threshold: Optional[float] = None) -> Envelope:
        """``POST /v1/watches`` over a whole shop dataset: ``drop_percent``/``below`` (with ``threshold``),
        ``added`` or ``removed``; fires ``dataset.products_matched`` after a refresh. Not retried."""
        call = routes.watch_dataset(slug, condition, threshold)
        return self.post(call.path, call.body)

    # Products and hotels

    def product(self, platform: str, **params: Any) -> ProductEnvelope:
        """``GET /v1/{platform}``: one product by its id (``asin=``, ``id=``, ``sku=``) or ``url=``;
        ``country``, ``fresh``, ``max_age``, ``engine``."""
        return cast(ProductEnvelope, self._call(routes.product(platform, params)))

    def page(self, url: str, **params: Any) -> Envelope:
        """``GET /v1/page``: any page's main content as Markdown; ``formats="markdown,links,metadata"``, ``cursor=``, …"""
        return self._call(routes.page(url, params))

    def search_products(self, platform: str, q: str, **params: Any) -> Envelope:
        return self._call(routes.search_products(platform, q, params))

    def reviews(self, platform: str, **params: Any) -> Envelope:
        """``GET /v1/{platform}/reviews``: one page of a product's reviews (``page``, ``sort``, ``rating``)."""
        return self._call(routes.reviews(platform, params))

    def search_hotels(
        self,
        platform: str,
        destination: str,
        check_in: str,
        check_out: str,
        currency: Optional[str] = None,
        **params: Any,
    ) -> HotelSearchEnvelope:
        """``GET /v1/travel/{platform}/hotels/search``: one page; ``platform`` may be a comma list or ``all``;
        ``currency`` is sent as the ``X-Currency`` header."""
        return cast(HotelSearchEnvelope, self._call(routes.search_hotels(platform, destination, check_in, check_out, currency, params)))

    def search_hotels_all(
        self,
        platform: str,
        destination: str,
        check_in: str,
        check_out: str,
        currency: Optional[str] = None,
        max_pages: Optional[int] = None,
        **params: Any,
    ) -> Iterator[Hotel]:
        """Each hotel of a search over all its pages (``limit`` a page), to ``total_pages`` or ``max_pages``."""
        call = routes.search_hotels(platform, destination, check_in, check_out, currency, params)
        return self.items(call.path, call.params, max_pages, call.headers)

    def hotel(self, platform: str, hotel_id: str, currency: Optional[str] = None, **params: Any) -> Envelope:
        """``GET /v1/travel/{platform}/hotels/{id}``: one hotel with its rooms and offers."""
        return self._call(routes.hotel(platform, hotel_id, currency, params))

    def hotel_page(self, url: str, currency: Optional[str] = None, **params: Any) -> Envelope:
        """``GET /v1/travel/hotel``: any hotel's page by its address (a hotel's own site, or a travel platform's page)."""
        return self._call(routes.hotel_page(url, currency, params))

    def hotel_list(self, url: str, **params: Any) -> Envelope:
        """``GET /v1/travel/hotel-list``: any site's list of hotels by its address, each card's score out of 10."""
        return self._call(routes.hotel_list(url, params))

    # Batch jobs

    def create_job(self, body: Mapping[str, Any], idempotency_key: Optional[str] = None) -> JobEnvelope:
        """``POST /v1/jobs`` with ``{"requests": [{"path": …}]}`` or ``{"platform", "kind", "inputs"}``;
        always with an ``Idempotency-Key`` (yours or a new one), so it is retried safely."""
        return cast(JobEnvelope, self._call(routes.create_job(body, idempotency_key)))

    def job(self, job_id: str) -> JobEnvelope:
        return cast(JobEnvelope, self._call(routes.job(job_id)))

    def wait_for_job(
        self,
        job_id: str,
        timeout: float = 600.0,
        interval: float = 1.0,
        on_progress: Optional[Callable[[Job], None]] = None,
    ) -> JobEnvelope:
        """The job once it is ``completed``, ``failed`` or ``cancelled``, read every ``interval`` s (each read
        passed to ``on_progress``); TimeoutError after ``timeout`` s (the job itself goes on)."""
        deadline = time.monotonic() + timeout
        while True:
            envelope = self.job(job_id)
            if on_progress:
                on_progress(envelope["data"])
            if routes.is_finished(envelope):
                return envelope
            if time.monotonic() + interval > deadline:
                raise TimeoutError(f"job {job_id} is still {envelope['data']['status']} after {timeout} s")
            time.sleep(interval)

    def job_results(self, job_id: str) -> Iterator[JobResult]:
        """Each item's outcome in order (``index``, ``path``, ``status``, ``http_status``, ``error``, ``data``), streamed."""
        return cast(Iterator[JobResult], self._lines(routes.job_results(job_id)))

    # The account

    def usage(self) -> Envelope:
        return self.get("/v1/usage")

    def keys(self) -> Envelope:
        return self.get("/v1/keys")

    def webhooks(self) -> Envelope:
        return self.get("/v1/webhooks")

    def create_webhook(self, url: str, event_types: Optional[Sequence[str]] = None, **fields: Any) -> Envelope:
        """``POST /v1/webhooks``; the signing ``secret`` is in this answer only. Not retried (a repeat makes a second)."""
        body = {"url": url, **({"event_types": list(event_types)} if event_types else {}), **fields}
        return self.post("/v1/webhooks", body)

    def watches(self) -> Envelope:
        return self.get("/v1/watches")

    def create_watch(self, body: Mapping[str, Any]) -> Envelope:
        """``POST /v1/watches``: a product or hotel checked on an interval. Not retried (a repeat makes a second)."""
        return self.post("/v1/watches", dict(body))
