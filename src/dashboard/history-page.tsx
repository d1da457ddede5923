// A product's or a hotel's price history as a chart: the days GET /v1/{platform}/history or
// /v1/travel/{platform}/hotels/{id}/history answers (read as the account; a page read is not
// counted), drawn on the server in the usage chart's frame, with the figures as a table. Products
// and hotels the account's keys read lately are offered as links.
import type { Context, Hono } from "hono";
import { recentPaths } from "../db/request-log";
import { PRODUCT_PLATFORMS, productPlatform } from "../platforms";
import { TRAVEL_PLATFORMS } from "../platforms/index";
import type { DashboardEnv } from "./env";
import { type ApiAnswer, apiAnswer, apiErrorText, sessionIdentity } from "./internal-api";
import { ErrorMessage, Layout } from "./layout";
import { PriceChart, type PricePoint } from "./price-chart";

interface Asked {
  platform: string;
  id: string;
  country: string;
  days: string;
}

const isHotelSite = (slug: string) => Object.hasOwn(TRAVEL_PLATFORMS, slug);

const askedOf = (c: Context<DashboardEnv>): Asked => ({
  platform: [c.req.query("platform") ?? ""].find((slug) => productPlatform(slug) || isHotelSite(slug)) ?? "amazon",
  id: (c.req.query("id") ?? "").trim().slice(0, 2_000),
  country: (c.req.query("country") ?? "").trim().slice(0, 2),
  days: (c.req.query("days") ?? "90").trim().slice(0, 3),
});

/** The history route for what was asked: a hotel by its id; a product by its platform's id parameter, or `url` for a link. */
function historyPath(asked: Asked) {
  const days = asked.days || "90";
  if (isHotelSite(asked.platform))
    return `/v1/travel/${asked.platform}/hotels/${encodeURIComponent(asked.id)}/history?days=${encodeURIComponent(days)}`;
  const platform = PRODUCT_PLATFORMS[asked.platform]!;
  const byUrl = /^https?:\/\//i.test(asked.id);
  const query = new URLSearchParams({ [byUrl ? "url" : platform.idParam]: asked.id, days });
  if (asked.country) query.set("country", asked.country);
  return `/v1/${asked.platform}/history?${query}`;
}

/** A product or hotel call from the request log as what this page asks for; null when it names neither. */
function askedFromPath(path: string): Asked | null {
  const url = new URL(path, "http://log.invalid");
  const hotel = /^\/v1\/travel\/([a-z]+)\/hotels\/([^/]+)$/.exec(url.pathname);
  if (hotel && isHotelSite(hotel[1]!))
    return { platform: hotel[1]!, id: decodeURIComponent(hotel[2]!), country: "", days: "90" };
  const platform = productPlatform(url.pathname.slice("/v1/".length));
  if (!platform) return null;
  const id = url.searchParams.get(platform.idParam) ?? url.searchParams.get("url");
  if (!id) return null;
  return { platform: platform.slug, id, country: url.searchParams.get("country") ?? "", days: "90" };
}

const pageLink = (asked: Asked) =>
  `/dashboard/history?${new URLSearchParams({ platform: asked.platform, id: asked.id, ...(asked.country ? { country: asked.country } : {}) })}`;

function HistoryResult({ answer }: { answer: ApiAnswer }) {
  if (answer.status !== 200) return <ErrorMessage message={apiErrorText(answer)} />;
  const { data, meta } = answer.body as {
    data: { platform: string; id: string; country: string | null; points: PricePoint[] };
    meta: { history: { days_observed: number; message: string | null } };
  };
  const name = `${data.platform} ${data.id}${data.country ? ` (${data.country})` : ""}`;
  if (data.points.length === 0)
    return (
      <p id="history-empty">
        {meta.history.message ?? `The service has not read ${name} yet.`} Read it once (in the playground, or with the
        API) and its price shows here from today.
      </p>
    );
  return (
    <>
      <h3>{`Daily prices of ${name}`}</h3>
      <PriceChart points={data.points} label={`Daily prices of ${name}`} />
      <div class="table">
        <table class="stack" id="history-table">
          <thead>
            <tr>
              <th scope="col">Day</th>
              <th scope="col">Lowest</th>
              <th scope="col">Highest</th>
              <th scope="col">Last</th>
              <th scope="col">Availability</th>
            </tr>
          </thead>
          <tbody>
            {data.points.map((point) => (
              <tr>
                <td data-label="Day">{point.date}</td>
                <td data-label="Lowest">{`${point.low} ${point.currency}`}</td>
                <td data-label="Highest">{`${point.high} ${point.currency}`}</td>
                <td data-label="Last">{`${point.last} ${point.currency}`}</td>
                <td data-label="Availability">{point.availability ?? "—"}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}

export function registerHistoryPage(app: Hono<DashboardEnv>) {
  app.get("/history", async (c) => {
    const signedIn = c.get("signedIn")!;
    const asked = askedOf(c);
    const routes = [
      ...Object.keys(PRODUCT_PLATFORMS).map((slug) => `GET /v1/${slug}`),
      ...Object.keys(TRAVEL_PLATFORMS).map((slug) => `GET /v1/travel/${slug}/hotels/{id}`),
    ];
    const recent = (await recentPaths(c.get("db"), signedIn.account.id, routes)).flatMap(
      (path) => askedFromPath(path) ?? [],
    );
    const answer = asked.id ? await apiAnswer(c, sessionIdentity(signedIn), "GET", historyPath(asked)) : null;
    return c.html(
      <Layout
        title="Price history"
        csrfToken={c.get("csrfToken")}
        nonce={c.get("secureHeadersNonce")}
        email={signedIn.user.email}
        current="/dashboard/history"
      >
        <section>
          <h2>Daily prices of a product or a hotel</h2>
          <p class="help">
            What the service read of a product or a hotel's rate, one point per UTC day, whoever asked (see{" "}
            <code>GET /v1/{"{platform}"}/history</code> and{" "}
            <code>
              /v1/travel/{"{platform}"}/hotels/{"{id}"}/history
            </code>
            ). Reading this page is not counted.
          </p>
          <form method="get" action="/dashboard/history" class="grid">
            <div>
              <label for="history-platform">Site</label>
              <select id="history-platform" name="platform">
                <optgroup label="Products">
                  {Object.keys(PRODUCT_PLATFORMS).map((slug) => (
                    <option value={slug} selected={slug === asked.platform}>
                      {slug}
                    </option>
                  ))}
                </optgroup>
                <optgroup label="Hotels">
                  {Object.keys(TRAVEL_PLATFORMS).map((slug) => (
                    <option value={slug} selected={slug === asked.platform}>
                      {slug}
                    </option>
                  ))}
                </optgroup>
              </select>
            </div>
            <div>
              <label for="history-id">Product id or link, or hotel id</label>
              <input id="history-id" name="id" required value={asked.id} />
            </div>
            <div>
              <label for="history-country">Country</label>
              <input id="history-country" name="country" value={asked.country} placeholder="us (products)" />
            </div>
            <div>
              <label for="history-days">Days back</label>
              <input id="history-days" name="days" type="number" min={1} max={365} value={asked.days} />
            </div>
            <div>
              <button type="submit">Show prices</button>
            </div>
          </form>
          {recent.length > 0 ? (
            <>
              <h3>Products and hotels your keys read lately</h3>
              <ul id="recent-products">
                {recent.map((product) => (
                  <li>
                    <a href={pageLink(product)}>
                      {`${product.platform} ${product.id}${product.country ? ` (${product.country})` : ""}`}
                    </a>
                  </li>
                ))}
              </ul>
            </>
          ) : null}
        </section>
        {answer ? (
          <section id="history">
            <HistoryResult answer={answer} />
          </section>
        ) : null}
      </Layout>,
      answer && answer.status !== 200 ? 400 : 200,
    );
  });
}
