"""How the API's lists continue: ``meta.next_cursor`` (dataset records), ``meta.pagination``
(every other list: ``page`` and ``total_pages``, null when a site shows a next page but no count),
and the older ``meta.page`` with ``meta.has_next_page``."""

from __future__ import annotations

from typing import Any, Dict, List, Mapping, Optional


def next_page_params(envelope: Mapping[str, Any], params: Mapping[str, Any]) -> Optional[Dict[str, Any]]:
    """The query of the page after ``envelope``'s, or None when it was the last."""
    meta = envelope.get("meta") or {}
    if "next_cursor" in meta:
        cursor = meta["next_cursor"]
        return {**params, "cursor": cursor} if cursor else None
    pagination = meta.get("pagination")
    if isinstance(pagination, Mapping):
        page = int(pagination.get("page") or 1)
        total_pages = pagination.get("total_pages")
        if total_pages is not None and page >= int(total_pages):
            return None
        return {**params, "page": page + 1}
    if "has_next_page" in meta:
        return {**params, "page": int(meta.get("page") or 1) + 1} if meta["has_next_page"] else None
    return None


def page_items(envelope: Mapping[str, Any]) -> List[Any]:
    """The items of one page: ``data`` itself, or the list it holds (product ``results``, ``hotels``, ``reviews``)."""
    data = envelope.get("data")
    if isinstance(data, list):
        return data
    if isinstance(data, Mapping):
        for key in ("results", "hotels", "reviews"):
            if isinstance(data.get(key), list):
                return data[key]
    raise ValueError("this answer is not a list: its data holds no results, hotels or reviews")
