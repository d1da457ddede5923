import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { TestProject } from "vitest/node";
import { applyMigrations, startWorker, type RunningWorker } from "../../scripts/local-stack.ts";

export const E2E_ADMIN_TOKEN = "e2e-admin-token-0123456789";

declare module "vitest" {
  export interface ProvidedContext {
    baseUrl: string;
    adminToken: string;
  }
}

let worker: RunningWorker | undefined;
let persistTo: string | undefined;

/** One real `wrangler dev` for the whole end-to-end project, on a fresh local database. */
export async function setup(project: TestProject) {
  persistTo = mkdtempSync(join(tmpdir(), "webdata-e2e-"));
  applyMigrations(persistTo);
  worker = await startWorker({ persistTo, vars: { ADMIN_TOKEN: E2E_ADMIN_TOKEN, ANON_REQUESTS_PER_MINUTE: "1000" } });
  project.provide("baseUrl", worker.url);
  project.provide("adminToken", E2E_ADMIN_TOKEN);
}

export async function teardown() {
  await worker?.stop();
  if (persistTo) rmSync(persistTo, { recursive: true, force: true });
}
