// One JSON line per event, each carrying the id of the request (or cron run) it happened in, so
// a failure deep in a scrape or a webhook attempt can be traced back to the answer a client got.
import { AsyncLocalStorage } from "node:async_hooks";

const currentRequest = new AsyncLocalStorage<string>();

/** Runs `work` so that every line logged during it, awaited and waitUntil parts included, carries `requestId`. */
export function withRequestId<T>(requestId: string, work: () => T): T {
  return currentRequest.run(requestId, work);
}

type Fields = Record<string, unknown>;

/** Errors become `Name: message` (and their cause) rather than `{}`, which is what JSON makes of them. */
function plain(value: unknown): unknown {
  if (!(value instanceof Error)) return value;
  const cause = value.cause === undefined ? "" : ` (cause: ${String(value.cause)})`;
  return `${String(value)}${cause}`.slice(0, 500);
}

function line(event: string, fields: Fields): string {
  const entries = Object.entries(fields).map(([name, value]) => [name, plain(value)]);
  return JSON.stringify({ event, request_id: currentRequest.getStore() ?? null, ...Object.fromEntries(entries) });
}

export const log = {
  info: (event: string, fields: Fields = {}) => console.log(line(event, fields)),
  error: (event: string, fields: Fields = {}) => console.error(line(event, fields)),
};
