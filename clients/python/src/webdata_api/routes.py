"""Each named method as the request it sends, shared by the sync and the async client: the method,
path, query, body and headers, so both clients call the API the same way."""

from __future__ import annotations

import urllib.parse
import uuid
from dataclasses import dataclass, field
from typing import Any, Dict, Mapping, Optional, Sequence

FINISHED_JOB = ("completed", "failed", "cancelled")


def segment(value: str) -> str:
    return urllib.parse.quote(value, safe=",")


@dataclass
class Call:
    method: str
    path: str
    params: Dict[str, Any] = field(default_factory=dict)
    body: Any = None
    headers: Dict[str, str] = field(default_factory=dict)


def product(platform: str, params: Mapping[str, Any]) -> Call:
    return Call("GET", f"/v1/{segment(platform)}", dict(params))


def page(url: str, params: Mapping[str, Any]) -> Call:
    return Call("GET", "/v1/page", {"url": url, **params})


def search_products(platform: str, q: str, params: Mapping[str, Any]) -> Call:
    return Call("GET", f"/v1/{segment(platform)}/search", {"q": q, **params})


def reviews(platform: str, params: Mapping[str, Any]) -> Call:
    return Call("GET", f"/v1/{segment(platform)}/reviews", dict(params))


def search_hotels(
    platform: str, destination: str, check_in: str, check_out: str, currency: Optional[str], params: Mapping[str, Any]
) -> Call:
    query = {"destination": destination, "check_in": check_in, "check_out": check_out, **params}
    headers = {"X-Currency": currency} if currency else {}
    return Call("GET", f"/v1/travel/{segment(platform)}/hotels/search", query, None, headers)


def hotel(platform: str, hotel_id: str, currency: Optional[str], params: Mapping[str, Any]) -> Call:
    headers = {"X-Currency": currency} if currency else {}
    return Call("GET", f"/v1/travel/{segment(platform)}/hotels/{segment(hotel_id)}", dict(params), None, headers)


def hotel_page(url: str, currency: Optional[str], params: Mapping[str, Any]) -> Call:
    headers = {"X-Currency": currency} if currency else {}
    return Call("GET", "/v1/travel/hotel", {**params, "url": url}, None, headers)


def hotel_list(url: str, params: Mapping[str, Any]) -> Call:
    return Call("GET", "/v1/travel/hotel-list", {**params, "url": url})


def datasets(params: Mapping[str, Any]) -> Call:
    return Call("GET", "/v1/datasets", dict(params))


def dataset(slug: str) -> Call:
    return Call("GET", f"/v1/datasets/{segment(slug)}")


def records(
    slug: str,
    fields: Optional[Sequence[str]],
    cursor: Optional[str],
    limit: Optional[int],
    format: str,
    changed_since: Optional[str] = None,
) -> Call:
    params = {"fields": fields, "cursor": cursor, "limit": limit, "format": format, "changed_since": changed_since}
    headers = {"Accept": "application/x-ndjson"} if format == "ndjson" else {}
    return Call("GET", f"/v1/datasets/{segment(slug)}/records", params, None, headers)


def create_dataset(body: Mapping[str, Any]) -> Call:
    return Call("POST", "/v1/datasets", {}, dict(body))


def shop_recipe(start_urls: Sequence[str], options: Mapping[str, Any]) -> Dict[str, Any]:
    """A ``shop`` recipe: every product of a site found from ``start_urls`` (``max_products``,
    ``max_pages``, ``include``, ``exclude``, ``schedule`` as given)."""
    return {"kind": "shop", "start_urls": list(start_urls), **{k: v for k, v in options.items() if v is not None}}


def refresh_dataset(slug: str) -> Call:
    return Call("POST", f"/v1/datasets/{segment(slug)}/refresh")


def dataset_refresh(slug: str) -> Call:
    return Call("GET", f"/v1/datasets/{segment(slug)}/refresh")


def watch_dataset(slug: str, condition: str, threshold: Optional[float]) -> Call:
    body: Dict[str, Any] = {"kind": "dataset", "dataset": slug, "condition": condition}
    if threshold is not None:
        body["threshold"] = threshold
    return Call("POST", "/v1/watches", {}, body)


def create_job(body: Mapping[str, Any], idempotency_key: Optional[str]) -> Call:
    """``POST /v1/jobs`` always with an ``Idempotency-Key`` (the caller's or a new one): a retry after a
    lost answer then returns the same job instead of making a second."""
    key = idempotency_key or f"sdk-{uuid.uuid4()}"
    return Call("POST", "/v1/jobs", {}, dict(body), {"Idempotency-Key": key})


def job(job_id: str) -> Call:
    return Call("GET", f"/v1/jobs/{segment(job_id)}")


def job_results(job_id: str) -> Call:
    return Call("GET", f"/v1/jobs/{segment(job_id)}/results", {"format": "ndjson"}, None, {"Accept": "application/x-ndjson"})


def is_finished(job_envelope: Mapping[str, Any]) -> bool:
    return job_envelope["data"]["status"] in FINISHED_JOB
