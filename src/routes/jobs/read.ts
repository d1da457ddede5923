// Following a job: the account's jobs, one job's progress (which also sends again whatever a lost
// message left behind), and cancelling.
import type { Context } from "hono";
import { z, type OpenAPIHono } from "@hono/zod-openapi";
import { apiKey, defineRoute } from "../define-route";
import { database } from "../../db/client";
import { itemCounts, itemRoutes } from "../../db/job-items";
import { findJob, recentJobs } from "../../db/jobs";
import type { JobRow } from "../../db/schema-jobs";
import type { AppEnv } from "../../env";
import { jsonResponse, openApiErrorResponses, successBody } from "../../envelope";
import { ApiError } from "../../errors";
import { jobHooks } from "../../job-hooks";
import { cancelJob, sweepJob } from "../../jobs/progress";
import { IdParam } from "../events/schemas";
import { JOB_EXAMPLE, JOB_ID, jobAnswer, JobSchema } from "./schemas";

const tags = ["jobs"];
const Id = IdParam(JOB_ID);
const LIST_LIMIT = 50;

const listRoute = defineRoute({
  access: apiKey("jobs:write"),
  method: "get",
  path: "/v1/jobs",
  tags,
  summary: "Your batch jobs, newest first",
  description: `Of the account's last ${LIST_LIMIT} jobs, those whose items' scopes this key holds, with their counts and progress.`,
  responses: {
    200: jsonResponse(z.array(JobSchema), "JobListEnvelope", "Jobs", [JOB_EXAMPLE]),
    ...openApiErrorResponses,
  },
});
const readRoute = defineRoute({
  access: apiKey("jobs:write"),
  method: "get",
  path: "/v1/jobs/{id}",
  tags,
  summary: "A job's status, counts by outcome, progress and finish estimate",
  description:
    "Status (`queued`, `running`, `completed`, `failed` when no item succeeded, `cancelled`), items by state, progress in %, times and an estimate of the seconds left at the pace so far. " +
    "Reading it also sends again any item whose queue message was lost. Whichever key made the job, reading, cancelling it or its results needs every scope its items' routes need (403 otherwise).",
  request: { params: Id },
  responses: { 200: jsonResponse(JobSchema, "JobEnvelope", "The job", JOB_EXAMPLE), ...openApiErrorResponses },
});
const cancelRoute = defineRoute({
  access: apiKey("jobs:write"),
  method: "post",
  path: "/v1/jobs/{id}/cancel",
  conflict: "The job already finished (completed, failed or cancelled); there is nothing left to cancel.",
  tags,
  summary: "Stop a job",
  description:
    "Items not yet started are cancelled; items already running finish. The answer counts what ran (`succeeded` + `failed`) and what was cancelled.",
  request: { params: Id },
  responses: {
    200: jsonResponse(JobSchema, "JobCancelledEnvelope", "The job, cancelled", { ...JOB_EXAMPLE, status: "cancelled" }),
    ...openApiErrorResponses,
  },
});

/**
 * A job of the key's account (another account's is not found either), whichever key made it, when
 * the key holds the scopes its items' routes need (403 otherwise): its results are their data.
 */
export async function ownJob(c: Context<AppEnv>, id: string): Promise<JobRow> {
  const {
    env,
    var: { db, identity, inProcess },
  } = c;
  const job = await findJob(db, identity.accountId, id);
  if (!job) throw new ApiError("not_found", `No job \`${id}\` in your account.`);
  inProcess.assertMayRun(identity, (await itemRoutes(database(env.DB), [job.id])).get(job.id)!, "job");
  return job;
}

export function registerReadJobs(app: OpenAPIHono<AppEnv>) {
  app.openapi(listRoute, async (c) => {
    const rows = await recentJobs(c.get("db"), c.get("identity").accountId, LIST_LIMIT);
    const routes = await itemRoutes(
      c.get("db"),
      rows.map((job) => job.id),
    );
    const readable = rows.filter((job) => c.get("inProcess").mayRun(c.get("identity"), routes.get(job.id)!));
    const answers = await Promise.all(
      readable.map(async (job) => jobAnswer(job, await itemCounts(c.get("db"), job.id))),
    );
    return c.json(successBody(c, answers), 200);
  });

  app.openapi(readRoute, async (c) => {
    const job = await ownJob(c, c.req.valid("param").id);
    // Whoever follows a job also keeps it moving when a queue message or a Worker was lost.
    if (job.status === "queued" || job.status === "running")
      c.executionCtx.waitUntil(
        sweepJob(c.env, (promise) => c.executionCtx.waitUntil(promise), job, jobHooks).catch(() => 0),
      );
    return c.json(successBody(c, jobAnswer(job, await itemCounts(c.get("db"), job.id))), 200);
  });

  app.openapi(cancelRoute, async (c) => {
    const job = await ownJob(c, c.req.valid("param").id);
    if (
      !(await cancelJob(c.env, (promise) => c.executionCtx.waitUntil(promise), job, jobHooks)) &&
      job.status !== "cancelled"
    )
      throw new ApiError("conflict", `Job \`${job.id}\` already ${job.status}; there is nothing left to cancel.`);
    const current = await ownJob(c, job.id);
    return c.json(successBody(c, jobAnswer(current, await itemCounts(c.get("db"), job.id))), 200);
  });
}
