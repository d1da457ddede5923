// The dashboard's catalogue browser and a dataset's page through the Worker's real fetch handler:
// search and facets, the schema, the records table (fields chosen, a filter, the next page by
// cursor), downloads through the session, and another account's private dataset answering 404.
import { parse } from "csv-parse/sync";
import { beforeAll, describe, expect, it } from "vitest";
import { addPublicDataset, importRecords } from "../dataset-fixtures";
import { sendAs } from "../helpers";
import { createdKey, signedUp } from "../dashboard-visitor";

const SLUG = "dashboard-lamp-prices";
const records = Array.from({ length: 30 }, (_, n) => ({
  key: `amazon:lamp-${n}`,
  title: `Lamp ${n}`,
  price: 10 + n,
}));

beforeAll(async () => {
  await addPublicDataset(SLUG, "Dashboard lamp prices");
  await importRecords(SLUG, records);
  // Enough datasets for a second page of the catalogue, whatever the seed holds.
  for (let n = 0; n < 20; n += 1) await addPublicDataset(`dashboard-paging-${n}`, `Dashboard paging ${n}`);
});

/** The text of each cell of the records table, row by row. */
function tableRows(html: string): string[][] {
  const body = html.slice(
    html.indexOf('id="records-table"'),
    html.indexOf("</table>", html.indexOf('id="records-table"')),
  );
  return [...body.matchAll(/<tr>(.*?)<\/tr>/gs)]
    .map((row) => [...row[1]!.matchAll(/<td[^>]*>(.*?)<\/td>/gs)].map((cell) => cell[1]!.replace(/<[^>]+>/g, "")))
    .filter((row) => row.length > 0);
}

describe("the catalogue browser", () => {
  it("searches the catalogue and lists what it finds with facet counts, in the navigation", async () => {
    const { visitor } = await signedUp();
    const page = await visitor.get("/dashboard/catalogue?q=lamp");
    expect(page.status).toBe(200);
    expect(page.html).toContain('<a href="/dashboard/catalogue" aria-current="page">Catalogue</a>');
    expect(page.html).toContain(`<a href="/dashboard/catalogue/${SLUG}">Dashboard lamp prices</a>`);
    expect(page.html).toMatch(/<option value="ecommerce">E-commerce \(\d+\)<\/option>/);
    expect(page.html).not.toContain('data-dataset="hotel-rates-paris"');

    const travel = await visitor.get("/dashboard/catalogue?category=travel");
    expect(travel.html).toContain('data-dataset="hotel-rates-paris"');
    expect(travel.html).not.toContain(`data-dataset="${SLUG}"`);
    expect(travel.html).toContain('<option value="travel" selected="">');
  });

  it("pages through the catalogue and says why a filter is refused", async () => {
    const { visitor } = await signedUp();
    const all = await visitor.get("/dashboard/catalogue");
    const total = Number(/id="found-count">(\d+) datasets/.exec(all.html)![1]);
    expect(total).toBeGreaterThan(20);
    expect(all.html).toContain('<a href="/dashboard/catalogue?page=2" rel="next">Next page</a>');
    const second = await visitor.get("/dashboard/catalogue?page=2");
    expect(second.html).toContain(`page 2 of ${Math.ceil(total / 20)}`);
    expect(second.html).toContain('rel="prev"');

    const refused = await visitor.get("/dashboard/catalogue?country=France");
    expect(refused.status).toBe(400);
    expect(refused.html).toContain("country must be an ISO 3166-1 alpha-2 code");
  });
});

describe("a dataset's page", () => {
  it("shows the schema and a records table with the fields chosen, a filter and the next page", async () => {
    const { visitor } = await signedUp();
    const first = await visitor.get(`/dashboard/catalogue/${SLUG}`);
    expect(first.status).toBe(200);
    // Before any are chosen, the schema's first six fields.
    expect(first.html.match(/<input type="checkbox" name="fields" value="[^"]+" checked=""/g)).toHaveLength(6);
    const page = await visitor.get(`/dashboard/catalogue/${SLUG}?fields=key&fields=title&fields=price`);
    expect(page.html).toContain('<tr data-field="price">');
    expect(page.html).toContain("30 records in the snapshot");
    const rows = tableRows(page.html);
    expect(rows).toHaveLength(25);
    expect(rows[0]).toEqual(["amazon:lamp-0", "Lamp 0", "10"]);

    const chosen = await visitor.get(`/dashboard/catalogue/${SLUG}?fields=price&fields=title&filter=price%3E%3D35`);
    // The schema's order, whatever order the boxes were sent in.
    expect(chosen.html).toMatch(/<th scope="col">title<\/th><th scope="col">price<\/th><\/tr>/);
    expect(tableRows(chosen.html)).toEqual(records.filter((r) => r.price >= 35).map((r) => [r.title, String(r.price)]));

    const next = /href="(\/dashboard\/catalogue\/[^"]+cursor=[^"]+)" rel="next"/
      .exec(page.html)![1]!
      .replaceAll("&amp;", "&");
    const second = await visitor.get(next);
    expect(tableRows(second.html).map((row) => row[0])).toEqual(records.slice(25).map((r) => r.key));
    expect(second.html).toContain(">First page</a>");
    expect(second.html).not.toContain('rel="next"');

    const badFilter = await visitor.get(`/dashboard/catalogue/${SLUG}?filter=colour%3Dred`);
    expect(badFilter.status).toBe(400);
    expect(badFilter.html).toContain("colour");
  });

  it("downloads the chosen fields and filter as CSV and NDJSON through the session", async () => {
    const { visitor } = await signedUp();
    const csv = await visitor.get(`/dashboard/catalogue/${SLUG}/records.csv?fields=key&fields=price&filter=price%3C12`);
    expect(csv.status).toBe(200);
    expect(csv.headers.get("Content-Disposition")).toBe(`attachment; filename="${SLUG}.csv"`);
    expect(parse(csv.html, { columns: true })).toEqual([
      { key: "amazon:lamp-0", price: "10" },
      { key: "amazon:lamp-1", price: "11" },
    ]);
    const ndjson = await visitor.get(`/dashboard/catalogue/${SLUG}/records.ndjson?fields=title`);
    const lines = ndjson.html
      .trim()
      .split("\n")
      .map((line) => JSON.parse(line));
    expect(lines).toHaveLength(30);
    expect(lines[29]).toEqual({ title: "Lamp 29" });
  });

  it("shows an account its own private dataset and answers 404 to every other account", async () => {
    const { visitor } = await signedUp();
    const { secret } = await createdKey(visitor);
    const created = await sendAs(secret, "POST", "/v1/datasets", {
      name: "Private lamps",
      recipe: { kind: "search", platforms: ["walmart"], queries: ["lamp"], schedule: "0 5 * * *" },
    });
    expect(created.status).toBe(201);
    const { slug } = ((await created.json()) as any).data;
    const own = await visitor.get(`/dashboard/catalogue/${slug}`);
    expect(own.status).toBe(200);
    expect(own.html).toContain("Private lamps");
    expect((await visitor.get("/dashboard/catalogue?q=Private+lamps")).html).toContain("(yours, private)");

    const stranger = (await signedUp()).visitor;
    expect((await stranger.get(`/dashboard/catalogue/${slug}`)).status).toBe(404);
    expect((await stranger.get(`/dashboard/catalogue/${slug}/records.csv`)).status).toBe(404);
    expect((await stranger.get("/dashboard/catalogue?q=Private+lamps")).html).not.toContain(slug);
  });

  it("is for signed-in people only, like every page of the dashboard", async () => {
    const { visitor } = await signedUp();
    visitor.cookies.clear();
    const pages = [`/dashboard/catalogue/${SLUG}`, "/dashboard/catalogue", "/dashboard/requests", "/dashboard/history"];
    for (const path of [...pages, `/dashboard/catalogue/${SLUG}/records.csv`, "/dashboard/datasets/new"]) {
      const page = await visitor.get(path);
      expect(page.status, path).toBe(303);
      expect(page.location).toContain("/dashboard/login");
    }
  });
});
