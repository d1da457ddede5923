// POST /v1/jobs: many data calls in one request. Every item is checked before anything is
// stored; the job and its item index go to D1, its first items onto the queue, and the answer
// is a 202 with where to follow it.
import type { OpenAPIHono } from "@hono/zod-openapi";
import { apiKey, defineRoute } from "../define-route";
import { itemCounts } from "../../db/job-items";
import { findJobByIdempotencyKey } from "../../db/jobs";
import { type Db, newId } from "../../db/keys";
import type { JobRow } from "../../db/schema-jobs";
import { findEndpoint } from "../../db/webhooks";
import type { AppEnv } from "../../env";
import { jsonBody, jsonResponse, openApiErrorResponses, successBody } from "../../envelope";
import { ApiError, type ErrorDetail } from "../../errors";
import { expandShortForm, itemProblem } from "./items";
import { createJob } from "../../jobs/create";
import { tooManyItems, tooManyRunning } from "../../jobs/limits";
import { isCollecting } from "../../db/dataset-snapshots";
import { findVisibleDataset } from "../../db/datasets";
import type { Context, MiddlewareHandler } from "hono";
import { CreateJobBody, JOB_EXAMPLE, jobAnswer, JobSchema } from "./schemas";
import { sha256Hex } from "../../digest";

const MAX_IDEMPOTENCY_KEY = 200;
/** 50,000 items (the enterprise plan's most) of about 160 bytes each. */
const MAX_JOB_BODY_BYTES = 8 * 1024 * 1024;

/** Refuses a job over the plan's items from its list's length, before any item is read or checked. */
const sizeJob: MiddlewareHandler<AppEnv> = async function sizeJob(c, next) {
  const body = (await c.req.json().catch(() => null)) as Record<string, unknown> | null;
  const list = Array.isArray(body?.["requests"]) ? "requests" : "inputs";
  const items = body?.[list];
  const identity = c.get("identity");
  const { maxItems } = identity.jobs;
  if (Array.isArray(items) && items.length > maxItems)
    throw new ApiError("invalid_request", tooManyItems(identity.planId, maxItems, items.length), {
      details: [{ parameter: list, in: "body", message: "too many items" }],
    });
  return next();
};

const route = defineRoute({
  access: apiKey("jobs:write"),
  method: "post",
  path: "/v1/jobs",
  maxBodyBytes: MAX_JOB_BODY_BYTES,
  sizing: sizeJob,
  tags: ["jobs"],
  summary: "Run many data calls as one batch job",
  description:
    "`requests` lists `/v1/...` GETs of data routes, or the short form names a marketplace, a kind (`product`, `search`, `reviews`) and its inputs, or `kind: page` and addresses of any site (read as GET /v1/page reads them, with `options`). " +
    "Every item is checked first (a 400 lists the bad ones by index). Items run on a queue through the same routes and cache as direct calls; " +
    "each item that returns data counts once against the monthly quota. Send `Idempotency-Key` to make a retried POST return the same job.",
  request: {
    body: jsonBody(CreateJobBody, true, { platform: "amazon", kind: "product", inputs: ["B0C1GHS4GF", "B08DF9F814"] }),
  },
  responses: {
    202: jsonResponse(JobSchema, "JobCreatedEnvelope", "The job, queued", { ...JOB_EXAMPLE, status: "queued" }),
    ...openApiErrorResponses,
  },
});

/** The item paths of a valid body, with the freshness options every item inherits. */
function itemPaths(body: ReturnType<typeof CreateJobBody.parse>): string[] {
  const extra = new URLSearchParams(body.options);
  if (body.max_age !== undefined) extra.set("max_age", String(body.max_age));
  if (body.fresh !== undefined) extra.set("fresh", String(body.fresh));
  if (!body.requests) return expandShortForm(body.platform, body.kind!, body.inputs!, extra);
  return body.requests.map(({ path }) => {
    if (extra.size === 0 || typeof path !== "string") return path;
    const url = new URL(path, "http://item.invalid");
    for (const [name, value] of extra) if (!url.searchParams.has(name)) url.searchParams.set(name, value);
    return `${url.pathname}${url.search}`;
  });
}

/** The job an Idempotency-Key made, when this is the same request again; a 409 when it is another. */
async function answerEarlier(c: Context<AppEnv>, earlier: JobRow, requestHash: string) {
  if (earlier.requestHash !== null && earlier.requestHash !== requestHash)
    throw new ApiError(
      "conflict",
      `This Idempotency-Key already made job ${earlier.id} from a different request; send a new key for a new job.`,
    );
  return c.json(successBody(c, jobAnswer(earlier, await itemCounts(c.get("db"), earlier.id))), 202);
}

const stillCollecting = (slug: string) =>
  new ApiError("conflict", `A refresh of \`${slug}\` is still collecting; wait for it to finish.`);

/** The account's own dataset a job fills, free to take a snapshot; the reason otherwise. */
async function datasetToFill(db: Db, slug: string, accountId: string) {
  const dataset = await findVisibleDataset(db, slug, accountId);
  if (!dataset || dataset.account_id !== accountId)
    throw new ApiError("invalid_request", `\`${slug}\` is not one of your datasets; POST /v1/datasets creates one.`, {
      details: [{ parameter: "dataset", in: "body", message: "not your dataset" }],
    });
  if (await isCollecting(db, dataset.id)) throw stillCollecting(slug);
  return dataset;
}

export function registerCreateJob(app: OpenAPIHono<AppEnv>) {
  app.openapi(route, async (c) => {
    const identity = c.get("identity");
    const body = c.req.valid("json");
    const idempotencyKey = c.req.header("Idempotency-Key")?.trim() || null;
    if (idempotencyKey && idempotencyKey.length > MAX_IDEMPOTENCY_KEY)
      throw new ApiError("invalid_request", `Idempotency-Key is at most ${MAX_IDEMPOTENCY_KEY} characters.`);
    const paths = itemPaths(body);
    const requestHash = await sha256Hex(JSON.stringify([paths, body.webhook ?? null, body.dataset ?? null]));
    if (idempotencyKey) {
      const earlier = await findJobByIdempotencyKey(c.get("db"), identity.accountId, idempotencyKey);
      if (earlier) return answerEarlier(c, earlier, requestHash);
    }

    // Sized before anything was read (sizeJob); each distinct call is checked once.
    const limits = identity.jobs;
    const checked = new Map<string, string | null>();
    const problemOf = (path: string) => {
      if (!checked.has(path)) checked.set(path, itemProblem(c.env, path, identity.scopes, c.get("inProcess")));
      return checked.get(path)!;
    };
    const problems: ErrorDetail[] = paths.flatMap((path, index) => {
      const problem = problemOf(path);
      const parameter = body.requests ? `requests.${index}.path` : `inputs.${index}`;
      return problem ? [{ parameter, in: "body" as const, message: problem }] : [];
    });
    if (problems.length > 0)
      throw new ApiError(
        "invalid_request",
        `${problems.length} of ${paths.length} items cannot run; error.details names each by index. Nothing was queued.`,
        { details: problems.slice(0, 100) },
      );
    if (body.webhook) {
      if (!(await findEndpoint(c.get("db"), identity.accountId, body.webhook)))
        throw new ApiError("invalid_request", `webhook \`${body.webhook}\` is not one of your webhook endpoints.`, {
          details: [{ parameter: "webhook", in: "body", message: "unknown endpoint" }],
        });
    }
    const dataset = body.dataset ? await datasetToFill(c.get("db"), body.dataset, identity.accountId) : null;
    let job: JobRow | null;
    try {
      job = await createJob(c.env, {
        accountId: identity.accountId,
        keyId: identity.keyId,
        paths,
        maxRunning: limits.maxRunning,
        snapshot: dataset ? { id: newId("snap"), datasetId: dataset.id } : null,
        webhookEndpointId: body.webhook ?? null,
        idempotencyKey,
        requestHash,
      });
    } catch (err) {
      // The same Idempotency-Key sent twice at once: the other request's job stands.
      const earlier = idempotencyKey
        ? await findJobByIdempotencyKey(c.get("db"), identity.accountId, idempotencyKey)
        : null;
      if (!earlier) throw err;
      return answerEarlier(c, earlier, requestHash);
    }
    if (!job) {
      // Another job or refresh got in first: it fills the dataset now, or it took the last place.
      if (dataset && (await isCollecting(c.get("db"), dataset.id))) throw stillCollecting(dataset.slug);
      throw new ApiError("conflict", tooManyRunning(identity.planId, limits.maxRunning));
    }
    c.header("Location", `/v1/jobs/${job.id}`);
    return c.json(successBody(c, jobAnswer(job, await itemCounts(c.get("db"), job.id))), 202);
  });
}
