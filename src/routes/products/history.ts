// GET /v1/{platform}/history: a product's daily prices, from what the service read of it for
// anyone (src/price-observations.ts). Reads storage only; nothing is scraped.
import { z, type OpenAPIHono } from "@hono/zod-openapi";
import type { AppEnv } from "../../env";
import { exampleEnvelope, openApiErrorResponses } from "../../envelope";
import { productItem } from "../../price-observations";
import { apiKey, defineRoute } from "../define-route";
import { answerHistory, historyResponse, HistoryQueryFields } from "../history-answer";
import { identityFields, idNames, lookupFrom, PlatformParam, platformOr404 } from "./lookup";
import { originFor } from "../../platforms/sites";
import { scrapeConfig } from "../../scrape/config";

const EXAMPLE = exampleEnvelope(
  {
    platform: "amazon",
    id: "B0057OC5O8",
    country: "US",
    days: 90,
    points: [
      { date: "2026-11-23", low: 24.99, high: 24.99, last: 24.99, currency: "USD", availability: "In Stock" },
      { date: "2026-11-24", low: 21.49, high: 24.99, last: 21.49, currency: "USD", availability: "In Stock" },
    ],
  },
  { history: { days_observed: 2, first_observed: "2026-11-23", enough: true, message: null } },
);

const route = defineRoute({
  access: apiKey("products:read"),
  method: "get",
  path: "/v1/{platform}/history",
  tags: ["products"],
  summary: "A product's daily prices",
  description: `The prices the service has read of a product, one point per UTC day (lowest, highest and last price, its currency, and the last availability), oldest first, over the last \`days\`. Identify the product as GET /v1/{platform} does, by the platform's own id (${idNames()}; \`url\` on a platform read by URL only) and \`country\`. Every product answer read live adds to its day, whoever asked; observations keep no account and no time of day. \`meta.history\` says whether there are enough days yet: a product never read is a 200 with no points and a \`message\`.`,
  request: {
    params: PlatformParam,
    query: z.object({ ...identityFields, ...HistoryQueryFields }),
  },
  responses: {
    200: historyResponse(
      "ProductHistoryEnvelope",
      {
        platform: z.string(),
        id: z.string().openapi({ description: "The product's id, or its URL on a platform read by URL only" }),
        country: z
          .string()
          .nullable()
          .openapi({ description: "The national site, ISO 3166-1 alpha-2; null for one site" }),
      },
      EXAMPLE,
    ),
    ...openApiErrorResponses,
  },
});

export function registerProductHistory(app: OpenAPIHono<AppEnv>) {
  app.openapi(route, async (c) => {
    const platform = platformOr404(c.req.valid("param").platform);
    const query = c.req.valid("query");
    // History is kept by the platform's own id: a marketplace's URL names it only once its page is read.
    const lookup = lookupFrom(c, platform, query, [platform.idParam]);
    // A country the platform has no site for is the same 400 as on the product route.
    if (query.country) originFor(scrapeConfig(c.env), platform, query.country);
    const item = productItem(platform, lookup)!;
    const country = item.market ? item.market.toUpperCase() : null;
    return answerHistory(c, item, query, {
      what: `${platform.slug} product ${item.itemId}${country ? ` (${country})` : ""}`,
      data: { platform: platform.slug, id: item.itemId, country },
    });
  });
}
