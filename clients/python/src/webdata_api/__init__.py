"""Python client for the Web Data API (standard library only, Python 3.9+): ``WebDataClient``, and
``AsyncWebDataClient`` (also ``AsyncClient``) for asyncio."""

from . import types
from .async_client import AsyncClient, AsyncWebDataClient
from .client import WebDataClient, __version__
from .errors import (
    AuthenticationError,
    ConflictError,
    InvalidRequestError,
    NoDataError,
    NotFoundError,
    PermissionDeniedError,
    QuotaExceededError,
    RateLimitError,
    ServerError,
    TransportError,
    UpstreamError,
    WebDataError,
)

__all__ = [
    "WebDataClient",
    "AsyncWebDataClient",
    "AsyncClient",
    "types",
    "WebDataError",
    "InvalidRequestError",
    "AuthenticationError",
    "PermissionDeniedError",
    "NotFoundError",
    "ConflictError",
    "NoDataError",
    "RateLimitError",
    "QuotaExceededError",
    "UpstreamError",
    "ServerError",
    "TransportError",
    "__version__",
]
