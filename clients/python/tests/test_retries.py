"""Retries of 429, 502, 503, 504 and dropped connections, by the sync and the async client, against a
scripted server on 127.0.0.1 that fails first and counts every attempt (no API needed)."""

from __future__ import annotations

import asyncio
import json
import unittest

from webdata_api import AsyncClient, AsyncWebDataClient, RateLimitError, ServerError, TransportError, WebDataClient
from webdata_api.retry import RetryPolicy, is_retry_safe

from .scripted_server import DROP, DROP_MID_BODY, ScriptedServer, envelope_error, success

FAST = {"retry_base_delay": 0.01}


def job(status: str, progress: int) -> dict:
    return {"id": "job_1", "status": status, "progress": progress}


class SyncRetries(unittest.TestCase):
    def test_a_503_then_a_200_answers_the_200(self) -> None:
        with ScriptedServer([envelope_error(503, "unavailable", "busy"), success("ok")]) as server:
            self.assertEqual(WebDataClient(server.url, "wdk_x", **FAST).usage()["data"], "ok")
        self.assertEqual(len(server.requests), 2)

    def test_a_429_is_retried_after_its_retry_after(self) -> None:
        limited = envelope_error(429, "rate_limited", "slow down", **{"Retry-After": "1"})
        with ScriptedServer([limited, success("ok")]) as server:
            WebDataClient(server.url, "wdk_x", **FAST).usage()
        self.assertEqual(len(server.requests), 2)
        self.assertGreaterEqual(server.requests[1]["at"] - server.requests[0]["at"], 0.95)

    def test_a_dropped_connection_a_502_and_a_504_are_each_retried(self) -> None:
        script = [DROP, envelope_error(502, "upstream_blocked", "blocked"), envelope_error(504, "upstream_timeout", "slow"), success("ok")]
        with ScriptedServer(script) as server:
            self.assertEqual(WebDataClient(server.url, "wdk_x", **FAST).usage()["data"], "ok")
        self.assertEqual(len(server.requests), 4)

    def test_a_connection_dropped_mid_body_is_retried(self) -> None:
        with ScriptedServer([DROP_MID_BODY, success("ok")]) as server:
            self.assertEqual(WebDataClient(server.url, "wdk_x", **FAST).usage()["data"], "ok")
        self.assertEqual(len(server.requests), 2)

    def test_drops_past_max_retries_end_in_a_transport_error(self) -> None:
        with ScriptedServer([DROP]) as server:
            with self.assertRaises(TransportError):
                WebDataClient(server.url, "wdk_x", max_retries=2, **FAST).usage()
        self.assertEqual(len(server.requests), 3)

    def test_a_job_is_created_with_an_idempotency_key_and_retried_with_the_same_one(self) -> None:
        with ScriptedServer([envelope_error(503, "unavailable", "busy"), DROP, success(job("queued", 0))]) as server:
            created = WebDataClient(server.url, "wdk_x", **FAST).create_job({"requests": [{"path": "/v1/categories"}]})
        self.assertEqual(created["data"]["id"], "job_1")
        self.assertEqual([r["method"] for r in server.requests], ["POST", "POST", "POST"])
        keys = {({k.lower(): v for k, v in r["headers"].items()})["idempotency-key"] for r in server.requests}
        self.assertEqual(len(keys), 1)
        self.assertTrue(next(iter(keys)).startswith("sdk-"))
        self.assertEqual(json.loads(server.requests[0]["body"]), {"requests": [{"path": "/v1/categories"}]})

    def test_a_post_without_an_idempotency_key_is_not_retried(self) -> None:
        with ScriptedServer([envelope_error(503, "unavailable", "busy"), success({"id": "wh_1"})]) as server:
            with self.assertRaises(ServerError):
                WebDataClient(server.url, "wdk_x", **FAST).create_webhook("https://example.com/hook")
        self.assertEqual(len(server.requests), 1)

    def test_wait_for_job_polls_to_the_end_telling_on_progress(self) -> None:
        script = [success(job("queued", 0)), success(job("running", 50)), envelope_error(503, "unavailable", "busy"), success(job("completed", 100))]
        seen = []
        with ScriptedServer(script) as server:
            done = WebDataClient(server.url, "wdk_x", **FAST).wait_for_job("job_1", interval=0.01, on_progress=seen.append)
        self.assertEqual(done["data"]["status"], "completed")
        self.assertEqual([(j["status"], j["progress"]) for j in seen], [("queued", 0), ("running", 50), ("completed", 100)])
        self.assertEqual(len(server.requests), 4)


class AsyncRetries(unittest.TestCase):
    def test_the_async_client_retries_a_503_a_429_and_a_dropped_connection(self) -> None:
        script = [
            envelope_error(503, "unavailable", "busy"),
            envelope_error(429, "rate_limited", "slow down", **{"Retry-After": "1"}),
            DROP,
            success("ok"),
        ]

        async def main() -> str:
            async with AsyncWebDataClient(server.url, "wdk_x", **FAST) as client:
                return (await client.usage())["data"]

        with ScriptedServer(script) as server:
            self.assertEqual(asyncio.run(main()), "ok")
        self.assertEqual(len(server.requests), 4)
        self.assertGreaterEqual(server.requests[2]["at"] - server.requests[1]["at"], 0.95)

    def test_async_calls_run_at_once_and_each_is_retried_on_its_own(self) -> None:
        with ScriptedServer([envelope_error(503, "unavailable", "busy"), success("ok")]) as server:

            async def main() -> list:
                client = AsyncClient(server.url, "wdk_x", **FAST)
                return await asyncio.gather(*(client.get("/v1/usage") for _ in range(3)))

            answers = asyncio.run(main())
        self.assertEqual([a["data"] for a in answers], ["ok", "ok", "ok"])
        # One of the three met the 503 and was sent again.
        self.assertEqual(len(server.requests), 4)

    def test_a_refusal_past_max_retry_after_is_raised_at_once(self) -> None:
        month = envelope_error(429, "quota_exceeded", "month used up", **{"Retry-After": "86400"})
        with ScriptedServer([month, success("ok")]) as server:
            with self.assertRaises(RateLimitError) as raised:
                asyncio.run(AsyncWebDataClient(server.url, "wdk_x").usage())
        self.assertEqual((raised.exception.code, raised.exception.retry_after), ("quota_exceeded", 86400.0))
        self.assertEqual(len(server.requests), 1)

    def test_a_cancelled_task_stops_in_its_wait_before_retrying(self) -> None:
        busy = envelope_error(503, "unavailable", "busy", **{"Retry-After": "5"})
        with ScriptedServer([busy, success("ok")]) as server:

            async def main() -> None:
                task = asyncio.ensure_future(AsyncWebDataClient(server.url, "wdk_x").usage())
                await asyncio.sleep(0.5)
                task.cancel()
                await task

            with self.assertRaises(asyncio.CancelledError):
                asyncio.run(main())
        self.assertEqual(len(server.requests), 1)

    def test_async_wait_for_job_and_streamed_results(self) -> None:
        lines = b'{"index": 0, "status": "succeeded"}\n{"index": 1, "status": "failed"}\n'
        ndjson = (200, {"Content-Type": "application/x-ndjson"}, lines)
        with ScriptedServer([success(job("running", 50)), success(job("completed", 100)), ndjson]) as server:

            async def main() -> tuple:
                client = AsyncWebDataClient(server.url, "wdk_x", **FAST)
                done = await client.wait_for_job("job_1", interval=0.01)
                return done, [item async for item in client.job_results("job_1")]

            done, results = asyncio.run(main())
        self.assertEqual(done["data"]["status"], "completed")
        self.assertEqual([(r["index"], r["status"]) for r in results], [(0, "succeeded"), (1, "failed")])
        self.assertTrue(server.requests[2]["path"].startswith("/v1/jobs/job_1/results?format=ndjson"))


class Policy(unittest.TestCase):
    def test_backoff_doubles_from_the_base_with_jitter_and_a_cap(self) -> None:
        top = RetryPolicy(base_delay=0.5, max_delay=8.0, random=lambda: 1.0)
        self.assertEqual([top.backoff(n) for n in range(6)], [0.5, 1.0, 2.0, 4.0, 8.0, 8.0])
        self.assertEqual(RetryPolicy(base_delay=0.5, random=lambda: 0.0).backoff(2), 1.0)

    def test_only_requests_safe_to_repeat_are_retried(self) -> None:
        self.assertTrue(is_retry_safe("GET", {}))
        self.assertTrue(is_retry_safe("POST", {"idempotency-key": "k"}))
        self.assertFalse(is_retry_safe("POST", {}))
        self.assertFalse(is_retry_safe("DELETE", {}))


if __name__ == "__main__":
    unittest.main()
