// Any page for agents: its main content as Markdown and, by `formats`, clean HTML, text, links,
// metadata or a screenshot (GET /v1/page).
import { type Core, unwrap } from "./core.js";
import { type Options, splitCall, toQuery } from "./options.js";
import type { Query } from "./query-types.js";
import type { CallOptions } from "./transport.js";

export type PageOptions = Options<Omit<Query<"/v1/page">, "url">> & CallOptions;

export function pageMethods(core: Core) {
  const { api, fetchFor } = core;

  /** `GET /v1/page`: `url`'s main content (`formats`, `onlyMainContent`, `engine`, `maxCharacters`, `cursor`…). */
  async function page(url: string, options: PageOptions = {}) {
    const [query, call] = splitCall(options);
    return unwrap(await api.GET("/v1/page", { params: { query: toQuery({ ...query, url }) }, fetch: fetchFor(call) }));
  }

  return { page };
}
