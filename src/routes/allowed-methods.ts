// For a path that no route answers with the request's method: the methods that do answer it,
// matched by hono's own router so that `405 Allow:` agrees with what routing would do.
import type { Hono } from "hono";
import { TrieRouter } from "hono/router/trie-router";

/** Builds the lookup once from the app's routes (middleware entries, method ALL, are not routes). */
export function allowedMethods(app: Pick<Hono, "routes">): (path: string) => string[] {
  const router = new TrieRouter<string>();
  const methods = new Set<string>();
  for (const route of app.routes) {
    if (route.method === "ALL") continue;
    router.add(route.method, route.path, route.method);
    methods.add(route.method);
  }
  return (path) => [...methods].filter((method) => router.match(method, path)[0].length > 0);
}
