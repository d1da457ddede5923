// One whole-shop refresh at scale for `npm run bench:shop`: a `shop` dataset over a sized replica
// shop (`trailhead-10000`), crawled with the fetch engine through the local queue, while the
// workerd processes' memory is sampled. Reports the crawl's pace, the R2 objects and D1 rows it
// left per 1,000 products, and memory as the products grew (flat when nothing holds them all).
import { readFileSync } from "node:fs";
import { inspector } from "./inspector.ts";
import { count } from "./stats.ts";

export interface ShopRefreshFigures {
  shop: string;
  seconds: number;
  pages: number;
  products: number;
  records: number;
  status: string;
  r2: { parts: number; answers: number };
  d1: Record<string, number>;
  /** Summed RSS of the workerd processes in MB: before the refresh, as products passed each mark, at the end, and the peak. */
  memory: { before: number; marks: { products: number; mb: number }[]; after: number; peak: number };
  /**
   * The Worker isolate's used JS heap in MB (its Durable Objects run in it too): before the refresh, at
   * each mark, after it, and the peak of the samples. The RSS above also holds the local D1 and R2.
   */
  heap: { before: number; marks: number[]; after: number; peak: number };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const SAMPLE_MS = 500;
/** Bounded: a refresh still running after this is reported as it stands. */
const MAX_SECONDS = Number(process.env.BENCH_SHOP_SECONDS) || 3_600;

/** Resident memory of the processes in MB (VmRSS from /proc). */
function rssMb(pids: readonly number[]): number {
  let kb = 0;
  for (const pid of pids) {
    try {
      kb += Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, "utf8"))?.[1] ?? 0);
    } catch {
      // The process ended.
    }
  }
  return kb / 1024;
}

/** The isolate's used JS heap in MB (workerd's inspector answers no request to collect first). */
async function liveHeapMb(session: Awaited<ReturnType<typeof inspector>>): Promise<number> {
  const { usedSize } = (await session.send("Runtime.getHeapUsage")) as { usedSize: number };
  return usedSize / 1024 / 1024;
}

export async function shopRefreshFigures(options: {
  url: string;
  key: Record<string, string>;
  replicasUrl: string;
  persistTo: string;
  serverPids: number[];
  inspectorPort: number;
  size: number;
}): Promise<ShopRefreshFigures> {
  const { url, key, serverPids, size } = options;
  const session = await inspector(options.inspectorPort);
  const heap = { before: await liveHeapMb(session), marks: [] as number[], after: 0, peak: 0 };
  const shop = `trailhead-${size}`;
  // Imported here: node:sqlite warns that it is experimental, which only this part needs to hear.
  const { openLocalStorage } = await import("./local-storage.ts");
  const storage = openLocalStorage(options.persistTo);
  const before = rssMb(serverPids);
  const started = performance.now();
  const created = await fetch(`${url}/v1/datasets`, {
    method: "POST",
    headers: { ...key, "Content-Type": "application/json" },
    body: JSON.stringify({
      name: `Bench ${shop}`,
      recipe: { kind: "shop", start_urls: [`${options.replicasUrl}/${shop}/`], max_products: size + 1_000 },
    }),
  });
  const body = (await created.json()) as any;
  if (created.status !== 201) throw new Error(`POST /v1/datasets answered ${created.status}: ${JSON.stringify(body)}`);
  const { slug, refresh } = body.data as { slug: string; refresh: { job_id: string; snapshot_id: string } };

  const marks = [0.25, 0.5, 0.75, 1].map((share) => Math.round(size * share));
  const memory = { before, marks: [] as { products: number; mb: number }[], after: 0, peak: before };
  let status = "running";
  let crawl = { pages: 0, products: 0 };
  let lastJobCheck = 0;
  while (performance.now() - started < MAX_SECONDS * 1000) {
    const mb = rssMb(serverPids);
    memory.peak = Math.max(memory.peak, mb);
    const used = await liveHeapMb(session);
    heap.peak = Math.max(heap.peak, used);
    crawl =
      storage.row<{ pages: number; products: number }>(
        "SELECT pages, products FROM shop_refreshes WHERE job_id = ?",
        refresh.job_id,
      ) ?? crawl;
    while (marks.length > 0 && crawl.products >= marks[0]!) {
      memory.marks.push({ products: marks.shift()!, mb });
      heap.marks.push(used);
    }
    if (performance.now() - lastJobCheck > 2_000) {
      lastJobCheck = performance.now();
      const job = (await (await fetch(`${url}/v1/jobs/${refresh.job_id}`, { headers: key })).json()) as any;
      status = job.data?.status ?? status;
      if (!["queued", "running"].includes(status)) break;
    }
    await sleep(SAMPLE_MS);
  }
  const seconds = (performance.now() - started) / 1000;
  memory.after = rssMb(serverPids);
  heap.after = await liveHeapMb(session);
  session.close();

  const dataset = storage.row<{ id: number }>("SELECT id FROM datasets WHERE slug = ?", slug)!;
  const snapshot = storage.row<{ records: number }>(
    "SELECT records FROM dataset_snapshots WHERE id = ?",
    refresh.snapshot_id,
  );
  const rows = (table: string, column: string, value: string | number) =>
    storage.row<{ n: number }>(`SELECT count(*) AS n FROM ${table} WHERE ${column} = ?`, value)!.n;
  const figures: ShopRefreshFigures = {
    shop,
    seconds,
    pages: crawl.pages,
    products: crawl.products,
    records: snapshot?.records ?? 0,
    status,
    r2: {
      parts: storage.objects(`datasets/${dataset.id}/${refresh.snapshot_id}/`),
      answers: storage.objects(`jobs/${refresh.job_id}/`),
    },
    d1: {
      shop_products: rows("shop_products", "dataset_id", dataset.id),
      dataset_record_state: rows("dataset_record_state", "dataset_id", dataset.id),
      dataset_record_changes: rows("dataset_record_changes", "dataset_id", dataset.id),
      dataset_parts: rows("dataset_parts", "snapshot_id", refresh.snapshot_id),
      shop_frontier: rows("shop_frontier", "job_id", refresh.job_id),
      job_items: rows("job_items", "job_id", refresh.job_id),
    },
    memory,
    heap,
  };
  storage.close();
  return figures;
}

export function printShopRefresh(f: ShopRefreshFigures) {
  const perThousand = (n: number) => ((n / Math.max(1, f.products)) * 1000).toFixed(1);
  console.log(
    `\n**Whole-shop refresh**, the \`${f.shop}\` replica (robots.txt crawl-delay 0.05 s) with the fetch engine through the local queue: job ${f.status} in ${f.seconds.toFixed(0)} s\n`,
  );
  console.log("| figure | value |");
  console.log("|---|---:|");
  console.log(`| pages read (sitemaps, listings, products) | ${count(f.pages)} |`);
  console.log(`| products recorded / records in the snapshot | ${count(f.products)} / ${count(f.records)} |`);
  console.log(`| discovery pages/s (every page read ÷ wall time) | ${(f.pages / f.seconds).toFixed(1)} |`);
  console.log(`| products read/s | ${(f.products / f.seconds).toFixed(1)} |`);
  console.log(
    `| R2 objects of the snapshot (parts) / products per part | ${f.r2.parts} / ${(f.records / Math.max(1, f.r2.parts)).toFixed(0)} |`,
  );
  console.log(
    `| R2 objects per 1,000 products: snapshot parts + the job's item answers (deleted with the job) | ${perThousand(f.r2.parts)} + ${perThousand(f.r2.answers)} |`,
  );
  for (const [table, rows] of Object.entries(f.d1))
    console.log(`| D1 rows per 1,000 products: \`${table}\` | ${perThousand(rows)} |`);
  const marks = f.memory.marks.map((mark) => count(mark.products)).join(" / ");
  const values = f.memory.marks.map((mark) => mark.mb.toFixed(0)).join(" / ");
  console.log(
    `| workerd RSS MB before the refresh / at ${marks} products / after it | ${f.memory.before.toFixed(0)} / ${values} / ${f.memory.after.toFixed(0)} |`,
  );
  console.log(`| workerd peak RSS MB (sampled every ${SAMPLE_MS} ms) | ${f.memory.peak.toFixed(0)} |`);
  const heaps = f.heap.marks.map((mb) => mb.toFixed(1)).join(" / ");
  console.log(
    `| the Worker isolate's used JS heap MB: before / at ${marks} products / after; peak of the samples | ${f.heap.before.toFixed(1)} / ${heaps} / ${f.heap.after.toFixed(1)}; ${f.heap.peak.toFixed(1)} |`,
  );
}
