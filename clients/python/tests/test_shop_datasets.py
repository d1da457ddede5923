"""The whole-shop dataset methods against a scripted server on 127.0.0.1: the request each sends and
the answer it returns (the live API's side is tested in the service's own suites)."""

from __future__ import annotations

import json
import unittest

from webdata_api import WebDataClient

from .scripted_server import ScriptedServer, success


class ShopDatasets(unittest.TestCase):
    def test_a_shop_dataset_is_created_from_its_start_addresses_leaving_out_unset_limits(self) -> None:
        with ScriptedServer([success({"slug": "trailhead-1a2b3c"})]) as server:
            answer = WebDataClient(server.url, "wdk_x").create_shop_dataset(
                "Trailhead", ["https://shop.example/"], max_products=500, schedule="0 6 * * *"
            )
        self.assertEqual(answer["data"]["slug"], "trailhead-1a2b3c")
        sent = server.requests[0]
        self.assertEqual((sent["method"], sent["path"]), ("POST", "/v1/datasets"))
        self.assertEqual(
            json.loads(sent["body"]),
            {
                "name": "Trailhead",
                "recipe": {"kind": "shop", "start_urls": ["https://shop.example/"], "max_products": 500, "schedule": "0 6 * * *"},
            },
        )

    def test_a_refresh_is_started_and_its_counts_read(self) -> None:
        counts = {"status": "complete", "shop": {"added": 2, "removed": 1, "price_changed": 4, "products": 40}}
        with ScriptedServer([success({"job_id": "job_1"}), success(counts)]) as server:
            client = WebDataClient(server.url, "wdk_x")
            self.assertEqual(client.refresh_dataset("trailhead-1a2b3c")["data"]["job_id"], "job_1")
            state = client.dataset_refresh("trailhead-1a2b3c")["data"]
        self.assertEqual(state["shop"]["price_changed"], 4)
        self.assertEqual(
            [(r["method"], r["path"]) for r in server.requests],
            [("POST", "/v1/datasets/trailhead-1a2b3c/refresh"), ("GET", "/v1/datasets/trailhead-1a2b3c/refresh")],
        )

    def test_a_watch_follows_the_whole_dataset_and_records_read_what_changed(self) -> None:
        with ScriptedServer([success({"id": "wat_1"})]) as server:
            WebDataClient(server.url, "wdk_x").watch_dataset("trailhead-1a2b3c", "drop_percent", 10)
        self.assertEqual(
            json.loads(server.requests[0]["body"]),
            {"kind": "dataset", "dataset": "trailhead-1a2b3c", "condition": "drop_percent", "threshold": 10},
        )
        line = b'{"key": "a", "removed_at": "2026-11-22T06:00:00.000Z"}\n'
        with ScriptedServer([(200, {"Content-Type": "application/x-ndjson"}, line)]) as server:
            client = WebDataClient(server.url, "wdk_x")
            changed = list(client.records("trailhead-1a2b3c", changed_since="2026-11-22T00:00:00Z"))
        self.assertEqual(changed, [{"key": "a", "removed_at": "2026-11-22T06:00:00.000Z"}])
        self.assertIn("changed_since=2026-11-22T00%3A00%3A00Z", server.requests[0]["path"])


if __name__ == "__main__":
    unittest.main()
