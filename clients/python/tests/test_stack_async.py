"""The acceptance flow against a running API, by both clients: a product, a hotel search paged to its
end, a dataset's records by cursor pages and a job waited for (WEBDATA_URL, WEBDATA_KEY; see
test_stack.py)."""

from __future__ import annotations

import asyncio
import os
import unittest
import uuid
from datetime import date, timedelta

from webdata_api import AsyncWebDataClient, NotFoundError, WebDataClient

BASE_URL = os.environ.get("WEBDATA_URL", "")
KEY = os.environ.get("WEBDATA_KEY", "")
JOB = {"requests": [{"path": "/v1/categories"}, {"path": "/v1/datasets?limit=2"}]}


def setUpModule() -> None:  # noqa: N802 (unittest's naming)
    if not (BASE_URL and KEY):
        raise RuntimeError("set WEBDATA_URL and WEBDATA_KEY to a running API and a key")


def stay() -> tuple:
    return (date.today() + timedelta(days=20)).isoformat(), (date.today() + timedelta(days=22)).isoformat()


class SyncFlow(unittest.TestCase):
    def test_a_hotel_search_is_paged_to_its_end_in_the_currency_asked(self) -> None:
        client = WebDataClient(BASE_URL, KEY)
        check_in, check_out = stay()
        first = client.search_hotels("booking", "Dublin", check_in, check_out, currency="USD", limit=5)
        pagination = first["meta"]["pagination"]
        self.assertGreater(pagination["total_pages"], 1)
        hotels = list(client.search_hotels_all("booking", "Dublin", check_in, check_out, currency="USD", limit=5))
        self.assertEqual(len(hotels), pagination["total"])
        self.assertEqual(len({hotel["id"] for hotel in hotels}), pagination["total"])
        self.assertEqual({hotel["currency"] for hotel in hotels}, {"USD"})

    def test_record_pages_hold_every_record_once(self) -> None:
        client = WebDataClient(BASE_URL, KEY)
        largest = client.get("/v1/datasets", {"sort": "-record_count", "limit": 1})["data"][0]
        size = min(1000, -(-largest["record_count"] // 3))
        pages = list(client.record_pages(largest["slug"], fields=["key"], page_size=size))
        keys = [record["key"] for page in pages for record in page["data"]]
        self.assertGreaterEqual(len(pages), 3)
        self.assertEqual(len(keys), largest["record_count"])
        self.assertEqual(len(set(keys)), len(keys))
        self.assertIsNone(pages[-1]["meta"]["next_cursor"])
        self.assertEqual(pages[0]["meta"]["dataset"], largest["slug"])

    def test_a_job_is_waited_for_with_progress(self) -> None:
        client = WebDataClient(BASE_URL, KEY)
        created = client.create_job(JOB)
        seen = []
        done = client.wait_for_job(created["data"]["id"], timeout=120, interval=0.3, on_progress=seen.append)
        self.assertEqual(done["data"]["status"], "completed")
        self.assertEqual(done["data"]["counts"]["succeeded"], 2)
        self.assertEqual(seen[-1]["progress"], 100)
        self.assertEqual([item["status"] for item in client.job_results(created["data"]["id"])], ["succeeded", "succeeded"])


    def test_a_watch_is_created_listed_and_deleted_and_usage_read(self) -> None:
        client = WebDataClient(BASE_URL, KEY)
        body = {"kind": "product", "platform": "amazon", "id": "B0057OC5O8", "condition": "below", "threshold": 5}
        watch = client.create_watch(body)["data"]
        self.assertIn(watch["id"], [listed["id"] for listed in client.watches()["data"]])
        client.delete(f"/v1/watches/{watch['id']}")
        self.assertNotIn(watch["id"], [listed["id"] for listed in client.watches()["data"]])
        self.assertTrue(client.usage()["data"]["account_id"])
        self.assertTrue(all(key["id"] for key in client.keys()["data"]))


class AsyncFlow(unittest.TestCase):
    def test_the_async_client_reads_a_product_pages_hotels_and_records_and_waits_for_a_job(self) -> None:
        check_in, check_out = stay()

        async def main() -> dict:
            async with AsyncWebDataClient(BASE_URL, KEY, auth="bearer") as client:
                search = await client.search_products("walmart", "kettle")
                first = next(item for item in search["data"]["results"] if not item.get("sponsored"))
                # Concurrent calls: the product and the first hotel page at once.
                product, hotels_first = await asyncio.gather(
                    client.product("walmart", id=first["id"], max_age=3600),
                    client.search_hotels("booking", "Dublin", check_in, check_out, limit=5),
                )
                hotels = [h async for h in client.search_hotels_all("booking", "Dublin", check_in, check_out, limit=5)]
                largest = (await client.get("/v1/datasets", {"sort": "-record_count", "limit": 1}))["data"][0]
                keys = []
                async for page in client.record_pages(largest["slug"], fields=["key"], page_size=min(1000, max(1, largest["record_count"] // 2))):
                    keys += [record["key"] for record in page["data"]]
                streamed = [record["key"] async for record in client.records(largest["slug"], fields=["key"])]
                created = await client.create_job(JOB, idempotency_key=f"async-{uuid.uuid4()}")
                done = await client.wait_for_job(created["data"]["id"], timeout=120, interval=0.3)
                results = [item["index"] async for item in client.job_results(created["data"]["id"])]
                try:
                    await client.dataset("no-such-dataset")
                    missing = None
                except NotFoundError as error:
                    missing = (error.status, error.code, error.request_id[:4])
                return {
                    "product": (product["data"]["id"], first["id"], product["data"]["price"]["currency"]),
                    "hotels": (len(hotels), hotels_first["meta"]["pagination"]["total"], len({h["id"] for h in hotels})),
                    "records": (len(keys), largest["record_count"], keys == streamed),
                    "job": (done["data"]["status"], results),
                    "missing": missing,
                }

        answer = asyncio.run(main())
        product_id, wanted, currency = answer["product"]
        self.assertEqual((product_id, currency), (wanted, "USD"))
        count, total, distinct = answer["hotels"]
        self.assertGreater(total, 5)
        self.assertEqual((count, distinct), (total, total))
        self.assertEqual(answer["records"], (answer["records"][1], answer["records"][1], True))
        self.assertGreater(answer["records"][1], 0)
        self.assertEqual(answer["job"], ("completed", [0, 1]))
        self.assertEqual(answer["missing"], (404, "not_found", "req_"))


if __name__ == "__main__":
    unittest.main()
