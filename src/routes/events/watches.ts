import { perPlan } from "../../db/plan-limits";
import type { Context } from "hono";
import { z, type OpenAPIHono } from "@hono/zod-openapi";
import { apiKey, defineRoute } from "../define-route";
import { newId } from "../../db/keys";
import { insertWithinCap } from "../../db/object-caps";
import type { WatchRow } from "../../db/schema-events";
import { deleteWatch, findWatch, listWatches } from "../../db/watches";
import type { AppEnv } from "../../env";
import { jsonBody, jsonResponse, openApiErrorResponses, successBody } from "../../envelope";
import { ApiError } from "../../errors";
import { checkWatch, HOTEL_SEARCH_CURRENCY, PAGE_CURRENCY, watchCall } from "../../events/watches";
import { PRODUCT_PLATFORMS } from "../../platforms";
import { TRAVEL_PLATFORMS } from "../../platforms/index";
import { storedCallProblem } from "../jobs/items";
import { refuseOverCap } from "./over-cap";
import { CreateWatchBody, IdParam, WatchSchema } from "./schemas";
import { CREATE_WATCH_EXAMPLE, WATCH_EXAMPLE, WATCH_ID } from "./examples";
import { assertMayFollow, datasetWatchFields, mayFollow } from "./dataset-watch";

const tags = ["events"];
const Id = IdParam(WATCH_ID);
const CheckSchema = z.object({
  outcome: z.enum(["fired", "unchanged", "failed"]),
  price: z.number().nullable(),
  previous_price: z.number().nullable(),
  currency: z.string().nullable().openapi({ description: "What `price` and `previous_price` are in" }),
  error: z.string().optional(),
  watch: WatchSchema,
});

const createWatchRoute = defineRoute({
  access: apiKey("events:write"),
  method: "post",
  path: "/v1/watches",
  tags,
  summary: "Watch a hotel rate, a product price or a whole-shop dataset",
  description:
    "Checked every `interval_seconds` with fresh data (each check counts as one request). The first check arms the watch with the price it sees and never fires; after it, `hotel.rate_dropped` / `product.price_changed` fire when the condition is met by a drop, so one change notifies once and the watch re-arms. Without `currency`, a product watch keeps its page's own currency and a hotel watch EUR. " +
    "A `dataset` watch follows every product of a `shop` dataset: after each refresh, `dataset.products_matched` names the products it added or removed, or whose price dropped (`drop_percent`, `below`), up to 100 an event with the count of all. " +
    `An account holds at most its plan's number of watches (${perPlan("maxWatches")}); one more answers 409. ` +
    "The key needs the scope of what is watched too: `products:read` for a product, `travel:read` for a hotel, the dataset's calls' scopes for a dataset.",
  request: { body: jsonBody(CreateWatchBody, true, CREATE_WATCH_EXAMPLE) },
  responses: {
    201: jsonResponse(WatchSchema, "WatchCreatedEnvelope", "The watch", {
      ...WATCH_EXAMPLE,
      last_price: null,
      last_checked_at: null,
    }),
    ...openApiErrorResponses,
  },
});
const listRoute = defineRoute({
  access: apiKey("events:write"),
  method: "get",
  path: "/v1/watches",
  tags,
  summary: "List your watches",
  description:
    "Your account's watches that this key holds the scope of (`products:read` for products, `travel:read` for hotels), oldest first, with the last price seen, when they are checked next and any failures in a row.",
  responses: {
    200: jsonResponse(z.array(WatchSchema), "WatchListEnvelope", "Watches", [WATCH_EXAMPLE]),
    ...openApiErrorResponses,
  },
});
const readRoute = defineRoute({
  access: apiKey("events:write"),
  method: "get",
  path: "/v1/watches/{id}",
  tags,
  summary: "One watch",
  description:
    "A watch of your account: what it watches, its condition, the last price seen and when it last fired. Whichever key made it, reading, checking or removing it needs the scope of what it watches (403 otherwise).",
  request: { params: Id },
  responses: { 200: jsonResponse(WatchSchema, "WatchEnvelope", "The watch", WATCH_EXAMPLE), ...openApiErrorResponses },
});
const deleteRoute = defineRoute({
  access: apiKey("events:write"),
  method: "delete",
  path: "/v1/watches/{id}",
  tags,
  summary: "Remove a watch",
  description: "Stops the watch's checks and answers it as it was.",
  request: { params: Id },
  responses: {
    200: jsonResponse(WatchSchema, "WatchDeletedEnvelope", "The removed watch", WATCH_EXAMPLE),
    ...openApiErrorResponses,
  },
});
const checkRoute = defineRoute({
  access: apiKey("events:write"),
  method: "post",
  path: "/v1/watches/{id}/check",
  tags,
  summary: "Check a watch now",
  description:
    "Runs one check with fresh data while you wait (it counts as one request) and fires the watch's event if the price dropped to meet the condition.",
  request: { params: Id },
  responses: {
    200: jsonResponse(CheckSchema, "WatchCheckEnvelope", "What the check saw and whether it fired", {
      outcome: "fired",
      price: 142,
      previous_price: 164,
      currency: "EUR",
      watch: {
        ...WATCH_EXAMPLE,
        last_price: 142,
        last_checked_at: "2026-11-22T10:00:00.000Z",
        last_fired_at: "2026-11-22T10:00:00.000Z",
        next_check_at: "2026-11-22T11:00:00.000Z",
      },
    }),
    ...openApiErrorResponses,
  },
});

export function describeWatch(row: WatchRow): z.infer<typeof WatchSchema> {
  return {
    id: row.id,
    kind: row.kind,
    platform: row.platform,
    target: JSON.parse(row.target),
    condition: row.condition,
    threshold: row.threshold,
    currency: row.currency || null,
    interval_seconds: row.intervalSeconds,
    alert_after_failures: row.alertAfterFailures,
    last_price: row.lastPrice,
    last_checked_at: row.lastCheckedAt?.toISOString() ?? null,
    last_fired_at: row.lastFiredAt?.toISOString() ?? null,
    next_check_at: row.nextCheckAt.toISOString(),
    consecutive_failures: row.consecutiveFailures,
    last_error: row.lastError,
    created_at: row.createdAt.toISOString(),
  };
}

/** A watch of the key's account (another account's is not found), which the key holds the scope of its check for. */
async function ownWatch(c: Context<AppEnv>, id: string) {
  const identity = c.get("identity");
  const row = await findWatch(c.get("db"), identity.accountId, id);
  if (!row) throw new ApiError("not_found", `No watch with id \`${id}\`.`);
  if (row.kind === "dataset") await assertMayFollow(c, row);
  else c.get("inProcess").assertMayRun(identity, [watchCall(row).path], "watch");
  return row;
}

/** Where the stored fields of a hotel or product watch come from; the key's scopes for its check judged first. */
function priceWatchFields(c: Context<AppEnv>, body: z.infer<typeof CreateWatchBody>) {
  const platform = body.platform!;
  const platforms: Record<string, unknown> = body.kind === "hotel" ? TRAVEL_PLATFORMS : PRODUCT_PLATFORMS;
  if (!Object.hasOwn(platforms, platform) || platform === "generic") {
    throw new ApiError(
      "invalid_request",
      `\`${platform}\` is not a ${body.kind} platform; use one of ${Object.keys(platforms)
        .filter((p) => p !== "generic")
        .join(", ")}.`,
      {
        details: [{ parameter: "platform", in: "json", message: "unknown platform" }],
      },
    );
  }
  const target =
    body.kind === "hotel"
      ? {
          destination: body.destination,
          check_in: body.check_in,
          check_out: body.check_out,
          hotel_id: body.hotel_id,
          hotel_name: body.hotel_name,
        }
      : { id: body.id, country: body.country };
  const currency = body.currency ?? (body.kind === "hotel" ? HOTEL_SEARCH_CURRENCY : PAGE_CURRENCY);
  const fields = {
    platform,
    target: JSON.stringify(target),
    threshold: body.threshold!,
    currency,
    intervalSeconds: body.interval_seconds,
    nextCheckAt: new Date(Date.now() + body.interval_seconds * 1000),
  };
  const { path } = watchCall({ kind: body.kind, ...fields });
  c.get("inProcess").assertMayRun(c.get("identity"), [path], "watch");
  const problem = storedCallProblem(c.env, path, c.get("identity").scopes, c.get("inProcess"));
  if (problem)
    throw new ApiError("invalid_request", `This watch's check cannot run: ${problem}.`, {
      details: [{ parameter: body.kind === "hotel" ? "destination" : "id", in: "json", message: problem }],
    });
  return fields;
}

export function registerWatches(app: OpenAPIHono<AppEnv>) {
  app.openapi(createWatchRoute, async (c) => {
    const body = c.req.valid("json");
    const fields = body.kind === "dataset" ? await datasetWatchFields(c, body) : priceWatchFields(c, body);
    const now = Date.now();
    const row = await insertWithinCap(c.get("db"), "watches", {
      id: newId("wat"),
      accountId: c.get("identity").accountId,
      keyId: c.get("identity").keyId,
      kind: body.kind,
      condition: body.condition,
      ...fields,
      alertAfterFailures: body.alert_after_failures ?? null,
      createdAt: new Date(now),
    }).catch(refuseOverCap);
    return c.json(successBody(c, describeWatch(row)), 201);
  });

  app.openapi(listRoute, async (c) => {
    const rows = await listWatches(c.get("db"), c.get("identity").accountId);
    const allowed = await Promise.all(
      rows.map((row) =>
        row.kind === "dataset"
          ? mayFollow(c, row)
          : c.get("inProcess").mayRun(c.get("identity"), [watchCall(row).path]),
      ),
    );
    const readable = rows.filter((_, index) => allowed[index]);
    return c.json(successBody(c, readable.map(describeWatch)), 200);
  });

  app.openapi(readRoute, async (c) =>
    c.json(successBody(c, describeWatch(await ownWatch(c, c.req.valid("param").id))), 200),
  );

  app.openapi(deleteRoute, async (c) => {
    const row = await ownWatch(c, c.req.valid("param").id);
    await deleteWatch(c.get("db"), row.id);
    return c.json(successBody(c, describeWatch(row)), 200);
  });

  app.openapi(checkRoute, async (c) => {
    const row = await ownWatch(c, c.req.valid("param").id);
    if (row.kind === "dataset")
      throw new ApiError(
        "invalid_request",
        `A dataset watch is checked after each refresh of its dataset; POST /v1/datasets/${row.platform}/refresh starts one.`,
      );
    const result = await checkWatch(c.env, c.executionCtx as ExecutionContext, c.get("inProcess"), row);
    return c.json(successBody(c, { ...result, watch: describeWatch(await ownWatch(c, row.id)) }), 200);
  });
}
