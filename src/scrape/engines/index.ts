import { browserEngine } from "./browser";
import { fetchEngine } from "./fetch";
import type { Engine, EngineName } from "./types";

export const ENGINES: { [Name in EngineName]: Engine } = { fetch: fetchEngine, browser: browserEngine };

/**
 * The engines to try for a page, cheapest first: those the platform declares, and only
 * JavaScript-capable ones when the caller knows the data is rendered by script.
 */
export function engineOrder(declared: readonly EngineName[], options: { javascript?: boolean } = {}): Engine[] {
  return declared
    .map((name) => ENGINES[name])
    .filter((engine) => !options.javascript || engine.javascript)
    .sort((a, b) => a.cost - b.cost);
}

export type { Engine, EngineName } from "./types";
