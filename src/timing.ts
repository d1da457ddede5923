// The parts of one answer's time (auth, limiter, cache, engine, parse, render), gathered wherever
// they happen, lower layers included, for the `Server-Timing` header (middleware/server-timing.ts).
// A request-scoped store keeps `scrape/` and `db/` free of hono's context.
import { AsyncLocalStorage } from "node:async_hooks";

export type TimedPart = "auth" | "limiter" | "cache" | "engine" | "parse" | "render";

/** Milliseconds spent per part and how many times it ran (a four-platform search runs each part four times). */
export type Timings = Map<TimedPart, { ms: number; count: number }>;

const current = new AsyncLocalStorage<Timings>();

/** Runs `work` so that every `timed` part inside it, awaited or not, is added to `timings`. */
export function withTimings<T>(timings: Timings, work: () => T): T {
  return current.run(timings, work);
}

/**
 * Runs `work` and adds its duration to the current request's `part` (sync or async alike).
 * Outside a request it only runs `work`. Parts that overlap (a fan-out) are summed.
 */
export function timed<T>(part: TimedPart, work: () => T): T {
  const timings = current.getStore();
  if (!timings) return work();
  const started = performance.now();
  const add = () => {
    const spent = timings.get(part) ?? { ms: 0, count: 0 };
    timings.set(part, { ms: spent.ms + performance.now() - started, count: spent.count + 1 });
  };
  let result: T;
  try {
    result = work();
  } catch (err) {
    add();
    throw err;
  }
  if (result instanceof Promise) return result.finally(add) as T;
  add();
  return result;
}
