"""Retries, auth headers and error classes against a scripted server on 127.0.0.1 (no API needed)."""

from __future__ import annotations

import time
import unittest
from email.utils import formatdate

from webdata_api import (
    NoDataError,
    NotFoundError,
    QuotaExceededError,
    RateLimitError,
    ServerError,
    TransportError,
    WebDataClient,
    WebDataError,
)
from webdata_api.paging import next_page_params
from webdata_api.transport import query_string

from .scripted_server import ScriptedServer, envelope_error, success


class Retries(unittest.TestCase):
    def test_a_429_is_retried_after_the_seconds_it_names(self) -> None:
        with ScriptedServer([envelope_error(429, "rate_limited", "slow down", **{"Retry-After": "1"}), success(1)]) as server:
            answer = WebDataClient(server.url, "wdk_x").get("/v1/usage")
        self.assertEqual(answer["data"], 1)
        self.assertEqual(len(server.requests), 2)
        self.assertGreaterEqual(server.requests[1]["at"] - server.requests[0]["at"], 0.95)

    def test_a_503_is_retried_after_an_http_date(self) -> None:
        later = formatdate(time.time() + 2, usegmt=True)
        with ScriptedServer([envelope_error(503, "unavailable", "busy", **{"Retry-After": later}), success(2)]) as server:
            answer = WebDataClient(server.url, "wdk_x").get("/v1/usage")
        self.assertEqual(answer["data"], 2)
        # The date has whole seconds, so the wait is between 1 and 2 s.
        self.assertGreaterEqual(server.requests[1]["at"] - server.requests[0]["at"], 0.9)

    def test_a_wait_longer_than_max_retry_after_is_raised_at_once(self) -> None:
        refusal = envelope_error(429, "quota_exceeded", "month used up", **{"Retry-After": "86400"})
        with ScriptedServer([refusal, success(3)]) as server:
            with self.assertRaises(QuotaExceededError) as raised:
                WebDataClient(server.url, "wdk_x", max_retry_after=60).get("/v1/usage")
        self.assertEqual(len(server.requests), 1)
        self.assertIsInstance(raised.exception, RateLimitError)
        self.assertEqual((raised.exception.status, raised.exception.retry_after), (429, 86400.0))

    def test_retries_stop_after_max_retries(self) -> None:
        with ScriptedServer([envelope_error(429, "rate_limited", "again", **{"Retry-After": "0"})]) as server:
            with self.assertRaises(RateLimitError) as raised:
                WebDataClient(server.url, "wdk_x", max_retries=2).get("/v1/usage")
        self.assertEqual(len(server.requests), 3)
        self.assertEqual(raised.exception.code, "rate_limited")

    def test_other_errors_are_not_retried(self) -> None:
        with ScriptedServer([envelope_error(422, "no_data", "no product on the page"), success(4)]) as server:
            with self.assertRaises(NoDataError):
                WebDataClient(server.url, "wdk_x").get("/v1/amazon")
        self.assertEqual(len(server.requests), 1)


class Headers(unittest.TestCase):
    def test_the_key_goes_as_x_api_key_or_as_a_bearer_token(self) -> None:
        with ScriptedServer([success(None)]) as server:
            WebDataClient(server.url, "wdk_header").get("/v1/usage")
            WebDataClient(server.url, "wdk_bearer", auth="bearer").get("/v1/usage")
        # Header names arrive in urllib's spelling (`X-api-key`): HTTP ignores their case.
        first, second = ({k.lower(): v for k, v in r["headers"].items()} for r in server.requests)
        self.assertEqual(first.get("x-api-key"), "wdk_header")
        self.assertNotIn("authorization", first)
        self.assertEqual(second.get("authorization"), "Bearer wdk_bearer")
        self.assertNotIn("x-api-key", second)

    def test_a_header_in_any_case_replaces_the_default(self) -> None:
        with ScriptedServer([success(None)]) as server:
            WebDataClient(server.url, "wdk_x").get("/v1/usage", headers={"accept": "text/csv", "x-currency": "EUR"})
        headers = {name.lower(): value for name, value in server.requests[0]["headers"].items()}
        self.assertEqual((headers["accept"], headers["x-currency"]), ("text/csv", "EUR"))

    def test_query_values_are_written_as_the_api_reads_them(self) -> None:
        query = query_string({"fresh": True, "fields": ["asin", "price"], "q": "kettle lid", "cursor": None})
        self.assertEqual(query, "fresh=true&fields=asin%2Cprice&q=kettle+lid")


class Pages(unittest.TestCase):
    def test_page_reads_the_url_with_the_formats_and_cursor_asked_for(self) -> None:
        with ScriptedServer([success({"markdown": "# A page", "next_cursor": None})]) as server:
            answer = WebDataClient(server.url, "wdk_x").page(
                "https://blog.example.org/a?b=1", formats=["markdown", "links"], cursor=200
            )
        self.assertEqual(answer["data"]["markdown"], "# A page")
        self.assertEqual(
            server.requests[0]["path"],
            "/v1/page?url=https%3A%2F%2Fblog.example.org%2Fa%3Fb%3D1&formats=markdown%2Clinks&cursor=200",
        )


class Errors(unittest.TestCase):
    def test_an_envelope_becomes_its_family_class_with_every_field(self) -> None:
        with ScriptedServer([envelope_error(404, "not_found", "No dataset `x`.")]) as server:
            with self.assertRaises(NotFoundError) as raised:
                WebDataClient(server.url, "wdk_x").get("/v1/datasets/x")
        error = raised.exception
        self.assertEqual((error.status, error.code, error.message), (404, "not_found", "No dataset `x`."))
        self.assertEqual((error.details, error.request_id), ([], "req_scripted"))

    def test_an_answer_without_the_envelope_is_classed_by_its_status(self) -> None:
        page = (500, {"Content-Type": "text/html"}, b"<h1>Bad gateway</h1>")
        with ScriptedServer([page]) as server:
            with self.assertRaises(ServerError) as raised:
                WebDataClient(server.url, "wdk_x", max_retries=0).get("/v1/usage")
        self.assertEqual((raised.exception.status, raised.exception.code), (500, ""))
        self.assertIn("Bad gateway", raised.exception.message)

    def test_no_answer_at_all_is_a_transport_error(self) -> None:
        with ScriptedServer([success(None)]) as server:
            url = server.url
        with self.assertRaises(TransportError) as raised:
            WebDataClient(url, "wdk_x", timeout=5, retry_base_delay=0.01).get("/v1/usage")
        self.assertIsInstance(raised.exception, WebDataError)
        self.assertIsNone(raised.exception.status)


class Paging(unittest.TestCase):
    def test_a_cursor_is_followed_until_it_is_null(self) -> None:
        self.assertEqual(next_page_params({"meta": {"next_cursor": "c2"}}, {"limit": 5}), {"limit": 5, "cursor": "c2"})
        self.assertIsNone(next_page_params({"meta": {"next_cursor": None}}, {"cursor": "c2"}))

    def test_pages_are_followed_to_total_pages_or_while_the_site_shows_a_next_one(self) -> None:
        last = {"meta": {"pagination": {"page": 3, "limit": 20, "total": 60, "total_pages": 3}}}
        uncounted = {"meta": {"pagination": {"page": 3, "limit": 20, "total": None, "total_pages": None}}}
        self.assertEqual(next_page_params({"meta": {"pagination": {"page": 1, "total_pages": 3}}}, {"q": "a"}), {"q": "a", "page": 2})
        self.assertIsNone(next_page_params(last, {}))
        self.assertEqual(next_page_params(uncounted, {}), {"page": 4})
        self.assertEqual(next_page_params({"meta": {"page": 2, "has_next_page": True}}, {}), {"page": 3})
        self.assertIsNone(next_page_params({"meta": {"page": 2, "has_next_page": False}}, {}))
        self.assertIsNone(next_page_params({"meta": {}}, {}))


if __name__ == "__main__":
    unittest.main()
