// Watches over a whole dataset: made for a `shop` dataset the key may read (the account's own or a
// public one; another account's is not found), and acted on only by keys that may read it, as its
// records are. They are checked after each refresh (datasets/shop/watches.ts), never by the clock.
import type { Context } from "hono";
import type { z } from "@hono/zod-openapi";
import { findVisibleDataset } from "../../db/datasets";
import type { WatchRow } from "../../db/schema-events";
import type { Recipe } from "../../datasets/recipe";
import type { AppEnv } from "../../env";
import { ApiError } from "../../errors";
import { assertMayUseDataset } from "../catalogue/dataset-access";
import type { CreateWatchBody } from "./schemas";

type Body = z.infer<typeof CreateWatchBody>;

/** The stored fields of a new dataset watch, after the dataset is found and the key judged. */
export async function datasetWatchFields(c: Context<AppEnv>, body: Body) {
  const slug = body.dataset!;
  const dataset = await findVisibleDataset(c.get("db"), slug, c.get("identity").accountId);
  if (!dataset) throw new ApiError("not_found", `No dataset \`${slug}\`; GET /v1/datasets lists those you may watch.`);
  assertMayUseDataset(c, dataset);
  if ((JSON.parse(dataset.recipe) as Recipe).kind !== "shop")
    throw new ApiError(
      "invalid_request",
      `\`${slug}\` is not a whole-shop dataset; a dataset watch follows a \`shop\` dataset's products across refreshes.`,
      { details: [{ parameter: "dataset", in: "json", message: "a shop dataset" }] },
    );
  return {
    platform: dataset.slug,
    target: JSON.stringify({ dataset: dataset.slug }),
    threshold: body.threshold ?? 0,
    // Prices are compared in each product's own currency.
    currency: "",
    intervalSeconds: 0,
    nextCheckAt: new Date(dataset.next_refresh_at ?? Date.now()),
  };
}

/** Throws unless the key may read the watched dataset (403); a watch whose dataset is gone reads nothing. */
export async function assertMayFollow(c: Context<AppEnv>, row: WatchRow) {
  const dataset = await findVisibleDataset(c.get("db"), row.platform, row.accountId);
  if (dataset) assertMayUseDataset(c, dataset);
}

/** Whether the key may read the watched dataset (a list shows only those). */
export async function mayFollow(c: Context<AppEnv>, row: WatchRow) {
  try {
    await assertMayFollow(c, row);
    return true;
  } catch (err) {
    if (err instanceof ApiError) return false;
    throw err;
  }
}
