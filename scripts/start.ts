// `npm start`: local D1 migrated and seeded, then the API on http://127.0.0.1:8787.
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { randomBytes } from "node:crypto";
import { applyMigrations, createAccountKey, ROOT, startWorker } from "./local-stack.ts";

const PERSIST = `${ROOT}.wrangler/state`;
const PORT = Number(process.env.PORT ?? 8787);

/** Local secrets live in `.dev.vars` (git-ignored), created on first start. */
function localAdminToken(): string {
  const file = `${ROOT}.dev.vars`;
  if (!existsSync(file)) writeFileSync(file, `ADMIN_TOKEN=${randomBytes(24).toString("hex")}\n`);
  const match = /^ADMIN_TOKEN=(.+)$/m.exec(readFileSync(file, "utf8"));
  if (!match) throw new Error(".dev.vars has no ADMIN_TOKEN line; delete it to have a new one made");
  return match[1]!.trim();
}

const adminToken = localAdminToken();
console.log("Applying D1 migrations and seed data…");
applyMigrations(PERSIST);

const worker = await startWorker({ port: PORT, persistTo: PERSIST, inheritOutput: true });
const free = await createAccountKey(worker.url, adminToken, { name: "Demo (free)", plan: "free" });
const pro = await createAccountKey(worker.url, adminToken, { name: "Demo (pro)", plan: "pro" });

console.log(`
  Web Data API running at ${worker.url}
  Docs:        ${worker.url}/docs
  Health:      curl ${worker.url}/v1/health
  Free key:    ${free.secret}
  Pro key:     ${pro.secret}
  Try:         curl -H "X-API-KEY: ${pro.secret}" ${worker.url}/v1/usage
  Admin token: in .dev.vars (header X-Admin-Token)
`);

for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.on(signal, async () => {
    await worker.stop();
    process.exit(0);
  });
}
