// `npm start`: local D1 migrated and seeded, the replica sites on :8790, Browser Rendering
// backed by the system Chromium, then the API on http://127.0.0.1:8787 as development
// (wrangler.toml's [env.dev]; its top level is production, for `wrangler deploy`), with its cron
// triggers fired on schedule, `npm run receiver`'s port allowed as a webhook target, and the public
// datasets collected from the replicas; the banner says what the local sites hold.
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { createInterface } from "node:readline";
import { randomBytes } from "node:crypto";
import { applyMigrations, ROOT, startWorker } from "./local-stack.ts";
import { stopOnSignals, stopWithProcess } from "./stop-signals.ts";
import { demoAccounts } from "./demo-accounts.ts";
import { linkChromium } from "./chromium.ts";
import { fillPublicDatasets } from "./local-datasets.ts";
import { receiverPort } from "./receiver.ts";
import { holdings } from "../replicas/holdings.ts";
import { startReplicas } from "../replicas/server.ts";
import { PRODUCT_PLATFORMS } from "../src/platforms/index.ts";

const PERSIST = `${ROOT}.wrangler/state`;
const PORT = Number(process.env.PORT ?? 8787);
/** The demo accounts' sign-ins (git-ignored, beside the database they live in), and the banner as printed. */
const DEMO_FILE = `${ROOT}.wrangler/demo-accounts.json`;
const BANNER_FILE = `${ROOT}.wrangler/banner.txt`;

/**
 * Local secrets live in `.dev.vars` (git-ignored), created on first start; `wrangler dev --env dev`
 * reads it over [env.dev]'s vars. Settings that are not secret belong in wrangler.toml's [env.dev].
 */
function localAdminToken(): string {
  const file = `${ROOT}.dev.vars`;
  if (!existsSync(file)) writeFileSync(file, `ADMIN_TOKEN=${randomBytes(24).toString("hex")}\n`);
  const match = /^ADMIN_TOKEN=(.+)$/m.exec(readFileSync(file, "utf8"));
  if (!match) throw new Error(".dev.vars has no ADMIN_TOKEN line; delete it to have a new one made");
  return match[1]!.trim();
}

// First: a SIGINT, SIGTERM or SIGHUP at any moment from here stops what was started (stop-signals.ts).
stopOnSignals();
const adminToken = localAdminToken();
console.log("Applying D1 migrations and seed data…");
applyMigrations(PERSIST);

try {
  linkChromium();
} catch (err) {
  console.warn(`${(err as Error).message}\nThe API runs; scrapes that need a browser will answer 503.`);
}
const replicas = await startReplicas({ port: Number(process.env.REPLICAS_PORT ?? 8790) });
// In this process, so gone when it is; stopped first so that its port is free when the process ends.
stopWithProcess({ stop: () => replicas.stop(), kill: () => {} });
const receiverHost = `127.0.0.1:${receiverPort()}`;
const worker = await startWorker({
  port: PORT,
  persistTo: PERSIST,
  inheritOutput: true,
  vars: { REPLICA_ORIGIN: replicas.url, SSRF_ALLOW_HOSTS: receiverHost },
  crons: { log: (line) => console.log(line) },
});
// The public catalogue is collected from the replica sites through the pipeline, as the cron does on
// Cloudflare; the banner waits for it, so the catalogue examples answer with records.
await fillPublicDatasets(worker.url, adminToken);
const held = holdings();
const day = (fromNow: number) => new Date(Date.now() + fromNow * 86_400_000).toISOString().slice(0, 10);
/** What the local sites hold, from the replicas' own catalogues: ids, searches and destinations that find something. */
const heldLines = [
  ...Object.entries(held.products).map(
    ([slug, { ids, searches }]) =>
      `${slug.padEnd(13)}${PRODUCT_PLATFORMS[slug]?.idParam ?? "id"} ${ids.join(", ")} · q ${searches.map((q) => `"${q}"`).join(", ")}`,
  ),
  `${"hotels in".padEnd(13)}${held.hotels.destinations.join(", ")}; near ${held.hotels.landmarks.join(", ")}`,
].join("\n               ");
/** One call per area that finds something locally. */
const tries = (secret: string) => {
  const [slug, { ids, searches }] = Object.entries(held.products)[0]!;
  const idParam = PRODUCT_PLATFORMS[slug]?.idParam ?? "id";
  const stay = `check_in=${day(30)}&check_out=${day(32)}`;
  return [
    `/v1/${slug}?${idParam}=${ids[0]}`,
    `/v1/${slug}/search?q=${encodeURIComponent(searches[0]!)}`,
    `/v1/travel/all/hotels/search?destination=${encodeURIComponent(held.hotels.destinations.at(-1)!)}&${stay}`,
  ]
    .map((path) => `curl -H "X-API-KEY: ${secret}" "${worker.url}${path}"`)
    .join("\n               ");
};

const [free, pro] = await demoAccounts(worker.url, adminToken, DEMO_FILE);

const banner = `
  Web Data API running at ${worker.url} (ENVIRONMENT=development)
  Docs:        ${worker.url}/docs
  Health:      curl ${worker.url}/v1/health
  Free key:    ${free!.secret}   (sign in: ${free!.email} / ${free!.password})
  Pro key:     ${pro!.secret}   (sign in: ${pro!.email} / ${pro!.password})
  Dashboard:   ${worker.url}/dashboard/login, where what these keys make shows
  Try:         curl -H "X-API-KEY: ${pro!.secret}" ${worker.url}/v1/usage
               ${tries(pro!.secret)}
  Admin token: in .dev.vars (header X-Admin-Token)
  Local sites: ${replicas.url}, every platform's replica, holding only:
               ${heldLines}
  Crons:       fired on schedule (every minute, and daily at 06:00 UTC), one line per run
  Webhooks:    npm run receiver -- --secret whsec_…  receives at http://${receiverHost}/ (allowed here)
  This banner: press Enter to print it again; also in .wrangler/banner.txt
`;
writeFileSync(BANNER_FILE, banner, { mode: 0o600 });
console.log(banner);
// Request and cron lines scroll the banner away: Enter prints it again.
if (process.stdin.isTTY) createInterface({ input: process.stdin }).on("line", () => console.log(banner));
