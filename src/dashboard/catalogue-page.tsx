// The catalogue browser: every dataset the account may read (the public catalogue and its own),
// searched and narrowed by category and country through GET /v1/datasets as the account, a page at
// a time, with the API's facet counts over what is found.
import type { Context, Hono } from "hono";
import { HTTPException } from "hono/http-exception";
import type { DashboardEnv } from "./env";
import { apiAnswer, apiErrorText, sessionIdentity } from "./internal-api";
import { ErrorMessage, Layout } from "./layout";

const PAGE_SIZE = 20;

interface Facet {
  count: number;
  name: string;
}
interface CatalogueAnswer {
  data: {
    slug: string;
    name: string;
    description: string;
    category: string;
    countries: string[];
    record_count: number;
    update_frequency: string;
    last_updated: string | null;
    visibility: "public" | "private";
  }[];
  meta: {
    pagination: { page: number; total: number; total_pages: number };
    facets: { categories: (Facet & { slug: string })[]; countries: (Facet & { code: string })[] };
  };
}

/** The filters as typed, kept only when they are the shape the API reads (it says why otherwise). */
function filtersOf(c: Context<DashboardEnv>) {
  const value = (name: string) => (c.req.query(name) ?? "").trim().slice(0, 200);
  const page = Number(value("page"));
  return {
    q: value("q"),
    category: value("category"),
    country: value("country"),
    page: Number.isSafeInteger(page) && page > 0 ? page : 1,
  };
}
type Filters = ReturnType<typeof filtersOf>;

const queryOf = (filters: Filters, page: number) => {
  const query = new URLSearchParams();
  for (const name of ["q", "category", "country"] as const) if (filters[name]) query.set(name, filters[name]);
  if (page > 1) query.set("page", String(page));
  return query;
};

export function registerCataloguePage(app: Hono<DashboardEnv>) {
  app.get("/catalogue", async (c) => {
    const filters = filtersOf(c);
    const query = queryOf(filters, filters.page);
    query.set("limit", String(PAGE_SIZE));
    const answer = await apiAnswer(c, sessionIdentity(c.get("signedIn")!), "GET", `/v1/datasets?${query}`);
    if (answer.status >= 500) throw new HTTPException(502, { message: "The catalogue could not be read; try again." });
    const found = answer.status === 200 ? (answer.body as CatalogueAnswer) : null;
    const { pagination, facets } = found?.meta ?? {
      pagination: { page: 1, total: 0, total_pages: 0 },
      facets: { categories: [], countries: [] },
    };
    const link = (page: number) => `/dashboard/catalogue?${queryOf(filters, page)}`;
    return c.html(
      <Layout
        title="Catalogue"
        csrfToken={c.get("csrfToken")}
        nonce={c.get("secureHeadersNonce")}
        email={c.get("signedIn")!.user.email}
        current="/dashboard/catalogue"
      >
        <section>
          <h2>Find a dataset</h2>
          <form method="get" action="/dashboard/catalogue" class="grid" role="search">
            <div>
              <label for="catalogue-q">Search</label>
              <input id="catalogue-q" name="q" type="search" value={filters.q} placeholder="hotel prices" />
            </div>
            <div>
              <label for="catalogue-category">Category</label>
              <select id="catalogue-category" name="category">
                <option value="">Any category</option>
                {facets.categories.map((facet) => (
                  <option value={facet.slug} selected={facet.slug === filters.category}>
                    {`${facet.name} (${facet.count})`}
                  </option>
                ))}
              </select>
            </div>
            <div>
              <label for="catalogue-country">Country</label>
              <select id="catalogue-country" name="country">
                <option value="">Any country</option>
                {facets.countries.map((facet) => (
                  <option value={facet.code} selected={facet.code === filters.country.toUpperCase()}>
                    {`${facet.name} (${facet.count})`}
                  </option>
                ))}
              </select>
            </div>
            <div>
              <button type="submit">Search</button>
            </div>
          </form>
          {found ? null : <ErrorMessage message={apiErrorText(answer)} />}
        </section>
        <section id="datasets-found">
          <h2 id="found-count">
            {pagination.total === 1 ? "1 dataset" : `${pagination.total} datasets`}
            {pagination.total_pages > 1 ? `, page ${pagination.page} of ${pagination.total_pages}` : ""}
          </h2>
          <table class="stack">
            <thead>
              <tr>
                <th scope="col">Dataset</th>
                <th scope="col">Category</th>
                <th scope="col">Countries</th>
                <th scope="col">Records</th>
                <th scope="col">Updated</th>
              </tr>
            </thead>
            <tbody>
              {(found?.data ?? []).map((dataset) => (
                <tr data-dataset={dataset.slug}>
                  <td data-label="Dataset">
                    <a href={`/dashboard/catalogue/${dataset.slug}`}>{dataset.name}</a>
                    {dataset.visibility === "private" ? " (yours, private)" : ""}
                    <p class="help">{dataset.description}</p>
                  </td>
                  <td data-label="Category">{dataset.category}</td>
                  <td data-label="Countries">{dataset.countries.join(", ") || "—"}</td>
                  <td data-label="Records">{dataset.record_count.toLocaleString("en")}</td>
                  <td data-label="Updated">
                    {dataset.update_frequency}
                    {dataset.last_updated ? `, last ${dataset.last_updated.slice(0, 10)}` : ", not yet"}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          <nav aria-label="Pages of datasets" class="tabs">
            {pagination.page > 1 ? (
              <a href={link(pagination.page - 1)} rel="prev">
                Previous page
              </a>
            ) : null}
            {pagination.page < pagination.total_pages ? (
              <a href={link(pagination.page + 1)} rel="next">
                Next page
              </a>
            ) : null}
          </nav>
        </section>
      </Layout>,
      found ? 200 : 400,
    );
  });
}
