"""The Web Data API from asyncio: the same methods, retries and errors as ``WebDataClient``, awaited.

The standard library has no async HTTP client, so each exchange (connect, send, read an answer or a
line of a stream) runs in the event loop's default thread pool via ``run_in_executor``; the waits
between retries and between reads of a job are ``asyncio.sleep``, so they hold no thread, and
cancelling a task stops at the next of them."""

from __future__ import annotations

import asyncio
import json
import time
from typing import Any, AsyncIterator, Callable, Dict, Mapping, Optional, Sequence, cast

from . import routes
from .client import Envelope, default_headers
from .paging import next_page_params, page_items
from .retry import RetryPolicy
from .transport import Prepared, Transport
from .types import DatasetRefreshEnvelope, DatasetSummary, Hotel, HotelSearchEnvelope, Job, JobEnvelope, JobResult, ProductEnvelope, RecordPage


class _AsyncTransport:
    """The retry loop of ``Transport`` with each exchange in a worker thread and each wait awaited."""

    def __init__(self, transport: Transport) -> None:
        self.sync = transport

    async def _run(self, prepared: Prepared, read_body: bool) -> Any:
        loop = asyncio.get_running_loop()
        attempt = 0
        while True:
            answer, error, wait = await loop.run_in_executor(None, self.sync.attempt, prepared, attempt)
            if answer is not None:
                if not read_body:
                    return answer
                value, error, wait = await loop.run_in_executor(None, self.sync.read, prepared, answer, attempt)
                if error is None:
                    return value
            assert error is not None
            if wait is None:
                raise error
            await asyncio.sleep(wait)
            attempt += 1

    async def json(self, prepared: Prepared) -> Any:
        return await self._run(prepared, read_body=True)

    async def lines(self, prepared: Prepared) -> AsyncIterator[Dict[str, Any]]:
        loop = asyncio.get_running_loop()
        answer = await self._run(prepared, read_body=False)
        try:
            while True:
                line = await loop.run_in_executor(None, answer.readline)
                if not line:
                    return
                if line.strip():
                    yield json.loads(line.decode("utf-8"))
        finally:
            answer.close()


class AsyncWebDataClient:
    """``WebDataClient`` for asyncio: every method a coroutine, every list an async iterator.

    ``async with AsyncWebDataClient(url, key) as client:`` or a plain instance (it holds no open
    connection between calls)."""

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
        self._async = _AsyncTransport(self._transport)

    async def __aenter__(self) -> "AsyncWebDataClient":
        return self

    async def __aexit__(self, *exc: Any) -> None:
        return None

    # Any route

    async def request(
        self,
        method: str,
        path: str,
        params: Optional[Mapping[str, Any]] = None,
        json_body: Any = None,
        headers: Optional[Mapping[str, str]] = None,
    ) -> Envelope:
        return await self._async.json(self._transport.prepare(method, path, params, json_body, headers))

    async def get(
        self, path: str, params: Optional[Mapping[str, Any]] = None, headers: Optional[Mapping[str, str]] = None
    ) -> Envelope:
        return await self.request("GET", path, params, None, headers)

    async def post(self, path: str, body: Any = None, headers: Optional[Mapping[str, str]] = None) -> Envelope:
        return await self.request("POST", path, None, {} if body is None else body, headers)

    async def delete(self, path: str) -> Envelope:
        return await self.request("DELETE", path)

    async def _call(self, call: routes.Call) -> Any:
        return await self.request(call.method, call.path, call.params, call.body, call.headers)

    async def pages(
        self, path: str, params: Optional[Mapping[str, Any]] = None, max_pages: Optional[int] = None, headers: Optional[Mapping[str, str]] = None
    ) -> AsyncIterator[Envelope]:
        """Each page of a list in turn, following ``meta.pagination`` or ``meta.next_cursor`` to the end."""
        query: Optional[Dict[str, Any]] = dict(params or {})
        fetched = 0
        while query is not None and (max_pages is None or fetched < max_pages):
            envelope = await self.get(path, query, headers)
            fetched += 1
            yield envelope
            if not page_items(envelope):
                return
            query = next_page_params(envelope, query)

    async def items(
        self, path: str, params: Optional[Mapping[str, Any]] = None, max_pages: Optional[int] = None, headers: Optional[Mapping[str, str]] = None
    ) -> AsyncIterator[Any]:
        async for envelope in self.pages(path, params, max_pages, headers):
            for item in page_items(envelope):
                yield item

    def _lines(self, call: routes.Call) -> AsyncIterator[Dict[str, Any]]:
        return self._async.lines(self._transport.prepare(call.method, call.path, call.params, None, call.headers))

    def stream(self, path: str, params: Optional[Mapping[str, Any]] = None) -> AsyncIterator[Dict[str, Any]]:
        return self._lines(routes.Call("GET", path, {**(params or {}), "format": "ndjson"}, None, {"Accept": "application/x-ndjson"}))

    # Datasets

    def datasets(self, **filters: Any) -> AsyncIterator[DatasetSummary]:
        return self.items("/v1/datasets", filters)

    async def dataset(self, slug: str) -> Envelope:
        return await self._call(routes.dataset(slug))

    def records(
        self,
        slug: str,
        fields: Optional[Sequence[str]] = None,
        cursor: Optional[str] = None,
        limit: Optional[int] = None,
        changed_since: Optional[str] = None,
    ) -> AsyncIterator[Dict[str, Any]]:
        return self._lines(routes.records(slug, fields, cursor, limit, "ndjson", changed_since))

    async def record_pages(
        self, slug: str, fields: Optional[Sequence[str]] = None, page_size: Optional[int] = None, cursor: Optional[str] = None
    ) -> AsyncIterator[RecordPage]:
        while True:
            page = cast(RecordPage, await self._call(routes.records(slug, fields, cursor, page_size, "json")))
            yield page
            cursor = page["meta"].get("next_cursor")
            if not cursor or not page["data"]:
                return

    async def create_dataset(self, name: str, recipe: Mapping[str, Any], **fields: Any) -> Envelope:
        """``POST /v1/datasets``: a dataset of the account's own from a recipe; its first refresh starts at once
        (``data.refresh``). Not retried (a repeat makes a second)."""
        return await self.post("/v1/datasets", {"name": name, "recipe": dict(recipe), **fields})

    async def create_shop_dataset(
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
        return await self.create_dataset(name, routes.shop_recipe(start_urls, options), **fields)

    async def refresh_dataset(self, slug: str) -> Envelope:
        """``POST /v1/datasets/{slug}/refresh``: start a refresh of one of the account's datasets now."""
        call = routes.refresh_dataset(slug)
        return await self.post(call.path)

    async def dataset_refresh(self, slug: str) -> DatasetRefreshEnvelope:
        """``GET /v1/datasets/{slug}/refresh``: the latest refresh, its progress and (a shop) its counts."""
        return cast(DatasetRefreshEnvelope, await self._call(routes.dataset_refresh(slug)))

    async def watch_dataset(self, slug: str, condition: str, threshold: Optional[float] = None) -> Envelope:
        """``POST /v1/watches`` over a whole shop dataset: ``drop_percent``/``below`` (with ``threshold``),
        ``added`` or ``removed``; fires ``dataset.products_matched`` after a refresh. Not retried."""
        call = routes.watch_dataset(slug, condition, threshold)
        return await self.post(call.path, call.body)

    # Products and hotels

    async def product(self, platform: str, **params: Any) -> ProductEnvelope:
        return cast(ProductEnvelope, await self._call(routes.product(platform, params)))

    async def page(self, url: str, **params: Any) -> Envelope:
        """``GET /v1/page``: any page's main content as Markdown; ``formats="markdown,links,metadata"``, ``cursor=``, …"""
        return await self._call(routes.page(url, params))

    async def search_products(self, platform: str, q: str, **params: Any) -> Envelope:
        return await self._call(routes.search_products(platform, q, params))

    async def reviews(self, platform: str, **params: Any) -> Envelope:
        return await self._call(routes.reviews(platform, params))

    async def search_hotels(
        self, platform: str, destination: str, check_in: str, check_out: str, currency: Optional[str] = None, **params: Any
    ) -> HotelSearchEnvelope:
        call = routes.search_hotels(platform, destination, check_in, check_out, currency, params)
        return cast(HotelSearchEnvelope, await self._call(call))

    def search_hotels_all(
        self,
        platform: str,
        destination: str,
        check_in: str,
        check_out: str,
        currency: Optional[str] = None,
        max_pages: Optional[int] = None,
        **params: Any,
    ) -> AsyncIterator[Hotel]:
        call = routes.search_hotels(platform, destination, check_in, check_out, currency, params)
        return self.items(call.path, call.params, max_pages, call.headers)

    async def hotel(self, platform: str, hotel_id: str, currency: Optional[str] = None, **params: Any) -> Envelope:
        return await self._call(routes.hotel(platform, hotel_id, currency, params))

    async def hotel_page(self, url: str, currency: Optional[str] = None, **params: Any) -> Envelope:
        return await self._call(routes.hotel_page(url, currency, params))

    # Batch jobs

    async def create_job(self, body: Mapping[str, Any], idempotency_key: Optional[str] = None) -> JobEnvelope:
        return cast(JobEnvelope, await self._call(routes.create_job(body, idempotency_key)))

    async def job(self, job_id: str) -> JobEnvelope:
        return cast(JobEnvelope, await self._call(routes.job(job_id)))

    async def wait_for_job(
        self,
        job_id: str,
        timeout: float = 600.0,
        interval: float = 1.0,
        on_progress: Optional[Callable[[Job], None]] = None,
    ) -> JobEnvelope:
        deadline = time.monotonic() + timeout
        while True:
            envelope = await self.job(job_id)
            if on_progress:
                on_progress(envelope["data"])
            if routes.is_finished(envelope):
                return envelope
            if time.monotonic() + interval > deadline:
                raise TimeoutError(f"job {job_id} is still {envelope['data']['status']} after {timeout} s")
            await asyncio.sleep(interval)

    def job_results(self, job_id: str) -> AsyncIterator[JobResult]:
        return cast(AsyncIterator[JobResult], self._lines(routes.job_results(job_id)))

    # The account

    async def usage(self) -> Envelope:
        return await self.get("/v1/usage")

    async def keys(self) -> Envelope:
        return await self.get("/v1/keys")

    async def webhooks(self) -> Envelope:
        return await self.get("/v1/webhooks")

    async def watches(self) -> Envelope:
        return await self.get("/v1/watches")


#: The name other SDKs use for their asyncio client.
AsyncClient = AsyncWebDataClient
