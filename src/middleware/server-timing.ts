import type { MiddlewareHandler } from "hono";
import { setMetric, timing } from "hono/timing";
import type { AppEnv } from "../env";
import { type Timings, withTimings } from "../timing";

/**
 * `Server-Timing` (https://www.w3.org/TR/server-timing/) on every answer: the parts measured with
 * `timed` anywhere in the request (auth, limiter, cache, engine, parse, render), then `total`.
 * hono's timing middleware writes the header; the parts come from a request-scoped store so that
 * lower layers can add to it. No `Timing-Allow-Origin`: other origins' pages do not see it.
 * Workers' clocks move only across I/O, so a part with no I/O in it (parsing, rendering) reads
 * about 0 here; the bench measures those in Node (bench/parse-cpu.ts).
 *
 * @example
 * app.use(serverTiming())
 */
export function serverTiming(): MiddlewareHandler<AppEnv> {
  const writeHeader = timing({ totalDescription: "whole answer" });
  return function serverTimingParts(c, next) {
    return writeHeader(c, () => {
      const timings: Timings = new Map();
      return withTimings(timings, async () => {
        await next();
        for (const [part, { ms, count }] of timings) {
          setMetric(c, part, ms, count > 1 ? `${count} calls, summed` : undefined);
        }
      });
    });
  };
}
