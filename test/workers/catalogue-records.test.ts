import { parse } from "csv-parse/sync";
import { beforeAll, describe, expect, it } from "vitest";
import { admin, call, newAccount, withKey } from "./helpers";

// Records of a public dataset, made by the test through the admin import (the same snapshot writer
// a refresh uses): two snapshots, the second moving some prices.
const SLUG = "ebay-electronics-prices-us";
let secret: string;
let firstSnapshotAt: string;
let secondSnapshotAt: string;

const record = (n: number, price: number) => ({
  key: `ebay:${1000 + n}`,
  platform: "ebay",
  query: n % 2 ? "power bank" : "webcam",
  position: n + 1,
  id: String(1000 + n),
  title: `Listing ${n}`,
  price,
  currency: "USD",
  rating: n % 4 === 0 ? null : 4 + (n % 10) / 10,
  sponsored: n % 10 === 0,
  source_url: `http://127.0.0.1:9000/itm/${1000 + n}`,
});

async function importSnapshot(records: Record<string, unknown>[], partSize: number) {
  let snapshot: string | undefined;
  for (let start = 0; start < records.length; start += partSize) {
    const response = await admin(`/v1/admin/datasets/${SLUG}/snapshots`, "POST", {
      records: records.slice(start, start + partSize),
      snapshot,
      finish: start + partSize >= records.length,
    });
    expect(response.status).toBe(200);
    snapshot = ((await response.json()) as any).data.snapshot;
  }
}

async function get(path: string) {
  const response = await call(path, withKey(secret));
  return {
    response,
    body: (await response
      .clone()
      .json()
      .catch(() => null)) as any,
  };
}

// Every tenth price drops by 5; listing 249 is gone; listing 250 is new.
const secondRecords = [
  ...Array.from({ length: 249 }, (_, n) => record(n, n % 10 === 3 ? 15 + n : 20 + n)),
  record(250, 99),
];

beforeAll(async () => {
  ({ secret } = await newAccount({ plan: "enterprise" }));
  await importSnapshot(
    Array.from({ length: 250 }, (_, n) => record(n, 20 + n)),
    100,
  );
  firstSnapshotAt = new Date().toISOString();
  await new Promise((resolve) => setTimeout(resolve, 20));
  await importSnapshot(secondRecords, 100);
  secondSnapshotAt = new Date().toISOString();
});

describe("GET /v1/datasets/{slug}/records", () => {
  it("pages JSON with a cursor until every record of the latest snapshot was seen once", async () => {
    const seen: any[] = [];
    let cursor: string | null = null;
    do {
      const page: any = (await get(`/v1/datasets/${SLUG}/records?limit=33${cursor ? `&cursor=${cursor}` : ""}`)).body;
      seen.push(...page.data);
      cursor = page.meta.next_cursor;
    } while (cursor);
    expect(seen).toHaveLength(250);
    expect(new Set(seen.map((r) => r.key)).size).toBe(250);
    expect(seen.at(-1)).toMatchObject({ key: "ebay:1250", price: 99 });
  });

  it("keeps only the chosen fields, in order, in JSON, NDJSON and CSV", async () => {
    const json = (await get(`/v1/datasets/${SLUG}/records?fields=price,key&limit=3`)).body;
    expect(Object.keys(json.data[0])).toEqual(["price", "key"]);
    const ndjson = await (
      await call(`/v1/datasets/${SLUG}/records?fields=price,key&format=ndjson&limit=3`, withKey(secret))
    ).text();
    expect(
      ndjson
        .trim()
        .split("\n")
        .map((line) => JSON.parse(line)),
    ).toEqual(json.data);
    const csv = await (
      await call(`/v1/datasets/${SLUG}/records?fields=price,key&format=csv&limit=3`, withKey(secret))
    ).text();
    expect(parse(csv, { columns: true })).toEqual(json.data.map((r: any) => ({ price: String(r.price), key: r.key })));
  });

  it("filters on declared fields: numeric ranges, equality on text and booleans, platform", async () => {
    const cheap = (await get(`/v1/datasets/${SLUG}/records?filter=price%3C%3D25&limit=1000`)).body.data;
    expect(cheap.length).toBeGreaterThan(0);
    expect(cheap.every((r: any) => r.price <= 25)).toBe(true);
    const sponsoredWebcams = (
      await get(`/v1/datasets/${SLUG}/records?filter=sponsored%3Dtrue&filter=query%3Dwebcam&limit=1000`)
    ).body.data;
    expect(sponsoredWebcams.map((r: any) => r.key)).toEqual(
      secondRecords.filter((r) => r.sponsored && r.query === "webcam").map((r) => r.key),
    );
    expect(sponsoredWebcams).toHaveLength(26);
    const streamed = await (
      await call(`/v1/datasets/${SLUG}/records?filter=price%3E200&format=ndjson`, withKey(secret))
    ).text();
    expect(
      streamed
        .trim()
        .split("\n")
        .map((line) => JSON.parse(line).price),
    ).toEqual(secondRecords.filter((r) => r.price > 200).map((r) => r.price));
    expect((await get(`/v1/datasets/${SLUG}/records?platform=amazon`)).body.data).toEqual([]);
  });

  it("changed_since returns only records that changed or appeared after that time", async () => {
    const changed = (await get(`/v1/datasets/${SLUG}/records?changed_since=${firstSnapshotAt}&limit=1000`)).body.data;
    const keys = changed.map((r: any) => r.key).sort();
    const expected = [...Array.from({ length: 25 }, (_, i) => `ebay:${1003 + i * 10}`), "ebay:1250"].sort();
    expect(keys).toEqual(expected);
    expect(changed.every((r: any) => r.changed_at > firstSnapshotAt)).toBe(true);
  });

  it("as_of reads the snapshot that was current then", async () => {
    const old = (await get(`/v1/datasets/${SLUG}/records?as_of=${firstSnapshotAt}&limit=1000`)).body;
    expect(old.data).toHaveLength(250);
    expect(old.data.find((r: any) => r.key === "ebay:1249")).toMatchObject({ price: 269 });
    expect(old.data.find((r: any) => r.key === "ebay:1003")).toMatchObject({ price: 23 });
    const latest = (await get(`/v1/datasets/${SLUG}/records?as_of=${secondSnapshotAt}&limit=1000`)).body;
    expect(latest.data.find((r: any) => r.key === "ebay:1003")).toMatchObject({ price: 18 });
    const before = await get(`/v1/datasets/${SLUG}/records?as_of=2001-01-01`);
    expect(before.response.status).toBe(404);
    expect(before.body.error.details[0]).toMatchObject({ parameter: "as_of" });
  });

  it("refuses a well-formed cursor of a snapshot the dataset does not hold", async () => {
    const elsewhere = btoa("snap_elsewhere.0.1").replaceAll("=", "");
    const { response, body } = await get(`/v1/datasets/${SLUG}/records?cursor=${elsewhere}`);
    expect(response.status).toBe(400);
    expect(body.error.details[0]).toEqual({ parameter: "cursor", in: "query", message: "unknown snapshot" });
  });

  it("refuses unknown fields and filters, a bad cursor, a bad date and a JSON page over 1000", async () => {
    for (const [query, parameter] of [
      ["fields=price,nope", "fields"],
      ["filter=nope%3D1", "filter"],
      ["filter=price%3Dcheap", "filter"],
      ["filter=title%3Ca", "filter"],
      ["cursor=garbage", "cursor"],
      ["changed_since=yesterday", "changed_since"],
      ["limit=5000", "limit"],
    ]) {
      const { response, body } = await get(`/v1/datasets/${SLUG}/records?${query}`);
      expect(response.status, query).toBe(400);
      expect(body.error.details[0].parameter, query).toBe(parameter);
    }
  });
});

describe("GET /v1/datasets/{slug}/records/{key}/history", () => {
  it("gives a record's tracked values when first seen and at each change, with the snapshot of each", async () => {
    const moved = (await get(`/v1/datasets/${SLUG}/records/ebay%3A1003/history`)).body.data;
    expect(moved.points.map((p: any) => p.values.price)).toEqual([23, 18]);
    expect(moved.points[0].snapshot).not.toBe(moved.points[1].snapshot);
    expect(moved.tracked_fields).toContain("price");
    const steady = (await get(`/v1/datasets/${SLUG}/records/ebay%3A1004/history`)).body.data;
    expect(steady.points).toHaveLength(1);
    const missing = await get(`/v1/datasets/${SLUG}/records/ebay%3A9999/history`);
    expect(missing.response.status).toBe(404);
  });
});
