// Hotels: a search (a page, or every hotel page after page), one hotel's offers, any hotel's page or
// any site's list of hotels by its address, a hotel's price history.
import { type Core, unwrap } from "./core.js";
import { type Options, splitCall, toQuery } from "./options.js";
import type { Query } from "./query-types.js";
import type { CallOptions } from "./transport.js";

/** `currency` is sent as the `X-Currency` header (prices converted to it). */
type WithCurrency = { currency?: string } & CallOptions;

export type HotelSearchOptions = Options<Query<"/v1/travel/{platform}/hotels/search">> & WithCurrency;
export type HotelOptions = Options<Query<"/v1/travel/{platform}/hotels/{id}">> & WithCurrency;
export type HotelPageOptions = Options<Omit<Query<"/v1/travel/hotel">, "url">> & WithCurrency;
export type HotelListOptions = Options<Omit<Query<"/v1/travel/hotel-list">, "url">> & CallOptions;
export type HotelHistoryOptions = Options<Query<"/v1/travel/{platform}/hotels/{id}/history">> & CallOptions;

const currencyHeader = (currency: string | undefined) => (currency ? { "X-Currency": currency } : {});

export function hotelMethods(core: Core) {
  const { api, fetchFor } = core;

  /** `GET /v1/travel/{platform}/hotels/search`: one page; `platform` may be a comma list or `all`. */
  async function search(platform: string, options: HotelSearchOptions) {
    const [{ currency, ...query }, call] = splitCall(options);
    return unwrap(
      await api.GET("/v1/travel/{platform}/hotels/search", {
        params: { path: { platform }, query: toQuery(query), header: currencyHeader(currency) },
        fetch: fetchFor(call),
      }),
    );
  }

  /** Each hotel from `page` (default 1) to the last page (`meta.pagination.total_pages`), or `maxPages` pages. */
  async function* searchAll(platform: string, options: HotelSearchOptions & { maxPages?: number }) {
    const { maxPages = Number.POSITIVE_INFINITY, ...rest } = options;
    for (let page = rest.page ?? 1, read = 0; read < maxPages; page++, read++) {
      const answer = await search(platform, { ...rest, page });
      yield* answer.data.hotels;
      if (answer.data.hotels.length === 0 || page >= answer.meta.pagination.total_pages) return;
    }
  }

  /** `GET /v1/travel/{platform}/hotels/{id}`: one hotel with its rooms and offers (`checkIn`, `checkOut`). */
  async function get(platform: string, id: string, options: HotelOptions = {}) {
    const [{ currency, ...query }, call] = splitCall(options);
    return unwrap(
      await api.GET("/v1/travel/{platform}/hotels/{id}", {
        params: { path: { platform, id }, query: toQuery(query), header: currencyHeader(currency) },
        fetch: fetchFor(call),
      }),
    );
  }

  /** `GET /v1/travel/hotel`: any hotel's page by its address (a hotel's own site, or a travel platform's page). */
  async function page(url: string, options: HotelPageOptions = {}) {
    const [{ currency, ...query }, call] = splitCall(options);
    return unwrap(
      await api.GET("/v1/travel/hotel", {
        params: { query: toQuery({ ...query, url }), header: currencyHeader(currency) },
        fetch: fetchFor(call),
      }),
    );
  }

  /** `GET /v1/travel/hotel-list`: any site's list of hotels by its address, each card's score out of 10. */
  async function list(url: string, options: HotelListOptions = {}) {
    const [query, call] = splitCall(options);
    return unwrap(
      await api.GET("/v1/travel/hotel-list", { params: { query: toQuery({ ...query, url }) }, fetch: fetchFor(call) }),
    );
  }

  /** `GET /v1/travel/{platform}/hotels/{id}/history`: the nightly prices read for a hotel. */
  async function history(platform: string, id: string, options: HotelHistoryOptions = {}) {
    const [query, call] = splitCall(options);
    return unwrap(
      await api.GET("/v1/travel/{platform}/hotels/{id}/history", {
        params: { path: { platform, id }, query: toQuery(query) },
        fetch: fetchFor(call),
      }),
    );
  }

  return { search, searchAll, get, page, list, history };
}
