// hono's router, remembering its answers. Matching walks a trie of every route on each request
// (RegExpRouter, which compiles one pattern, cannot take `/v1/{platform}` beside the static `/v1/…`
// routes, so hono falls back to its TrieRouter), and it was the largest piece of our own CPU on a
// cached read. A path's match never changes once the routes are added, so a repeated path is
// answered from memory. Written by hand: hono has no cache around its routers.
import type { Result, Router } from "hono/router";
import { RegExpRouter } from "hono/router/reg-exp-router";
import { SmartRouter } from "hono/router/smart-router";
import { TrieRouter } from "hono/router/trie-router";

/** Paths remembered per isolate; a client sending endless new paths only turns the oldest out. */
const REMEMBERED_PATHS = 1_000;

export class MemoRouter<T> implements Router<T> {
  readonly name = "MemoRouter";
  readonly #router: Router<T> = new SmartRouter<T>({ routers: [new RegExpRouter(), new TrieRouter()] });
  readonly #matches = new Map<string, Result<T>>();

  add(method: string, path: string, handler: T): void {
    this.#matches.clear();
    this.#router.add(method, path, handler);
  }

  /** hono's match; the result is shared between requests of the same path, and hono only reads it. */
  match(method: string, path: string): Result<T> {
    const key = `${method} ${path}`;
    let result = this.#matches.get(key);
    if (!result) {
      result = this.#router.match(method, path);
      if (this.#matches.size >= REMEMBERED_PATHS) this.#matches.delete(this.#matches.keys().next().value!);
      this.#matches.set(key, result);
    }
    return result;
  }
}
