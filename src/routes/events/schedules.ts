import { perPlan } from "../../db/plan-limits";
import type { Context } from "hono";
import { z, type OpenAPIHono } from "@hono/zod-openapi";
import { apiKey, defineRoute } from "../define-route";
import { newId } from "../../db/keys";
import { insertWithinCap } from "../../db/object-caps";
import { deleteSchedule, findRun, findSchedule, listSchedules, recentRuns } from "../../db/schedules";
import type { ScheduleRow } from "../../db/schema-events";
import type { AppEnv } from "../../env";
import { exampleEnvelope, jsonBody, jsonResponse, openApiErrorResponses, successBody } from "../../envelope";
import { ApiError } from "../../errors";
import { isRunnablePath } from "../../in-process";
import { nextRunAfter } from "../../events/schedules";
import { storedCallProblem } from "../jobs/items";
import { refuseOverCap } from "./over-cap";
import { CreateScheduleBody, IdParam, ScheduleSchema } from "./schemas";
import { PRODUCT_EXAMPLE, PRODUCT_META_EXAMPLE } from "../products/examples";
import { CREATE_SCHEDULE_EXAMPLE, RUN_ID, SCHEDULE_EXAMPLE, SCHEDULE_ID } from "./examples";

const tags = ["events"];
const Id = IdParam(SCHEDULE_ID);
const RunParams = Id.extend({ runId: z.string().openapi({ param: { name: "runId", in: "path" }, example: RUN_ID }) });

const createScheduleRoute = defineRoute({
  access: apiKey("events:write"),
  method: "post",
  path: "/v1/schedules",
  tags,
  summary: "Run a v1 GET call on a cron expression",
  description: `Each run counts as one request of the creating key, is stored for download and announced by a \`schedule.completed\` webhook. A scheduled time never runs twice. An account holds at most its plan's number of schedules (${perPlan("maxSchedules")}); one more answers 409. The key needs the scope of the route \`path\` calls (403 otherwise).`,
  request: { body: jsonBody(CreateScheduleBody, true, CREATE_SCHEDULE_EXAMPLE) },
  responses: {
    201: jsonResponse(ScheduleSchema, "ScheduleCreatedEnvelope", "The schedule", SCHEDULE_EXAMPLE),
    ...openApiErrorResponses,
  },
});
const listRoute = defineRoute({
  access: apiKey("events:write"),
  method: "get",
  path: "/v1/schedules",
  tags,
  summary: "List your schedules",
  description:
    "Your account's schedules whose path's scope this key holds, oldest first, each with its cron expression, the path it calls and its next run.",
  responses: {
    200: jsonResponse(z.array(ScheduleSchema), "ScheduleListEnvelope", "Schedules", [SCHEDULE_EXAMPLE]),
    ...openApiErrorResponses,
  },
});
const readRoute = defineRoute({
  access: apiKey("events:write"),
  method: "get",
  path: "/v1/schedules/{id}",
  tags,
  summary: "One schedule and its last runs",
  description:
    "A schedule of your account with its last 50 runs, newest first: when each was due, its status and the HTTP status the call answered. Whichever key made it, reading it, its runs' answers or removing it needs the scope of the route its path calls (403 otherwise).",
  request: { params: Id },
  responses: {
    200: jsonResponse(ScheduleSchema, "ScheduleEnvelope", "The schedule", {
      ...SCHEDULE_EXAMPLE,
      runs: [{ id: RUN_ID, scheduled_for: "2026-11-22T10:00:00.000Z", status: "succeeded", http_status: 200 }],
    }),
    ...openApiErrorResponses,
  },
});
const deleteRoute = defineRoute({
  access: apiKey("events:write"),
  method: "delete",
  path: "/v1/schedules/{id}",
  tags,
  summary: "Remove a schedule and its stored runs",
  description:
    "No further runs start; the stored answers of past runs are deleted with it. Answers the schedule as it was.",
  request: { params: Id },
  responses: {
    200: jsonResponse(ScheduleSchema, "ScheduleDeletedEnvelope", "The removed schedule", SCHEDULE_EXAMPLE),
    ...openApiErrorResponses,
  },
});
const runRoute = defineRoute({
  access: apiKey("events:write"),
  method: "get",
  path: "/v1/schedules/{id}/runs/{runId}",
  conflict: "The run has not finished yet; its answer is kept once it has.",
  tags,
  summary: "Download a run's stored answer",
  description:
    "The body exactly as the scheduled call answered it; `X-Run-Status` and `X-Run-Http-Status` describe the run.",
  request: { params: RunParams },
  responses: {
    200: {
      description: "The stored answer",
      content: {
        // The example: what `GET /v1/amazon?asin=B0057OC5O8` answered at the run's time.
        "application/json": { schema: z.unknown(), example: exampleEnvelope(PRODUCT_EXAMPLE, PRODUCT_META_EXAMPLE) },
        "text/csv": { schema: z.string() },
      },
    },
    ...openApiErrorResponses,
  },
});

function describeSchedule(row: ScheduleRow) {
  return {
    id: row.id,
    cron: row.cron,
    path: row.path,
    next_run_at: row.nextRunAt.toISOString(),
    created_at: row.createdAt.toISOString(),
  };
}

/** A schedule of the key's account (another account's is not found), whose call's scope the key holds. */
async function ownSchedule(c: Context<AppEnv>, id: string) {
  const identity = c.get("identity");
  const row = await findSchedule(c.get("db"), identity.accountId, id);
  if (!row) throw new ApiError("not_found", `No schedule with id \`${id}\`.`);
  c.get("inProcess").assertMayRun(identity, [row.path], "schedule");
  return row;
}

export function registerSchedules(app: OpenAPIHono<AppEnv>) {
  app.openapi(createScheduleRoute, async (c) => {
    const { cron, path } = c.req.valid("json");
    let nextRunAt: Date;
    try {
      nextRunAt = nextRunAfter(cron, new Date());
    } catch (err) {
      throw new ApiError(
        "invalid_request",
        `\`${cron}\` is not a cron expression: ${err instanceof Error ? err.message : err}.`,
        { details: [{ parameter: "cron", in: "json", message: "malformed" }] },
      );
    }
    if (cron.trim().split(/\s+/).length !== 5)
      throw new ApiError(
        "invalid_request",
        "Use five cron fields (minute hour day month weekday); runs are at most once a minute.",
        { details: [{ parameter: "cron", in: "json", message: "five fields" }] },
      );
    if (!isRunnablePath(path))
      throw new ApiError(
        "invalid_request",
        "`path` must be a v1 GET data path such as `/v1/amazon?asin=B0057OC5O8` (not keys, admin, webhooks, watches or schedules).",
        { details: [{ parameter: "path", in: "json", message: "not a runnable path" }] },
      );
    c.get("inProcess").assertMayRun(c.get("identity"), [path], "schedule");
    const problem = storedCallProblem(c.env, path, c.get("identity").scopes, c.get("inProcess"));
    if (problem)
      throw new ApiError("invalid_request", `\`path\` cannot run: ${problem}.`, {
        details: [{ parameter: "path", in: "json", message: problem }],
      });
    const row = await insertWithinCap(c.get("db"), "schedules", {
      id: newId("sch"),
      accountId: c.get("identity").accountId,
      keyId: c.get("identity").keyId,
      cron,
      path,
      nextRunAt,
      createdAt: new Date(),
    }).catch(refuseOverCap);
    return c.json(successBody(c, describeSchedule(row)), 201);
  });

  app.openapi(listRoute, async (c) => {
    const rows = await listSchedules(c.get("db"), c.get("identity").accountId);
    const readable = rows.filter((row) => c.get("inProcess").mayRun(c.get("identity"), [row.path]));
    return c.json(successBody(c, readable.map(describeSchedule)), 200);
  });

  app.openapi(readRoute, async (c) => {
    const row = await ownSchedule(c, c.req.valid("param").id);
    const runs = await recentRuns(c.get("db"), row.id, 50);
    const described = runs.map((r) => ({
      id: r.id,
      scheduled_for: r.scheduledFor.toISOString(),
      status: r.status,
      http_status: r.httpStatus,
    }));
    return c.json(successBody(c, { ...describeSchedule(row), runs: described }), 200);
  });

  app.openapi(deleteRoute, async (c) => {
    const row = await ownSchedule(c, c.req.valid("param").id);
    await deleteSchedule(c.get("db"), row.id);
    return c.json(successBody(c, describeSchedule(row)), 200);
  });

  app.openapi(runRoute, async (c) => {
    const { id, runId } = c.req.valid("param");
    const row = await ownSchedule(c, id);
    const run = await findRun(c.get("db"), row.id, runId);
    if (!run) throw new ApiError("not_found", `No run \`${runId}\` of schedule \`${id}\`.`);
    if (run.status === "running") throw new ApiError("conflict", `Run \`${runId}\` has not finished yet.`);
    return c.body(run.result ?? "", 200, {
      "Content-Type": run.contentType ?? "application/json",
      "X-Run-Status": run.status,
      "X-Run-Http-Status": String(run.httpStatus ?? ""),
      "X-Run-Scheduled-For": run.scheduledFor.toISOString(),
    });
  });
}
