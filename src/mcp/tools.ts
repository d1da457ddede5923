// The MCP tools: each names the route it runs (schemas, access and handler all come from that
// route, see derive.ts) and says in one sentence what its answer holds, for an agent to read. The
// product tools list the platforms they read from the registry (platforms/surfaces.ts).
import { agentList } from "../platforms/surfaces";
import type { ToolRoute } from "./derive";

interface RefreshState {
  dataset: string;
  status: string;
  started_at: string;
  items_done: number;
  items_total: number | null;
  records: number;
  shop: { products_read: number; added: number; removed: number; price_changed: number; products: number } | null;
}

interface Money {
  amount: number;
  currency: string;
}

/** One tool: the route it runs and how its answer reads as text. `A` is the part of the answer the summary reads. */
interface ToolSpec<A> {
  name: string;
  title: string;
  /** What the tool is for, before the route's own description. */
  lead: string;
  route: ToolRoute;
  readOnly: boolean;
  summarize: (answer: A) => string;
  /** The summary is the answer itself (a page's Markdown): the JSON is not sent again as text. */
  summaryOnly?: boolean;
}

// The answer has passed the route's own response schema, so a summary may read the fields it names.
const spec = <A>(tool: ToolSpec<A>) => tool as unknown as ToolSpec<unknown>;

const money = (price: Money | null | undefined) => (price ? `${price.amount} ${price.currency}` : "no price");
/** "1 hotel", "12 hotels". */
const counted = (count: number, noun: string) => `${count} ${noun}${count === 1 ? "" : "s"}`;
const list = (items: (string | null | undefined)[], max = 5) =>
  items.filter(Boolean).slice(0, max).join("; ") + (items.length > max ? "; …" : "");

/** Characters of a page's Markdown per call of read_page unless the agent asks for fewer (or more, up to the maximum). */
const PAGE_CHARACTERS = "20000";
const MOST_PAGE_CHARACTERS = 100_000;

/** Records per call of get_dataset_records: an agent pages with `cursor` rather than pull a whole dataset into its context. */
const RECORDS_PER_CALL = 100;

export const TOOL_SPECS: ToolSpec<unknown>[] = [
  spec<{ data: { url: string; markdown: string; next_cursor: number | null } }>({
    name: "read_page",
    title: "Read any web page",
    lead: `Reads any web page's main content as Markdown, ${PAGE_CHARACTERS} characters a call unless \`max_characters\` says otherwise; a longer page ends with the \`cursor\` to read on from.`,
    route: {
      method: "get",
      path: "/v1/page",
      fixed: { formats: "markdown" },
      defaults: { max_characters: PAGE_CHARACTERS },
      maxima: { max_characters: MOST_PAGE_CHARACTERS },
    },
    readOnly: true,
    summaryOnly: true,
    summarize: ({ data }) =>
      data.next_cursor === null
        ? data.markdown
        : `${data.markdown}\n\n[The page goes on: call read_page again with cursor=${data.next_cursor}.]`,
  }),
  spec<{
    data: { slug: string; name: string; record_count: number }[];
    meta: { pagination: { page: number; total: number; total_pages: number } };
  }>({
    name: "search_datasets",
    title: "Search the dataset catalogue",
    lead: "Finds ready-made datasets by words, category and country.",
    route: { method: "get", path: "/v1/datasets", fixed: { format: "json" } },
    readOnly: true,
    summarize: ({ data, meta: { pagination } }) =>
      `${pagination.total} datasets match; page ${pagination.page} of ${pagination.total_pages}: ` +
      list(
        data.map((d) => `${d.name} (${d.slug}, ${d.record_count} records)`),
        20,
      ),
  }),
  spec<{ data: { slug: string; name: string; record_count: number; fields: { name: string }[] } }>({
    name: "get_dataset",
    title: "A dataset's schema and preview",
    lead: "Describes one dataset: its fields with fill rates and five preview records.",
    route: { method: "get", path: "/v1/datasets/{slug}" },
    readOnly: true,
    summarize: ({ data }) =>
      `${data.name} (${data.slug}): ${data.record_count} records; fields ${list(
        data.fields.map((f) => f.name),
        30,
      )}.`,
  }),
  spec<{ data: unknown[]; meta: { dataset: string; next_cursor: string | null } }>({
    name: "get_dataset_records",
    title: "A page of a dataset's records",
    lead: `Reads up to ${RECORDS_PER_CALL} records of a dataset per call; pass \`meta.next_cursor\` as \`cursor\` for the next page, and \`changed_since\` for only what a refresh added, changed or removed (removed products carry \`removed_at\`).`,
    route: {
      method: "get",
      path: "/v1/datasets/{slug}/records",
      fixed: { format: "json" },
      maxima: { limit: RECORDS_PER_CALL },
    },
    readOnly: true,
    summarize: ({ data, meta }) =>
      `${data.length} records of ${meta.dataset}; ` +
      (meta.next_cursor ? `more with cursor=${meta.next_cursor}.` : "that is the last page."),
  }),
  spec<{ data: { slug: string; name: string; refresh: { job_id: string } | null } }>({
    name: "create_dataset",
    title: "Create a private dataset from a recipe",
    lead: "Makes one of the account's own datasets, e.g. `shop`: every product of a whole site, refreshed with what was added, changed and removed.",
    route: { method: "post", path: "/v1/datasets" },
    readOnly: false,
    summarize: ({ data }) =>
      `Dataset ${data.slug} (${data.name}) created; ` +
      (data.refresh
        ? `its first refresh is job ${data.refresh.job_id}: follow it with get_dataset_refresh and slug=${data.slug}.`
        : `no refresh started yet: start one with refresh_dataset and slug=${data.slug}.`),
  }),
  spec<{ data: { job_id: string; items: number } }>({
    name: "refresh_dataset",
    title: "Refresh a private dataset now",
    lead: "Starts a refresh of one of the account's own datasets.",
    route: { method: "post", path: "/v1/datasets/{slug}/refresh" },
    readOnly: false,
    summarize: ({ data }) =>
      `Refresh started as job ${data.job_id} (${data.items} items to begin with); follow it with get_dataset_refresh.`,
  }),
  spec<{ data: RefreshState }>({
    name: "get_dataset_refresh",
    title: "A dataset's latest refresh and its counts",
    lead: "Whether the latest refresh runs or finished, and for a whole shop the products it added, removed and re-priced; read those with get_dataset_records and `changed_since` = its `started_at`.",
    route: { method: "get", path: "/v1/datasets/{slug}/refresh" },
    readOnly: true,
    summarize: ({ data }) =>
      `Refresh of ${data.dataset} ${data.status}, started ${data.started_at}, ${data.items_done} of ${data.items_total ?? "?"} items done` +
      (data.shop
        ? data.status === "running"
          ? `; ${data.shop.products_read} products read so far.`
          : `: ${data.shop.added} added, ${data.shop.removed} removed, ${data.shop.price_changed} re-priced, ${data.shop.products} products held.`
        : `; ${data.records} records.`),
  }),
  spec<{ data: { title: string | null; price: Money | null; availability: string | null; rating: number | null } }>({
    name: "get_product",
    title: "A marketplace product",
    lead: `Reads one product page (${agentList(() => true)}).`,
    route: { method: "get", path: "/v1/{platform}", fixed: { format: "json" } },
    readOnly: true,
    summarize: ({ data }) =>
      `${data.title ?? "untitled product"}: ${money(data.price)}, ${data.availability ?? "availability unknown"}` +
      (data.rating === null ? "." : `, rated ${data.rating}.`),
  }),
  spec<{ data: { name: string; results: { title: string | null; price: Money | null }[] }; meta: { page: number } }>({
    name: "search_products",
    title: "Search a marketplace",
    lead: `One page of a marketplace's search results (${agentList((platform) => platform.searchUrl !== undefined)}).`,
    route: { method: "get", path: "/v1/{platform}/search", fixed: { format: "json" } },
    readOnly: true,
    summarize: ({ data, meta }) =>
      `${counted(data.results.length, "result")} for "${data.name}" on page ${meta.page}: ` +
      list(data.results.map((r) => `${r.title} (${money(r.price)})`)),
  }),
  spec<{ data: { name: string | null; reviews: { rating: number | null; title?: string | null }[] } }>({
    name: "get_product_reviews",
    title: "A product's reviews",
    lead: `One page of a product's reviews (${agentList((platform) => platform.reviewsUrl !== undefined)}).`,
    route: { method: "get", path: "/v1/{platform}/reviews", fixed: { format: "json" } },
    readOnly: true,
    summarize: ({ data }) =>
      `${counted(data.reviews.length, "review")}${data.name ? ` of ${data.name}` : ""}: ` +
      list(data.reviews.map((r) => `${r.rating ?? "?"}★ ${r.title ?? ""}`.trim())),
  }),
  spec<{
    data: {
      location: { name: string } | null;
      check_in: string;
      check_out: string;
      hotels: { name: string | null; price_per_night: number | null; currency: string }[];
      meta: { platforms: Record<string, { status: string }> };
    };
    meta: { pagination: { total: number } };
  }>({
    name: "search_hotels",
    title: "Hotel search",
    lead: "Hotels with prices for a stay, on one platform or several merged (`booking,expedia` or `all`).",
    route: { method: "get", path: "/v1/travel/{platform}/hotels/search", fixed: { format: "json" } },
    readOnly: true,
    summarize: ({ data, meta: { pagination } }) =>
      `${counted(pagination.total, "hotel")} in ${data.location?.name ?? "the destination"} from ${data.check_in} to ${data.check_out} ` +
      `(${Object.entries(data.meta.platforms)
        .sort(([a], [b]) => a.localeCompare(b))
        .map(([slug, p]) => `${slug} ${p.status}`)
        .join(", ")}); first: ` +
      list(data.hotels.map((h) => `${h.name} ${h.price_per_night} ${h.currency}/night`)),
  }),
  spec<{ data: { name?: string | null; rooms?: unknown[] } }>({
    name: "get_hotel",
    title: "One hotel on a travel platform",
    lead: "One hotel on one platform, with its rooms and prices for the stay.",
    route: { method: "get", path: "/v1/travel/{platform}/hotels/{id}" },
    readOnly: true,
    summarize: ({ data }) => `${data.name ?? "The hotel"}: ${data.rooms?.length ?? 0} room types priced.`,
  }),
  spec<{
    data: {
      name: string;
      price_per_night: number | null;
      total_price: number | null;
      currency: string;
      platforms: string[];
    };
  }>({
    name: "get_hotel_page",
    title: "Any hotel's page by its address",
    lead: "Reads one hotel's page at a URL: a hotel's own site or booking engine, or a travel platform's hotel page.",
    route: { method: "get", path: "/v1/travel/hotel" },
    readOnly: true,
    summarize: ({ data }) =>
      `${data.name} (read by ${data.platforms.join(", ")}): ` +
      (data.price_per_night !== null
        ? `${data.price_per_night} ${data.currency}/night.`
        : data.total_price !== null
          ? `${data.total_price} ${data.currency} for the stay (give check_in and check_out for a nightly price).`
          : "no price shown."),
  }),
  spec<{
    data: {
      platform: string;
      hotels: {
        name: string | null;
        price_per_night: number | null;
        currency: string | null;
        review_score: number | null;
      }[];
      has_next_page: boolean;
    };
  }>({
    name: "get_hotel_list",
    title: "Any site's list of hotels by its address",
    lead: "Reads the hotel cards of a list at a URL: a travel site's search results or a city's page of hotels, on any site.",
    route: { method: "get", path: "/v1/travel/hotel-list" },
    readOnly: true,
    summarize: ({ data }) =>
      `${counted(data.hotels.length, "hotel")} (read by ${data.platform})${data.has_next_page ? ", more on the next page" : ""}: ` +
      list(
        data.hotels.map(
          (h) =>
            `${h.name ?? "unnamed"} ${h.price_per_night === null ? "no price" : `${h.price_per_night} ${h.currency ?? ""}`.trim()}` +
            (h.review_score === null ? "" : `, ${h.review_score}/10`),
        ),
      ),
  }),
  spec<{
    data: { id: string; kind: string; platform: string; condition: string; threshold: number; next_check_at: string };
  }>({
    name: "create_watch",
    title: "Watch a hotel rate, a product price or a whole shop",
    lead: "Creates a watch that notifies the account's webhooks when a price falls, or (kind `dataset`) when a whole-shop dataset's refresh adds, removes or re-prices products.",
    route: { method: "post", path: "/v1/watches" },
    readOnly: false,
    summarize: ({ data }) =>
      data.kind === "dataset"
        ? `Watch ${data.id} created on dataset ${data.platform}: fires ${data.condition}${data.threshold ? ` ${data.threshold}` : ""} after each refresh.`
        : `Watch ${data.id} created: ${data.kind} on ${data.platform}, fires ${data.condition} ${data.threshold}; first check at ${data.next_check_at}.`,
  }),
  spec<{ data: { id: string; status: string; total: number } }>({
    name: "create_job",
    title: "Start a batch job",
    lead: "Runs many data calls (a list of /v1 GET paths, or a marketplace with ids or search terms) as one job on a queue.",
    route: { method: "post", path: "/v1/jobs" },
    readOnly: false,
    summarize: ({ data }) =>
      `Job ${data.id} ${data.status}: ${data.total} items; follow it with get_job and id=${data.id}.`,
  }),
  spec<{
    data: {
      id: string;
      status: string;
      total: number;
      progress: number;
      counts: { succeeded: number; failed: number };
      results_url: string;
    };
  }>({
    name: "get_job",
    title: "A batch job's progress",
    lead: "Status, counts by outcome and progress of a batch job; its results are at `data.results_url`.",
    route: { method: "get", path: "/v1/jobs/{id}" },
    readOnly: true,
    summarize: ({ data }) =>
      `Job ${data.id} ${data.status}: ${data.progress}% of ${data.total} items (${data.counts.succeeded} succeeded, ${data.counts.failed} failed); results at ${data.results_url}.`,
  }),
];
