// Who may act on an account's own dataset. Its records are its recipe's answers, collected as the
// key that made it, so any other key of the account that reads or refreshes it must hold the
// scopes those calls need — the rule watches, schedules and jobs follow (in-process.ts).
import type { Context } from "hono";
import { type Recipe, recipeCallShapes } from "../../datasets/recipe";
import type { AppEnv } from "../../env";

/** Throws 403 unless the key holds every scope the dataset's recipe calls need; public datasets need none. */
export function assertMayUseDataset(c: Context<AppEnv>, dataset: { account_id: string | null; recipe: string }) {
  if (dataset.account_id === null) return;
  const calls = recipeCallShapes(JSON.parse(dataset.recipe) as Recipe, Date.now());
  c.get("inProcess").assertMayRun(c.get("identity"), calls, "dataset");
}
