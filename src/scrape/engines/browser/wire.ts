// What crosses the RPC boundary between the browser engine and the Durable Object that holds the
// browsers. RPC keeps only an error's message, so the classes the scrape loop steers by travel by name.
import { UnsafeUrlError } from "../../../net/url-guard";
import {
  BrowserHostBusy,
  CaptchaBudgetSpent,
  CaptchaFailed,
  CaptchaUnsolved,
  EngineEmpty,
  EngineUnavailable,
  PageTooLarge,
  SolverTimeout,
  UpstreamBlocked,
  UpstreamNotFound,
  UpstreamTimeout,
} from "../../errors";
import type { LoadedPage, PageExtras } from "../types";

/** One page to load: the serialisable part of a `PageLoad`. */
export interface BrowserRequest {
  url: string;
  accountId: string;
  /** Milliseconds left before the scrape's deadline, as clocks of two isolates need not agree. */
  remainingMs: number;
  /** The shard this object is (`shards.ts`), which decides its share of the browsers. */
  shard: number;
  /** Answer `BrowserHostBusy` at once when every slot is taken, instead of queueing the load. */
  spill: boolean;
  extras?: PageExtras;
}

export interface WireError {
  name: string;
  message: string;
  retryAfter?: number;
  url?: string;
  /** Loads queued in a busy shard. */
  waiting?: number;
  /** The platform's own words behind a plain message, for the log. */
  cause?: string;
}

export type BrowserAnswer = { ok: true; page: LoadedPage } | { ok: false; error: WireError };

const CLASSES: Record<string, new (message: string, options?: ErrorOptions) => Error> = {
  CaptchaBudgetSpent,
  CaptchaFailed,
  CaptchaUnsolved,
  EngineEmpty,
  EngineUnavailable,
  PageTooLarge,
  SolverTimeout,
  UpstreamNotFound,
  UpstreamTimeout,
};

export function toWire(err: unknown): WireError {
  if (!(err instanceof Error)) return { name: "Error", message: String(err) };
  const wire: WireError = { name: err.name, message: err.message };
  if (err.cause !== undefined) wire.cause = String(err.cause);
  if (err instanceof UpstreamBlocked && err.retryAfter !== undefined) wire.retryAfter = err.retryAfter;
  if (err instanceof UnsafeUrlError) wire.url = err.url;
  if (err instanceof BrowserHostBusy) wire.waiting = err.waiting;
  return wire;
}

/** The error the holder threw, as its own class again. */
export function fromWire(wire: WireError): Error {
  const { name, message, cause } = wire;
  if (name === "UpstreamBlocked") return new UpstreamBlocked(message, { retryAfter: wire.retryAfter, cause });
  if (name === "UnsafeUrlError") return new UnsafeUrlError(wire.url ?? "", message);
  if (name === "BrowserHostBusy") return new BrowserHostBusy(message, wire.waiting ?? 0);
  const Class = CLASSES[name];
  if (Class) return new Class(message, { cause });
  // Anything unforeseen (a CDP failure, a crash) stays a plain error, as it was where it happened.
  return Object.assign(new Error(message, { cause }), { name });
}
