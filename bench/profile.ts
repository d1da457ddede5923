// Where the Worker's CPU goes on one route: starts a local stack, sends `count` requests (10 at a
// time) with an enterprise key while V8's sampling profiler runs in the Worker (through wrangler's
// inspector), and prints self time by function. The Worker's Durable Objects run in the same
// isolate, so the limiter's work is in the profile too. Writes the raw profile to
// /tmp/worker.cpuprofile (opens in Chrome DevTools).
//
//   npm run profile -- "/v1/datasets?category=travel" 2000
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { startReplicas } from "../replicas/server.ts";
import { applyMigrations, createAccountKey, startWorker } from "../scripts/local-stack.ts";
import { inspector } from "./inspector.ts";

const path = process.argv[2] ?? "/v1/datasets?category=travel";
const count = Number(process.argv[3] ?? 2000);
const CONCURRENCY = 10;
const ADMIN_TOKEN = "profile-admin-token";

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
}
interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

function printSelfTimes(profile: Profile, requests: number, seconds: number) {
  const self = new Map<number, number>();
  profile.samples.forEach((node, i) => {
    self.set(node, (self.get(node) ?? 0) + (profile.timeDeltas[i] ?? 0));
  });
  const byFunction = new Map<string, number>();
  let total = 0;
  let idle = 0;
  for (const node of profile.nodes) {
    const micros = self.get(node.id) ?? 0;
    total += micros;
    const { functionName, url, lineNumber } = node.callFrame;
    if (functionName === "(idle)") idle += micros;
    const where = url ? `${url.replace(/.*\//, "")}:${lineNumber + 1}` : "native";
    const name = `${functionName || "(anonymous)"} ${where}`;
    byFunction.set(name, (byFunction.get(name) ?? 0) + micros);
  }
  console.log(
    `${requests} requests of ${path} in ${seconds.toFixed(1)} s; busy ${((total - idle) / 1000 / requests).toFixed(2)} ms of the Worker's thread per request\n`,
  );
  console.log("| self ms per request | share of busy | function |");
  console.log("|---:|---:|---|");
  for (const [name, micros] of [...byFunction].sort((a, b) => b[1] - a[1]).slice(0, 25)) {
    if (name.startsWith("(idle)")) continue;
    console.log(
      `| ${(micros / 1000 / requests).toFixed(3)} | ${((micros / (total - idle)) * 100).toFixed(1)} % | \`${name}\` |`,
    );
  }
}

const persistTo = mkdtempSync(join(tmpdir(), "webdata-profile-"));
applyMigrations(persistTo);
const replicas = await startReplicas({ port: 0 });
const worker = await startWorker({
  persistTo,
  vars: { ADMIN_TOKEN, ANON_REQUESTS_PER_MINUTE: "100000000", REPLICA_ORIGIN: replicas.url },
});
try {
  const { secret } = await createAccountKey(worker.url, ADMIN_TOKEN, {
    name: "profile",
    plan: "enterprise",
    requests_per_minute: 1_000_000,
    requests_per_month: 1_000_000_000,
  });
  const send = async (requests: number) => {
    let sent = 0;
    const connection = async () => {
      while (sent++ < requests)
        await (await fetch(worker.url + path, { headers: { "X-API-KEY": secret } })).arrayBuffer();
    };
    await Promise.all(Array.from({ length: CONCURRENCY }, connection));
  };
  await send(200);
  const session = await inspector(worker.inspectorPort);
  await session.send("Profiler.enable");
  await session.send("Profiler.setSamplingInterval", { interval: 100 });
  await session.send("Profiler.start");
  const started = performance.now();
  await send(count);
  const seconds = (performance.now() - started) / 1000;
  const { profile } = (await session.send("Profiler.stop")) as { profile: Profile };
  session.close();
  writeFileSync("/tmp/worker.cpuprofile", JSON.stringify(profile));
  printSelfTimes(profile, count, seconds);
} finally {
  await worker.stop();
  await replicas.stop();
  rmSync(persistTo, { recursive: true, force: true });
}
