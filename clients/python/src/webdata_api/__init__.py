"""Python client for the Web Data API (standard library only, Python 3.9+)."""

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
