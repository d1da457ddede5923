import type { Challenge } from "../types";
import type { ScrapeConfig } from "../config";

export type EngineName = "fetch" | "browser";

/** What a browser does on a page beyond reading it (GET /v1/page): wait for it, photograph it. */
export interface PageExtras {
  /** A CSS selector to wait for, or milliseconds to wait, before the page is read. */
  waitFor?: string | number;
  screenshot?: { fullPage: boolean; type: "png" | "jpeg" };
}

export interface Screenshot {
  content_type: "image/png" | "image/jpeg";
  base64: string;
}

/** What one engine brings back from one page. */
export interface LoadedPage {
  status: number;
  html: string;
  url: string;
  /** Id of the egress proxy used, never its credentials. */
  proxy: string | null;
  captcha: "none" | "solved";
  /** The page as the browser showed it, when the load asked for it. */
  screenshot?: Screenshot;
  /** Browser session details, for the session-reuse figures. */
  browser?: { session_id: string; reused: boolean };
}

export interface PageLoad {
  url: string;
  env: Env;
  config: ScrapeConfig;
  accountId: string;
  /** May answer later: a browser load held elsewhere asks it back over RPC. */
  detectChallenge(html: string, status: number): Challenge | null | Promise<Challenge | null>;
  /** Epoch ms by which the whole scrape must end; engines cap their own waits to it. */
  deadline: number;
  /** Only the browser engine serves them; a load with extras runs on it alone. */
  extras?: PageExtras;
  /** Headers that replace the browser's own (the shop crawler names itself in `User-Agent`). */
  headers?: Record<string, string>;
  /**
   * Asked before each redirect's next request (the fetch engine's): throws to stop there. The shop
   * crawler keeps a redirected page on its site, within its robots.txt and its crawl-delay.
   */
  beforeRedirect?(url: string): Promise<void>;
}

/** `ms`, or less when the scrape's deadline is closer (at least 1 ms, so timers still fire). */
export function within(load: PageLoad, ms: number): number {
  return Math.max(1, Math.min(ms, load.deadline - Date.now()));
}

export interface Engine {
  name: EngineName;
  /** Relative cost; cheaper engines go first. */
  cost: number;
  load(load: PageLoad): Promise<LoadedPage>;
}
