"""The API's answers as TypedDicts, for editors and type checkers: the client still returns the
JSON as parsed (plain dicts), so a field the API adds later is there too. Fields follow
/v1/openapi.json; ``total=False`` where the API leaves some out."""

from __future__ import annotations

from typing import Any, Dict, List, Literal, Optional, TypedDict


class Meta(TypedDict, total=False):
    request_id: str
    timestamp: str
    charged: bool


class Pagination(TypedDict):
    page: int
    limit: int
    #: None on a marketplace's search or reviews when the site shows no count.
    total: Optional[int]
    total_pages: Optional[int]


class PagedMeta(Meta, total=False):
    pagination: Pagination


class Money(TypedDict, total=False):
    amount: float
    currency: Optional[str]
    original_amount: Optional[float]
    raw: Optional[str]


class Product(TypedDict, total=False):
    id: Optional[str]
    asin: Optional[str]
    sku: Optional[str]
    url: Optional[str]
    title: Optional[str]
    name: Optional[str]
    brand: Optional[str]
    description: Optional[str]
    price: Money
    availability: Optional[str]
    rating: Optional[float]
    review_count: Optional[int]
    images: List[str]
    breadcrumbs: List[str]
    seller: Optional[str]
    reviews: List[Dict[str, Any]]
    specs: Dict[str, Any]
    variants: List[Dict[str, Any]]
    attributes: Dict[str, Any]
    created_at: str


class ProductEnvelope(TypedDict):
    status: str
    data: Product
    meta: Meta


class Hotel(TypedDict, total=False):
    id: Optional[str]
    name: Optional[str]
    platforms: List[str]
    currency: str
    price_per_night: Optional[float]
    total_price: Optional[float]
    star_rating: Optional[float]
    review_score: Optional[float]
    review_count: Optional[int]
    address: Optional[str]
    latitude: Optional[float]
    longitude: Optional[float]
    amenities: List[str]
    property_type: Optional[str]
    room_type: Optional[str]
    free_cancellation: Optional[bool]
    breakfast_included: Optional[bool]
    booking_url: Optional[str]
    image_url: Optional[str]
    sponsored: bool
    offers: List[Dict[str, Any]]


class HotelSearch(TypedDict, total=False):
    platform: str
    destination: str
    check_in: str
    check_out: str
    location: Dict[str, Any]
    hotels: List[Hotel]
    meta: Dict[str, Any]


class HotelSearchEnvelope(TypedDict):
    status: str
    data: HotelSearch
    meta: PagedMeta


JobStatus = Literal["queued", "running", "completed", "failed", "cancelled"]


class JobCounts(TypedDict):
    queued: int
    running: int
    pending: int
    succeeded: int
    failed: int
    cancelled: int


class Job(TypedDict):
    id: str
    status: JobStatus
    total: int
    progress: int
    counts: JobCounts
    eta_seconds: Optional[int]
    created_at: str
    started_at: Optional[str]
    finished_at: Optional[str]
    expires_at: str
    status_url: str
    results_url: str


class JobEnvelope(TypedDict):
    status: str
    data: Job
    meta: Meta


class JobResult(TypedDict, total=False):
    index: int
    path: str
    status: str
    http_status: Optional[int]
    error: Optional[Dict[str, Any]]
    data: Any
    meta: Optional[Dict[str, Any]]


class DatasetSummary(TypedDict, total=False):
    slug: str
    name: str
    description: str
    category: str
    countries: List[str]
    formats: List[str]
    record_count: int
    last_updated: Optional[str]
    source_platforms: List[str]
    tags: List[str]
    update_frequency: str
    visibility: Literal["public", "private"]


class Snapshot(TypedDict):
    id: str
    finished_at: str
    records: int


class RecordPageMeta(Meta, total=False):
    """The meta of one page of a dataset's records: follow ``next_cursor`` until it is None."""

    dataset: str
    fields: List[str]
    limit: int
    next_cursor: Optional[str]
    snapshot: Optional[Snapshot]


class RecordPage(TypedDict):
    status: str
    data: List[Dict[str, Any]]
    meta: RecordPageMeta


class ShopRefreshCounts(TypedDict):
    """What a whole-shop refresh found; ``added``, ``removed`` and ``price_changed`` are None while it runs."""

    pages: int
    products_read: int
    added: Optional[int]
    removed: Optional[int]
    price_changed: Optional[int]
    products: int


class DatasetRefreshState(TypedDict):
    """``GET /v1/datasets/{slug}/refresh``: the refresh collecting now, else the last one."""

    dataset: str
    snapshot_id: str
    job_id: Optional[str]
    status: Literal["running", "complete", "failed"]
    started_at: str
    finished_at: Optional[str]
    items_done: int
    items_total: Optional[int]
    records: int
    shop: Optional[ShopRefreshCounts]


class DatasetRefreshEnvelope(TypedDict):
    status: str
    data: DatasetRefreshState
    meta: Meta
