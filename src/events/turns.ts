// How a cron run works through due work: in the order given (accounts in turns, see
// db/turns.ts), starting nothing new once its time budget is spent, so what is left waits for the
// next run instead of piling runs on top of each other.
import { tuning } from "../tuning";

/** How long one minute's run keeps starting due work; what it started may finish later. */
export function cronBudgetMs(env: Env): number {
  return tuning(env, "CRON_BUDGET_MS", 40_000);
}

/**
 * Runs `work` on `items` in order, `parallel` at a time, until they are done or `budgetMs` has
 * passed since the start; returns how many `work` reported as done (true).
 */
export async function workInTurns<T>(
  items: readonly T[],
  options: { budgetMs: number; parallel?: number },
  work: (item: T) => Promise<boolean>,
): Promise<number> {
  const started = Date.now();
  const queue = [...items];
  let done = 0;
  const worker = async () => {
    for (let item = queue.shift(); item !== undefined; item = queue.shift()) {
      if (await work(item)) done++;
      if (Date.now() - started >= options.budgetMs) queue.length = 0;
    }
  };
  await Promise.all(Array.from({ length: options.parallel ?? 1 }, worker));
  return done;
}
