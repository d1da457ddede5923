"""When a request is sent again, shared by the sync and the async client: after 429, 502, 503 and
504 answers (waiting their ``Retry-After`` when they name one, RFC 9110 section 10.2.3: seconds or
an HTTP date) and after network errors, with exponential backoff and jitter otherwise; and only for
requests safe to repeat: GET and HEAD, and a POST carrying an ``Idempotency-Key`` (the API answers
the same key with the same object)."""

from __future__ import annotations

import random
from dataclasses import dataclass
from datetime import datetime, timezone
from email.utils import parsedate_to_datetime
from typing import Callable, Mapping, Optional

RETRYABLE_STATUSES = (429, 502, 503, 504)


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


def is_retry_safe(method: str, headers: Mapping[str, str]) -> bool:
    """A repeat of this request is answered as the first was."""
    if method in ("GET", "HEAD"):
        return True
    return method == "POST" and any(name.lower() == "idempotency-key" for name in headers)


@dataclass
class RetryPolicy:
    #: Retries after the first attempt; 0 turns retrying off.
    max_retries: int = 3
    #: Longest wait for one retry in seconds; an answer asking for longer (a used-up month) is raised at once.
    max_retry_after: float = 60.0
    #: The first backoff without ``Retry-After``, in seconds; each later one doubles, up to ``max_delay``.
    base_delay: float = 0.5
    max_delay: float = 8.0
    random: Callable[[], float] = random.random

    def backoff(self, attempt: int) -> float:
        """Between half and all of ``base_delay * 2**attempt``, capped at ``max_delay``."""
        ceiling = min(self.max_delay, self.base_delay * 2**attempt)
        return ceiling / 2 + ceiling / 2 * self.random()

    def wait_after_answer(self, status: int, retry_after: Optional[float], attempt: int, safe: bool) -> Optional[float]:
        """Seconds to wait before sending again after an error answer, or None when it is final."""
        if not safe or status not in RETRYABLE_STATUSES or attempt >= self.max_retries:
            return None
        seconds = self.backoff(attempt) if retry_after is None else retry_after
        return None if seconds > self.max_retry_after else seconds

    def wait_after_failure(self, attempt: int, safe: bool) -> Optional[float]:
        """Seconds to wait before sending again after no answer (refused, reset, dropped), or None."""
        if not safe or attempt >= self.max_retries:
            return None
        return self.backoff(attempt)
