import { browserEngine } from "./browser";
import { fetchEngine } from "./fetch";
import type { Engine, EngineName } from "./types";

export const ENGINES: { [Name in EngineName]: Engine } = { fetch: fetchEngine, browser: browserEngine };

/** The engines to try for a page, cheapest first: those the platform declares (or the caller named). */
export function engineOrder(declared: readonly EngineName[]): Engine[] {
  return declared.map((name) => ENGINES[name]).sort((a, b) => a.cost - b.cost);
}

export type { Engine, EngineName } from "./types";
