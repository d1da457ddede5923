// Batch jobs: create, follow, cancel, download.
import type { OpenAPIHono } from "@hono/zod-openapi";
import type { AppEnv } from "../../env";
import { registerCreateJob } from "./create";
import { registerReadJobs } from "./read";
import { registerJobResults } from "./results";

export function registerJobs(app: OpenAPIHono<AppEnv>) {
  registerCreateJob(app);
  registerReadJobs(app);
  registerJobResults(app);
}
