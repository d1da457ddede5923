// The operator's dataset tools: refresh the public catalogue now (what `npm start` does locally),
// see each public dataset's latest refresh, and import records as a snapshot (backfills, fixtures).
import { z, type OpenAPIHono } from "@hono/zod-openapi";
import { ADMIN, defineRoute } from "./define-route";
import type { AppEnv } from "../env";
import { jsonBody, jsonResponse, openApiErrorResponses, successBody } from "../envelope";
import { ApiError } from "../errors";
import { firstFreePart } from "../db/dataset-parts";
import { database } from "../db/client";
import { findSnapshot, insertSnapshot, listSnapshots } from "../db/dataset-snapshots";
import { findVisibleDataset, publicDatasets } from "../db/datasets";
import { newId } from "../db/keys";
import type { Recipe } from "../datasets/recipe";
import { type DatasetRecord, RECORD_FIELDS } from "../datasets/records";
import { RefreshRefused, startRefresh } from "../datasets/refresh";
import { finishSnapshot, writePart } from "../datasets/snapshot";
import { SlugParam } from "./catalogue/schemas";

const tags = ["admin"];
const StateSchema = z.object({
  slug: z.string(),
  records: z.number().int(),
  latest: z
    .object({ id: z.string(), status: z.string(), job_id: z.string().nullable(), records: z.number().int() })
    .nullable(),
  started: z.object({ job_id: z.string(), snapshot_id: z.string(), items: z.number().int() }).nullable(),
});
const STATE_EXAMPLE = {
  slug: "hotel-rates-paris",
  records: 57,
  latest: { id: "snap_3kq9", status: "collecting", job_id: "job_3kq8", records: 12 },
  started: null,
};

const refreshAllRoute = defineRoute({
  access: ADMIN,
  method: "post",
  path: "/v1/admin/datasets/refresh",
  tags,
  summary: "Refresh every public dataset now",
  description: "Starts a refresh of each public dataset not already collecting; `started` is null for those that were.",
  responses: {
    202: jsonResponse(z.array(StateSchema), "AdminDatasetRefreshEnvelope", "Each public dataset", [STATE_EXAMPLE]),
    ...openApiErrorResponses,
  },
});

const stateRoute = defineRoute({
  access: ADMIN,
  method: "get",
  path: "/v1/admin/datasets",
  tags,
  summary: "The public datasets' latest refreshes",
  description: "Each public dataset with its record count and its latest snapshot's state.",
  responses: {
    200: jsonResponse(z.array(StateSchema), "AdminDatasetStateEnvelope", "Each public dataset", [STATE_EXAMPLE]),
    ...openApiErrorResponses,
  },
});

const importRoute = defineRoute({
  access: ADMIN,
  // 5,000 records of about 1.6 KB each.
  maxBodyBytes: 8 * 1024 * 1024,
  method: "post",
  path: "/v1/admin/datasets/{slug}/snapshots",
  tags,
  summary: "Import records as a snapshot",
  description:
    "Adds up to 5000 records as one part of a snapshot: without `snapshot` a new one is opened, with it the part is appended; `finish: true` makes it the one reads see. Records take the dataset's declared fields (others are dropped) and need a `key`.",
  request: {
    params: SlugParam,
    body: jsonBody(
      z.object({
        records: z.array(z.record(z.string(), z.unknown())).max(5_000),
        snapshot: z.string().max(80).optional(),
        finish: z.boolean().optional(),
      }),
      true,
      { records: [{ key: "amazon:B0C1GHS4GF", platform: "amazon", price: 39.99 }], finish: true },
    ),
  },
  responses: {
    200: jsonResponse(
      z.object({ snapshot: z.string(), part: z.number().int(), records: z.number().int(), finished: z.boolean() }),
      "AdminDatasetImportEnvelope",
      "The part written",
      { snapshot: "snap_9k2", part: 0, records: 1, finished: true },
    ),
    ...openApiErrorResponses,
  },
});

async function stateOf(env: Env, dataset: { id: number; slug: string; record_count: number }) {
  const [latest] = await listSnapshots(database(env.DB), dataset.id, 1);
  return {
    slug: dataset.slug,
    records: dataset.record_count,
    latest: latest ? { id: latest.id, status: latest.status, job_id: latest.job_id, records: latest.records } : null,
  };
}

export function registerAdminDatasets(app: OpenAPIHono<AppEnv>) {
  app.openapi(refreshAllRoute, async (c) => {
    const answers = [];
    for (const dataset of await publicDatasets(c.get("db"))) {
      const started = await startRefresh(c.env, dataset, Date.now()).catch((err) => {
        if (err instanceof RefreshRefused && err.reason === "running") return null;
        throw err;
      });
      answers.push({ ...(await stateOf(c.env, dataset)), started });
    }
    return c.json(successBody(c, answers), 202);
  });

  app.openapi(stateRoute, async (c) => {
    const datasets = await publicDatasets(c.get("db"));
    const states = await Promise.all(
      datasets.map(async (dataset) => ({ ...(await stateOf(c.env, dataset)), started: null })),
    );
    return c.json(successBody(c, states), 200);
  });

  app.openapi(importRoute, async (c) => {
    const { slug } = c.req.valid("param");
    const body = c.req.valid("json");
    const dataset = await findVisibleDataset(c.get("db"), slug, null);
    if (!dataset) throw new ApiError("not_found", `No public dataset \`${slug}\`.`);
    const { kind } = JSON.parse(dataset.recipe) as Recipe;
    let snapshotId = body.snapshot;
    if (snapshotId) {
      const snapshot = await findSnapshot(c.get("db"), dataset.id, snapshotId);
      if (snapshot?.status !== "collecting")
        throw new ApiError("invalid_request", `\`${snapshotId}\` is not an open snapshot of \`${slug}\`.`);
    } else {
      snapshotId = newId("snap");
      await insertSnapshot(c.get("db"), {
        id: snapshotId,
        dataset_id: dataset.id,
        job_id: null,
        started_at: Date.now(),
      });
    }
    const now = new Date().toISOString();
    const records = body.records.map((given, index) => {
      if (typeof given["key"] !== "string" || given["key"] === "")
        throw new ApiError("invalid_request", `records.${index} has no \`key\`.`);
      return Object.fromEntries(
        RECORD_FIELDS[kind].map(({ name }) => [name, given[name] ?? (name === "observed_at" ? now : null)]),
      ) as DatasetRecord;
    });
    const part = await firstFreePart(c.get("db"), snapshotId);
    const written = await writePart(c.env, { id: snapshotId, datasetId: dataset.id, kind }, part, records);
    if (body.finish) {
      const target = { id: snapshotId, datasetId: dataset.id, slug, kind, accountId: null };
      await finishSnapshot(c.env, (promise) => c.executionCtx.waitUntil(promise), target, "complete", null);
    }
    return c.json(
      successBody(c, { snapshot: snapshotId, part, records: written, finished: body.finish === true }),
      200,
    );
  });
}
