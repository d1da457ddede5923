// What the batch-job e2e files share: a key's calls counted (so quota checks can tell them from a
// job's items), polling a job to its end, and the path of a replica catalogue product.
import { catalogue } from "../../replicas/catalogue.ts";

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export type JobClient = ReturnType<typeof jobClient>;

/** Calls the API at `baseUrl()` (read per call: a restarted Worker may move) with `secret`, counting them. */
export function jobClient(baseUrl: () => string, secret: string) {
  let calls = 0;
  const call = async (method: string, path: string, body?: unknown, headers: Record<string, string> = {}) => {
    calls++;
    const response = await fetch(`${baseUrl()}${path}`, {
      method,
      headers: {
        "X-API-KEY": secret,
        ...(body === undefined ? {} : { "Content-Type": "application/json" }),
        ...headers,
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await response.text();
    const json = response.headers.get("Content-Type")?.startsWith("application/json");
    return { status: response.status, headers: response.headers, text, body: json ? JSON.parse(text) : null };
  };
  return { call, calls: () => calls };
}

/** Polls the job until it has no item left to run (or the time is up); its last status. */
export async function settleJob(api: JobClient, id: string, timeoutMs = 150_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const { body } = await api.call("GET", `/v1/jobs/${id}`);
    if (!["queued", "running"].includes(body.data.status) || Date.now() > deadline) return body.data;
    await sleep(500);
  }
}

/** The product route's path for the replica catalogue's `n`-th product of `platform`. */
export function productPath(platform: "amazon" | "ebay" | "bestbuy" | "etsy" | "walmart", n: number): string {
  const param = platform === "amazon" ? "asin" : platform === "bestbuy" ? "sku" : "id";
  return `/v1/${platform}?${param}=${catalogue(platform)[n % 48]!.id}`;
}
