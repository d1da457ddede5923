// Fills the public catalogue locally: every public dataset's recipe runs once against the replica
// sites through the same pipeline as on Cloudflare (a batch job per dataset on the local queue),
// and its snapshot becomes what the catalogue serves. `npm start` and the e2e stack call this.

interface DatasetState {
  slug: string;
  records: number;
  latest: { status: string; records: number } | null;
}

async function admin(url: string, adminToken: string, method: "GET" | "POST", path: string) {
  const response = await fetch(`${url}${path}`, { method, headers: { "X-Admin-Token": adminToken } });
  const body = (await response.json()) as { data: DatasetState[] };
  if (!response.ok) throw new Error(`${method} ${path} answered ${response.status}: ${JSON.stringify(body)}`);
  return body.data;
}

/**
 * Starts a refresh of every public dataset and waits (at most `timeoutMs`) until none is still
 * collecting, printing progress through `print`. Returns each dataset's state at the end.
 */
export async function fillPublicDatasets(
  url: string,
  adminToken: string,
  print: (line: string) => void = console.log,
  timeoutMs = 180_000,
): Promise<DatasetState[]> {
  let states = await admin(url, adminToken, "POST", "/v1/admin/datasets/refresh");
  const deadline = Date.now() + timeoutMs;
  let shown = "";
  for (;;) {
    const collecting = states.filter((state) => state.latest?.status === "collecting");
    const records = states.reduce((sum, state) => sum + (state.latest?.records ?? 0), 0);
    const line = `datasets: ${states.length - collecting.length}/${states.length} refreshed from the replica sites, ${records} records`;
    if (line !== shown) print(line);
    shown = line;
    if (collecting.length === 0) return states;
    if (Date.now() > deadline) {
      print(`datasets: still collecting after ${timeoutMs / 1000} s: ${collecting.map((s) => s.slug).join(", ")}`);
      return states;
    }
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    states = await admin(url, adminToken, "GET", "/v1/admin/datasets");
  }
}
