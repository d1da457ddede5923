import { beforeAll, describe, expect, it } from "vitest";
import { datasetPartKey } from "../../../src/db/objects";
import { RECORD_FIELDS } from "../../../src/datasets/records";
import { addPublicDataset, importRecords } from "../dataset-fixtures";
import { createApp } from "../../../src/app";
import { call, callApp, env, newAccount, withKey } from "../helpers";

// A snapshot written in many small parts (a part per job item) is merged into one part with its
// records' byte offsets before it is read; pages are ranged reads of it, and answer exactly what
// parsing every record and picking its fields answers. A part written before offsets were kept
// is still read, its fields put in their declared order.
let secret: string;
let slug: string;
let snapshot: string;
const names = RECORD_FIELDS.search.map((field) => field.name);
const record = (n: number) => ({
  key: `amazon:B${1000 + n}`,
  platform: "amazon",
  query: "fixture",
  position: n + 1,
  id: `B${1000 + n}`,
  title: `Ünïcode title ${n} “quoted”`,
  price: 10 + n / 100,
  currency: "USD",
  source_url: `http://127.0.0.1:9/dp/B${1000 + n}`,
});

const page = async (query: string) =>
  (await (await call(`/v1/datasets/${slug}/records?${query}`, withKey(secret))).json()) as any;

beforeAll(async () => {
  ({ secret } = await newAccount({ plan: "enterprise" }));
  slug = await addPublicDataset("compaction-fixture", "Compaction fixture");
  snapshot = await importRecords(
    slug,
    Array.from({ length: 230 }, (_, n) => record(n)),
    10,
  );
});

describe("a snapshot's parts", () => {
  it("answer pages across parts, a page ending where a part ends included, as the parsed records do", async () => {
    const wide = await addPublicDataset("compaction-parts", "Compaction across parts");
    const count = 2_300;
    await importRecords(
      wide,
      Array.from({ length: count }, (_, n) => record(n)),
      500,
    );
    const { results } = await env.DB.prepare(
      "SELECT p.records FROM dataset_parts p JOIN dataset_snapshots s ON s.id = p.snapshot_id JOIN datasets d ON d.id = s.dataset_id WHERE d.slug = ? ORDER BY p.part",
    )
      .bind(wide)
      .all<{ records: number }>();
    expect(results.length).toBeGreaterThan(1);
    const first = results[0]!.records;
    const read = async (query: string) =>
      (await (await call(`/v1/datasets/${wide}/records?${query}`, withKey(secret))).json()) as any;
    for (const limit of [first, first - 1, first + 1, 700]) {
      const keys: string[] = [];
      let cursor = "";
      for (let pages = 0; pages < 10; pages += 1) {
        const stored = await read(`limit=${limit}${cursor}`);
        const parsed = await read(`limit=${limit}&filter=key!=none${cursor}`);
        expect(JSON.stringify(stored.data), `limit ${limit}`).toBe(JSON.stringify(parsed.data));
        expect(stored.meta.next_cursor).toBe(parsed.meta.next_cursor);
        keys.push(...stored.data.map((one: { key: string }) => one.key));
        if (!stored.meta.next_cursor) break;
        cursor = `&cursor=${stored.meta.next_cursor}`;
      }
      expect(keys, `limit ${limit}`).toEqual(Array.from({ length: count }, (_, n) => `amazon:B${1000 + n}`));
    }
  });

  it("are merged into one part with the byte offset of every record", async () => {
    const { results } = await env.DB.prepare(
      "SELECT part, records, line_offsets FROM dataset_parts WHERE snapshot_id = ?",
    )
      .bind(snapshot)
      .all<{ part: number; records: number; line_offsets: string }>();
    expect(results).toHaveLength(1);
    expect(results[0]!.records).toBe(230);
    const offsets = JSON.parse(results[0]!.line_offsets) as number[];
    expect(offsets).toHaveLength(231);
    const { id } = (await env.DB.prepare("SELECT id FROM datasets WHERE slug = ?").bind(slug).first<{ id: number }>())!;
    const listed = await env.RESULTS.list({ prefix: `datasets/${id}/${snapshot}/` });
    expect(listed.objects.map((object) => object.key)).toEqual([datasetPartKey(id, snapshot, results[0]!.part)]);
    expect(listed.objects[0]!.size).toBe(offsets.at(-1));
  });

  it("answer pages as stored lines that equal the parsed and picked records, cursor for cursor", async () => {
    let cursor = "";
    let pages = 0;
    do {
      // An always-true filter takes the path that parses each record and picks its fields.
      const stored = await page(`limit=70${cursor}`);
      const parsed = await page(`limit=70&filter=key!=none${cursor}`);
      expect(stored.data).toEqual(parsed.data);
      expect(JSON.stringify(stored.data)).toBe(JSON.stringify(parsed.data));
      expect(stored.meta.next_cursor).toBe(parsed.meta.next_cursor);
      expect(Object.keys(stored.data[0])).toEqual(names);
      cursor = stored.meta.next_cursor ? `&cursor=${stored.meta.next_cursor}` : "";
      pages += 1;
    } while (cursor && pages < 10);
    expect(pages).toBe(4);
    const last = await page("limit=230");
    expect(last.meta.next_cursor).toBeNull();
    expect(last.data.at(-1)).toMatchObject({ key: "amazon:B1229", title: "Ünïcode title 229 “quoted”" });
  });

  it("are read from R2 once for all the pages they hold, and once for a page read again", async () => {
    const once = await addPublicDataset("compaction-read-once", "Compaction read once");
    await importRecords(
      once,
      Array.from({ length: 230 }, (_, n) => record(n)),
      10,
    );
    let reads = 0;
    const bucket = {
      get: (...args: Parameters<R2Bucket["get"]>) => {
        reads += 1;
        return env.RESULTS.get(...args);
      },
    };
    const app = createApp();
    const read = async (query: string) =>
      (await (
        await callApp(app, `/v1/datasets/${once}/records?${query}`, withKey(secret), { ...env, RESULTS: bucket })
      ).json()) as any;
    const keys: string[] = [];
    let cursor = "";
    do {
      const answer = await read(`limit=70${cursor}`);
      keys.push(...answer.data.map((one: { key: string }) => one.key));
      cursor = answer.meta.next_cursor ? `&cursor=${answer.meta.next_cursor}` : "";
    } while (cursor);
    expect(keys).toEqual(Array.from({ length: 230 }, (_, n) => `amazon:B${1000 + n}`));
    expect((await read("limit=70")).data.map((one: { key: string }) => one.key)).toEqual(keys.slice(0, 70));
    expect(reads).toBe(1);
  });

  it("answer only the fields asked for when they are the first declared ones", async () => {
    const keys = await page("limit=3&fields=key");
    expect(keys.data).toEqual([{ key: "amazon:B1000" }, { key: "amazon:B1001" }, { key: "amazon:B1002" }]);
    const two = await page(`limit=1&fields=${names.slice(0, 2).join(",")}`);
    expect(Object.keys(two.data[0])).toEqual(names.slice(0, 2));
  });

  it("written before offsets were kept are read whole, their fields in declared order", async () => {
    const { id } = (await env.DB.prepare("SELECT id FROM datasets WHERE slug = ?").bind(slug).first<{ id: number }>())!;
    const legacy = "snap_legacy1";
    const lines = [1, 2, 3].map((n) => JSON.stringify({ title: `Old ${n}`, key: `amazon:OLD${n}`, price: n }));
    await env.RESULTS.put(datasetPartKey(id, legacy, 0), `${lines.join("\n")}\n`);
    await env.DB.batch([
      env.DB.prepare(
        "INSERT INTO dataset_snapshots (id, dataset_id, status, started_at, finished_at, records) VALUES (?, ?, 'complete', ?, ?, 3)",
      ).bind(legacy, id, Date.now(), Date.now() + 60_000),
      env.DB.prepare("INSERT INTO dataset_parts (snapshot_id, part, records, filled) VALUES (?, 0, 3, '{}')").bind(
        legacy,
      ),
    ]);
    const first = await page("limit=2");
    expect(first.meta.snapshot.id).toBe(legacy);
    expect(first.data.map((r: any) => r.key)).toEqual(["amazon:OLD1", "amazon:OLD2"]);
    expect(Object.keys(first.data[0])).toEqual(names);
    const rest = await page(`limit=2&cursor=${first.meta.next_cursor}`);
    expect(rest.data.map((r: any) => r.key)).toEqual(["amazon:OLD3"]);
    expect(rest.meta.next_cursor).toBeNull();
  });
});
