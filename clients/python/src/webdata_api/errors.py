"""The API's error envelope as exceptions: one class per family of error codes (docs/api.md)."""

from __future__ import annotations

import json
from typing import Any, Dict, List, Optional


class WebDataError(Exception):
    """An answer in the error envelope: its code, the API's sentence, the parameters it names, the request id."""

    def __init__(
        self,
        status: Optional[int],
        code: str,
        message: str,
        details: Optional[List[Dict[str, Any]]] = None,
        request_id: Optional[str] = None,
        retry_after: Optional[float] = None,
    ) -> None:
        super().__init__(f"{code}: {message}" if code else message)
        self.status = status
        self.code = code
        self.message = message
        self.details = details or []
        self.request_id = request_id
        #: Seconds the API asked to wait before trying again (429, 503), if it said.
        self.retry_after = retry_after


class InvalidRequestError(WebDataError):
    """400, 405, 415: a parameter, method or body the route refuses; ``details`` names each parameter."""


class AuthenticationError(WebDataError):
    """401: no key, or an unknown, revoked or malformed one."""


class PermissionDeniedError(WebDataError):
    """403: the key lacks a scope the route needs, or the object is not the account's."""


class NotFoundError(WebDataError):
    """404: no such route, dataset, product, hotel or object."""


class ConflictError(WebDataError):
    """409: the request clashes with the current state (e.g. too many unfinished jobs)."""


class NoDataError(WebDataError):
    """422: the page was read but holds no product or hotel."""


class RateLimitError(WebDataError):
    """429 ``rate_limited``: over the per-minute limit; ``retry_after`` says when the window resets."""


class QuotaExceededError(RateLimitError):
    """429 ``quota_exceeded``: the month's volume is used up."""


class UpstreamError(WebDataError):
    """502, 504: the site blocked the read or did not answer in time."""


class ServerError(WebDataError):
    """500, 503: a fault on the API's side, or a dependency unavailable for now."""


class TransportError(WebDataError):
    """No HTTP answer at all: the connection failed or timed out."""


ERROR_CLASSES = {
    "invalid_request": InvalidRequestError,
    "method_not_allowed": InvalidRequestError,
    "unsupported_media_type": InvalidRequestError,
    "unauthorized": AuthenticationError,
    "forbidden": PermissionDeniedError,
    "not_found": NotFoundError,
    "conflict": ConflictError,
    "no_data": NoDataError,
    "rate_limited": RateLimitError,
    "quota_exceeded": QuotaExceededError,
    "upstream_blocked": UpstreamError,
    "upstream_timeout": UpstreamError,
    "internal": ServerError,
    "unavailable": ServerError,
}


def _class_for_status(status: int) -> type:
    if status == 429:
        return RateLimitError
    if status in (502, 504):
        return UpstreamError
    return ServerError if status >= 500 else WebDataError


def error_from_answer(
    status: int, body: bytes, retry_after: Optional[float] = None, request_id_header: Optional[str] = None
) -> WebDataError:
    """The exception for an error answer; one without the envelope (a proxy's page) is classed by its status.
    The request id is the envelope's ``meta.request_id``, else the ``X-Request-Id`` header."""
    try:
        envelope = json.loads(body.decode("utf-8"))
        error = envelope["error"]
        code = str(error["code"])
    except (ValueError, KeyError, TypeError):
        text = body.decode("utf-8", "replace").strip()[:200]
        message = f"HTTP {status} without the API's error envelope: {text}"
        return _class_for_status(status)(status, "", message, None, request_id_header, retry_after)
    error_class = ERROR_CLASSES.get(code) or _class_for_status(status)
    request_id = (envelope.get("meta") or {}).get("request_id") or request_id_header
    return error_class(status, code, str(error.get("message", "")), error.get("details"), request_id, retry_after)
