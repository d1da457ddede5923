import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { parse } from "csv-parse/sync";
import { beforeAll, describe, expect, inject, it } from "vitest";
import { createAccountKey } from "../../scripts/local-stack.ts";

const baseUrl = inject("baseUrl");
const adminToken = inject("adminToken");
// The test makes its own large snapshot: 60,000 records imported through the admin route (the
// snapshot writer refreshes use) into one public dataset, 5,000 records a part.
const LARGE = "power-banks-chargers-across-marketplaces-us";
const RECORDS = 60_000;
const PART = 5_000;
let secret: string;

const record = (n: number) => ({
  key: `amazon:us:B0STREAM${String(n).padStart(5, "0")}`,
  platform: "amazon",
  country: "us",
  query: "power bank",
  position: n + 1,
  id: `B0STREAM${String(n).padStart(5, "0")}`,
  title: `Power Bank ${n} — 20000mAh, USB-C`,
  price: 10 + (n % 9000) / 100,
  currency: "USD",
  rating: 3 + (n % 20) / 10,
  review_count: n * 7,
  sponsored: n % 25 === 0,
  image: `http://127.0.0.1/images/${n}.jpg`,
  source_url: `http://127.0.0.1/dp/B0STREAM${n}`,
});

beforeAll(async () => {
  ({ secret } = await createAccountKey(baseUrl, adminToken, { name: "e2e stream", plan: "enterprise" }));
  let snapshot: string | undefined;
  for (let start = 0; start < RECORDS; start += PART) {
    const response = await fetch(`${baseUrl}/v1/admin/datasets/${LARGE}/snapshots`, {
      method: "POST",
      headers: { "Content-Type": "application/json", "X-Admin-Token": adminToken },
      body: JSON.stringify({
        records: Array.from({ length: PART }, (_, i) => record(start + i)),
        snapshot,
        finish: start + PART >= RECORDS,
      }),
    });
    const body = (await response.json()) as any;
    if (response.status !== 200) throw new Error(`import failed: ${JSON.stringify(body)}`);
    snapshot = body.data.snapshot;
  }
}, 300_000);

/** Peak resident memory (kB) of the workerd processes serving the Worker. */
function workerdPeakKb(): number {
  const pids = execFileSync("pgrep", ["-f", "workerd serve"], { encoding: "utf8" }).trim().split("\n").filter(Boolean);
  return pids.reduce((sum, pid) => {
    const status = readFileSync(`/proc/${pid}/status`, "utf8");
    return sum + Number(/VmHWM:\s+(\d+)/.exec(status)?.[1] ?? 0);
  }, 0);
}

/** Reads a body chunk by chunk, keeping only counts, so the test itself stays small. */
async function consume(response: Response) {
  const reader = response.body!.getReader();
  const decoder = new TextDecoder();
  let lines = 0;
  let bytes = 0;
  let chunks = 0;
  let head = "";
  let tail = "";
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks += 1;
    bytes += value.byteLength;
    const text = decoder.decode(value, { stream: true });
    if (head.length < 2_000) head += text;
    tail = (tail + text).slice(-2_000);
    for (let i = 0; i < text.length; i++) if (text.charCodeAt(i) === 10) lines += 1;
  }
  return { lines, bytes, chunks, head, tail };
}

describe("streaming a 60,000-record dataset through wrangler dev", () => {
  it("streams every record as NDJSON and as CSV without buffering the whole dataset", async () => {
    const detail = (await (
      await fetch(`${baseUrl}/v1/datasets/${LARGE}`, { headers: { "X-API-KEY": secret } })
    ).json()) as any;
    expect(detail.data.record_count).toBe(RECORDS);

    const ndjsonResponse = await fetch(`${baseUrl}/v1/datasets/${LARGE}/records?format=ndjson`, {
      headers: { "X-API-KEY": secret },
    });
    expect(ndjsonResponse.status).toBe(200);
    expect(ndjsonResponse.headers.get("Content-Type")).toContain("application/x-ndjson");
    expect(ndjsonResponse.headers.get("Content-Length")).toBeNull();
    const ndjson = await consume(ndjsonResponse);
    expect(ndjson.lines).toBe(RECORDS);
    expect(ndjson.chunks).toBeGreaterThan(10);
    expect(JSON.parse(ndjson.head.split("\n")[0]!)).toEqual(detail.data.preview[0]);
    const last = JSON.parse(ndjson.tail.trim().split("\n").at(-1)!);
    expect(Object.keys(last)).toEqual(detail.data.fields.map((f: any) => f.name));

    // The first read warms the local R2 and D1 files; measure after it.
    const before = workerdPeakKb();
    const csvResponse = await fetch(`${baseUrl}/v1/datasets/${LARGE}/records`, {
      headers: { "X-API-KEY": secret, Accept: "text/csv" },
    });
    expect(csvResponse.headers.get("Content-Type")).toContain("text/csv");
    const csv = await consume(csvResponse);
    expect(csv.lines).toBe(RECORDS + 1);
    const firstRows = parse(csv.head.split("\r\n").slice(0, 3).join("\r\n"), { columns: true }) as Record<
      string,
      string
    >[];
    expect(firstRows[0]!.key).toBe(detail.data.preview[0].key);

    const again = await consume(
      await fetch(`${baseUrl}/v1/datasets/${LARGE}/records?format=ndjson`, { headers: { "X-API-KEY": secret } }),
    );
    expect(again.bytes).toBe(ndjson.bytes);

    // The Workers limit is 128 MB per isolate. Resident memory also holds garbage not yet
    // collected, so this bound is loose; it still fails if the streams were held whole.
    const grownKb = workerdPeakKb() - before;
    console.log(
      `streamed ${(ndjson.bytes / 1e6).toFixed(1)} MB NDJSON + ${(csv.bytes / 1e6).toFixed(1)} MB CSV; workerd peak memory grew ${(grownKb / 1024).toFixed(1)} MB after warm-up`,
    );
    expect(grownKb).toBeLessThan(128 * 1024);
  });
});
