import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { parse } from "csv-parse/sync";
import { beforeAll, describe, expect, inject, it } from "vitest";
import { createAccountKey } from "../../scripts/local-stack.ts";

const baseUrl = inject("baseUrl");
const adminToken = inject("adminToken");
const LARGE = "amazon-product-prices-us";
let secret: string;

beforeAll(async () => {
  ({ secret } = await createAccountKey(baseUrl, adminToken, { name: "e2e stream", plan: "enterprise" }));
});

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
    expect(detail.data.record_count).toBe(60_000);

    const ndjsonResponse = await fetch(`${baseUrl}/v1/datasets/${LARGE}/records?format=ndjson`, {
      headers: { "X-API-KEY": secret },
    });
    expect(ndjsonResponse.status).toBe(200);
    expect(ndjsonResponse.headers.get("Content-Type")).toContain("application/x-ndjson");
    expect(ndjsonResponse.headers.get("Content-Length")).toBeNull();
    const ndjson = await consume(ndjsonResponse);
    expect(ndjson.lines).toBe(60_000);
    expect(ndjson.chunks).toBeGreaterThan(10);
    expect(JSON.parse(ndjson.head.split("\n")[0]!)).toEqual(detail.data.preview[0]);
    const last = JSON.parse(ndjson.tail.trim().split("\n").at(-1)!);
    expect(Object.keys(last)).toEqual(detail.data.fields.map((f: any) => f.name));

    // The first read warms D1's page cache (the local database file is ~35 MB); measure after it.
    const before = workerdPeakKb();
    const csvResponse = await fetch(`${baseUrl}/v1/datasets/${LARGE}/records`, {
      headers: { "X-API-KEY": secret, Accept: "text/csv" },
    });
    expect(csvResponse.headers.get("Content-Type")).toContain("text/csv");
    const csv = await consume(csvResponse);
    expect(csv.lines).toBe(60_001);
    const firstRows = parse(csv.head.split("\r\n").slice(0, 3).join("\r\n"), { columns: true }) as Record<
      string,
      string
    >[];
    expect(firstRows[0]!.asin).toBe(detail.data.preview[0].asin);

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
