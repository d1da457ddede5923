"""The client against a running API: WEBDATA_URL, WEBDATA_KEY (generous limits) and
WEBDATA_LIMITED_KEY (two requests a minute). test/e2e/clients-python.test.ts runs this on the
e2e stack; by hand: `npm start`, then the same variables and `python3 -m unittest discover -s tests -t .`."""

from __future__ import annotations

import os
import time
import unittest
import uuid
from datetime import date, timedelta

from webdata_api import AuthenticationError, ConflictError, InvalidRequestError, NotFoundError, RateLimitError, WebDataClient

BASE_URL = os.environ.get("WEBDATA_URL", "")
KEY = os.environ.get("WEBDATA_KEY", "")
LIMITED_KEY = os.environ.get("WEBDATA_LIMITED_KEY", "")
REPLICAS_URL = os.environ.get("WEBDATA_REPLICAS_URL", "")


def setUpModule() -> None:  # noqa: N802 (unittest's naming)
    if not (BASE_URL and KEY and LIMITED_KEY):
        raise RuntimeError("set WEBDATA_URL, WEBDATA_KEY and WEBDATA_LIMITED_KEY to a running API and two keys")


def day(offset: int) -> str:
    return (date.today() + timedelta(days=offset)).isoformat()


def largest_dataset(client: WebDataClient) -> dict:
    """The public dataset with the most records (the catalogue is collected when the stack starts)."""
    largest = client.get("/v1/datasets", {"sort": "-record_count", "limit": 1})["data"][0]
    detail = client.get(f"/v1/datasets/{largest['slug']}")["data"]
    return {**largest, "field_names": [field["name"] for field in detail["fields"]]}


def page_number(envelope: dict) -> int:
    meta = envelope["meta"]
    return meta["pagination"]["page"] if "pagination" in meta else meta["page"]


class Paging(unittest.TestCase):
    def test_datasets_are_iterated_over_every_page(self) -> None:
        client = WebDataClient(BASE_URL, KEY)
        first = client.get("/v1/datasets", {"limit": 5})
        total = first["meta"]["pagination"]["total"]
        self.assertGreater(first["meta"]["pagination"]["total_pages"], 1)
        slugs = [dataset["slug"] for dataset in client.datasets(limit=5)]
        self.assertEqual(len(slugs), total)
        self.assertEqual(len(set(slugs)), total)
        self.assertEqual(slugs[:5], [dataset["slug"] for dataset in first["data"]])

    def test_record_pages_follow_next_cursor(self) -> None:
        client = WebDataClient(BASE_URL, KEY)
        dataset = largest_dataset(client)
        self.assertGreaterEqual(dataset["record_count"], 4)
        path = f"/v1/datasets/{dataset['slug']}/records"
        size = min(dataset["record_count"] // 3, 1000)  # a JSON page holds at most 1000
        pages = list(client.pages(path, {"limit": size, "fields": "key"}, max_pages=3))
        self.assertEqual(len(pages), 3)
        self.assertEqual(len({page["meta"]["next_cursor"] for page in pages}), 3)
        paged = [record["key"] for page in pages for record in page["data"]]
        streamed = [record["key"] for record in client.records(dataset["slug"], fields=["key"], limit=len(paged))]
        self.assertEqual(len(paged), 3 * size)
        self.assertEqual(paged, streamed)
        self.assertEqual(len(set(paged)), len(paged))

    def test_hotel_search_pages_are_followed_to_the_last(self) -> None:
        client = WebDataClient(BASE_URL, KEY)
        query = {"destination": "Dublin", "check_in": day(20), "check_out": day(22), "limit": 5}
        pages = list(client.pages("/v1/travel/booking/hotels/search", query))
        total = pages[0]["meta"]["pagination"]["total"]
        self.assertGreater(total, 5)
        self.assertEqual([page_number(page) for page in pages], list(range(1, len(pages) + 1)))
        self.assertEqual(len(pages), pages[0]["meta"]["pagination"]["total_pages"])
        ids = [hotel["id"] for hotel in client.items("/v1/travel/booking/hotels/search", query)]
        self.assertEqual(len(ids), total)
        self.assertEqual(len(set(ids)), total)


class Streaming(unittest.TestCase):
    def test_records_stream_as_ndjson_with_the_fields_asked_for(self) -> None:
        client = WebDataClient(BASE_URL, KEY)
        dataset = largest_dataset(client)
        fields = dataset["field_names"][:2]
        records = list(client.records(dataset["slug"], fields=fields))
        self.assertEqual(len(records), dataset["record_count"])
        self.assertTrue(all(list(record.keys()) == fields for record in records))
        self.assertEqual(len(list(client.records(dataset["slug"], limit=3))), 3)

    def test_job_results_stream_each_item_in_order(self) -> None:
        client = WebDataClient(BASE_URL, KEY)
        body = {
            "requests": [
                {"path": "/v1/categories"},
                {"path": "/v1/datasets?limit=2"},
                {"path": "/v1/datasets/no-such-dataset"},
            ]
        }
        idempotency_key = f"python-client-{uuid.uuid4()}"
        created = client.create_job(body, idempotency_key=idempotency_key)
        job_id = created["data"]["id"]
        self.assertEqual(client.create_job(body, idempotency_key=idempotency_key)["data"]["id"], job_id)
        with self.assertRaises(ConflictError) as reused:
            client.create_job({"requests": body["requests"][:1]}, idempotency_key=idempotency_key)
        self.assertEqual((reused.exception.status, reused.exception.code), (409, "conflict"))
        finished = client.wait_for_job(job_id, timeout=120, interval=0.5)
        self.assertEqual(finished["data"]["status"], "completed")
        results = list(client.job_results(job_id))
        self.assertEqual([item["index"] for item in results], [0, 1, 2])
        self.assertEqual([item["status"] for item in results], ["succeeded", "succeeded", "failed"])
        self.assertEqual(len(results[1]["data"]), 2)
        self.assertEqual((results[2]["http_status"], results[2]["error"]["code"]), (404, "not_found"))


class ProductsAndHotels(unittest.TestCase):
    def test_a_product_found_by_a_search_is_read_with_the_key_as_a_header(self) -> None:
        client = WebDataClient(BASE_URL, KEY)
        search = client.search_products("walmart", "kettle")
        first = next(item for item in search["data"]["results"] if not item.get("sponsored"))
        product = client.product("walmart", id=first["id"])
        self.assertEqual(product["data"]["id"], first["id"])
        self.assertEqual(product["data"]["price"]["currency"], "USD")
        self.assertGreater(product["data"]["price"]["amount"], 0)
        self.assertTrue(product["meta"]["request_id"].startswith("req_"))

    def test_hotels_are_searched_with_a_bearer_token_and_the_currency_header(self) -> None:
        client = WebDataClient(BASE_URL, KEY, auth="bearer")
        answer = client.search_hotels("booking", "Dublin", day(20), day(22), currency="USD")
        self.assertGreater(len(answer["data"]["hotels"]), 0)
        self.assertEqual({hotel["currency"] for hotel in answer["data"]["hotels"]}, {"USD"})
        # The same header spelled in lower case.
        query = {"destination": "Dublin", "check_in": day(20), "check_out": day(22)}
        euros = client.get("/v1/travel/booking/hotels/search", query, headers={"x-currency": "EUR"})
        self.assertEqual({hotel["currency"] for hotel in euros["data"]["hotels"]}, {"EUR"})

    def test_any_hotels_own_page_is_read_by_its_address(self) -> None:
        client = WebDataClient(BASE_URL, KEY)
        url = f"{REPLICAS_URL}/real/nostructured/hotelscraper_hotel_includio_regensburg_ibe.html"
        answer = client.hotel_page(url, currency="EUR", fresh="true")
        self.assertEqual(answer["data"]["name"], "Hotel INCLUDiO")
        self.assertEqual(answer["data"]["platforms"], ["generic"])
        self.assertEqual(answer["data"]["price_per_night"], 91)

    def test_any_sites_list_of_hotels_is_read_by_its_address(self) -> None:
        client = WebDataClient(BASE_URL, KEY)
        url = f"{REPLICAS_URL}/real/corpus/batch-26/trip/travelaz_trip_search_oyster_box_umhlanga_usd.html"
        answer = client.hotel_list(url, fresh="true")
        first = answer["data"]["hotels"][0]
        self.assertEqual((first["name"], first["price_per_night"], first["currency"]), ("The Oyster Box", 435, "USD"))
        self.assertEqual(first["review_score_original"], {"score": 9.5, "scale": 10})


class Errors(unittest.TestCase):
    def test_an_unknown_dataset_is_a_not_found_error(self) -> None:
        with self.assertRaises(NotFoundError) as raised:
            WebDataClient(BASE_URL, KEY).get("/v1/datasets/no-such-dataset")
        error = raised.exception
        self.assertEqual((error.status, error.code), (404, "not_found"))
        self.assertIn("no-such-dataset", error.message)
        self.assertTrue(error.request_id.startswith("req_"))

    def test_an_unknown_key_is_an_authentication_error(self) -> None:
        with self.assertRaises(AuthenticationError) as raised:
            WebDataClient(BASE_URL, "wdk_" + "0" * 32).get("/v1/categories")
        self.assertEqual((raised.exception.status, raised.exception.code), (401, "unauthorized"))

    def test_a_bad_parameter_is_an_invalid_request_naming_it(self) -> None:
        with self.assertRaises(InvalidRequestError) as raised:
            WebDataClient(BASE_URL, KEY).get("/v1/datasets", {"limit": 0})
        self.assertEqual(raised.exception.status, 400)
        self.assertIn("limit", [detail["parameter"] for detail in raised.exception.details])

    def test_a_refusal_over_the_minute_limit_is_a_rate_limit_error_with_retry_after(self) -> None:
        # The minute window is the calendar minute: start the calls well inside one.
        if time.time() % 60 > 45:
            time.sleep(60.5 - time.time() % 60)
        no_retries = WebDataClient(BASE_URL, LIMITED_KEY, max_retries=0)
        with self.assertRaises(RateLimitError) as raised:
            for _ in range(5):
                no_retries.get("/v1/categories")
        error = raised.exception
        self.assertEqual((error.status, error.code), (429, "rate_limited"))
        self.assertTrue(0 < error.retry_after <= 60)
        # A wait longer than max_retry_after is not slept out: the error comes back at once.
        started = time.monotonic()
        with self.assertRaises(RateLimitError):
            WebDataClient(BASE_URL, LIMITED_KEY, max_retry_after=0.5).get("/v1/categories")
        self.assertLess(time.monotonic() - started, 5)


if __name__ == "__main__":
    unittest.main()
