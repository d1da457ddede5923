// Load measurements for `npm run bench`: each route beside the bare `/hello` route on the same server.
import autocannon from "autocannon";

export interface RouteCase {
  name: string;
  path: string;
  headers?: Record<string, string>;
}

export interface Measurement {
  name: string;
  requestsPerSecond: number;
  p50: number;
  p99: number;
  non2xx: number;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

async function once(url: string, route: RouteCase, seconds: number, connections: number) {
  const result = await autocannon({ url: url + route.path, headers: route.headers, duration: seconds, connections });
  return { rps: result.requests.average, p50: result.latency.p50, p99: result.latency.p99, non2xx: result.non2xx + result.errors };
}

/** Medians over `runs` runs of `seconds` each, routes interleaved so drift hits them alike. */
export async function measure(url: string, routes: RouteCase[], options = { runs: 3, seconds: 3, connections: 10 }) {
  const samples = new Map(routes.map((route) => [route.name, [] as Awaited<ReturnType<typeof once>>[]]));
  for (let run = 0; run < options.runs; run++) {
    for (const route of routes) samples.get(route.name)!.push(await once(url, route, options.seconds, options.connections));
  }
  return routes.map((route): Measurement => {
    const runs = samples.get(route.name)!;
    return {
      name: route.name,
      requestsPerSecond: median(runs.map((r) => r.rps)),
      p50: median(runs.map((r) => r.p50)),
      p99: median(runs.map((r) => r.p99)),
      non2xx: runs.reduce((sum, r) => sum + r.non2xx, 0),
    };
  });
}

export function printTable(title: string, rows: Measurement[], baseline: string) {
  const base = rows.find((row) => row.name === baseline)!;
  console.log(`\n${title}`);
  console.log("| route | req/s | p50 ms | p99 ms | non-2xx | ratio to bare |");
  console.log("|---|---:|---:|---:|---:|---:|");
  for (const row of rows) {
    const ratio = row.requestsPerSecond / base.requestsPerSecond;
    console.log(`| ${row.name} | ${row.requestsPerSecond.toFixed(0)} | ${row.p50} | ${row.p99} | ${row.non2xx} | ${ratio.toFixed(2)} |`);
  }
}
