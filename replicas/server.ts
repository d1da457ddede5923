// Local replica sites: one HTTP server that serves every supported platform under its slug
// (http://127.0.0.1:8790/amazon/dp/…, …/booking/searchresults.html?…), with request counts,
// price overrides, a CAPTCHA challenge mode and injectable faults, driven from code or from
// the admin API below. Run alone with `node replicas/server.ts --port 8790`.
//
// Admin API (JSON): GET /_admin/counts · POST /_admin/reset · POST /_admin/challenge {platform, on}
// · POST /_admin/price {platform, id, amount}
// · POST /_admin/fault {platform, status?, delayMs?, count?, skip?, retryAfter?} (`count`: only the
// next N requests fail; `skip`: the next N pass first; `retryAfter`: seconds in the status's
// Retry-After; a body with neither status nor delayMs clears the platform's fault).
// REPLICA_LATENCY_MS=300 (or `latencyMs`, `setLatency`) delays every site page by ~300 ms ±20 %.
// GET /fx/eur.json serves the committed exchange-rate snapshot as the public daily feed's stand-in.
// GET /_catalogue says what the sites hold (holdings.ts): product ids and searches, destinations.
// Whole shops (shops/): POST /_admin/shop/generation {shop, generation} · GET /_admin/shop/log?shop=
// A blog whose posts change (blog.ts, pages datasets): /blog/posts/{slug} · POST /_admin/blog/generation {generation}
// GET /_oversized?mb=60 (or ?built=60000) serves a page past the scraper's size caps (oversized.ts);
// GET /_admin/oversized says how many bytes the last one wrote before its reader went away.
import { readFile } from "node:fs/promises";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import { blogPage } from "./blog.ts";
import { challengePage, isValidToken, PASS_COOKIE, safeReturnPath, siteKeyFor } from "./challenge.ts";
import { holdings } from "./holdings.ts";
import { escapeHtml } from "./html.ts";
import { closeServer, isMainModule, listen, option, readBody, readJson } from "./http.ts";
import { type OversizedStats, serveOversized } from "./oversized.ts";
import { realProductPage } from "./real-pages.ts";
import { realTravelPage } from "./real-travel-pages.ts";
import { htmlResponse, imageResponse, jsonResponse, type SiteResponse } from "./site.ts";
import { SITES } from "./sites/index.ts";
import { isShopName, ShopReplicas } from "./shops/index.ts";
import { ReplicaState, type Fault } from "./state.ts";

export type { Fault };

export interface Replicas {
  /** e.g. http://127.0.0.1:8790; a platform's origin is `${url}/${platform}`. */
  url: string;
  stop(): Promise<void>;
  /** Requests per path (query left out), challenge pages and verify posts included, admin calls not. */
  counts(): Record<string, number>;
  resetCounts(): void;
  setChallenge(platform: string, on: boolean): void;
  /** Marketplaces: the product's (or variant's) price; travel: the nightly price on that platform. */
  setPrice(platform: string, id: string, amount: number): void;
  setFault(platform: string, fault: Fault | null): void;
  /** Every site page answers after about this many ms (±20 % jitter), like a real site far away; 0 for none. */
  setLatency(ms: number): void;
  /** The whole-shop replicas: each one's generation and request log. */
  shops: ShopReplicas;
  /** The blog's generation (blog.ts): which edits of its posts are live. */
  blog: { generation: number };
}

/** A delay of `ms` ± 20 %, drawn uniformly, so parallel requests do not all finish together. */
const jittered = (ms: number) => (ms > 0 ? ms * (0.8 + 0.4 * Math.random()) : 0);

function send(res: ServerResponse, response: SiteResponse): void {
  res.writeHead(response.status, {
    "Content-Type": response.contentType,
    "Cache-Control": "no-store",
    ...response.headers,
  });
  res.end(response.body);
}

function notFound(what: string): SiteResponse {
  return htmlResponse(
    `<!doctype html><title>Page Not Found</title><h1>Sorry, we couldn't find that page</h1><p>${escapeHtml(what)}</p>`,
    404,
  );
}

const optionalNumber = (value: unknown) => (value === undefined || value === null ? undefined : Number(value));

async function admin(
  state: ReplicaState,
  req: IncomingMessage,
  url: URL,
  oversized: OversizedStats,
  shops: ShopReplicas,
  blog: { generation: number },
): Promise<SiteResponse> {
  const path = url.pathname;
  const route = `${req.method} ${path}`;
  try {
    if (route === "GET /_admin/counts") return jsonResponse(state.counts());
    if (route === "GET /_admin/shop/log") {
      const slug = url.searchParams.get("shop") ?? "";
      return isShopName(slug) ? jsonResponse(shops.get(slug).log) : jsonResponse({ error: `no shop ${slug}` }, 404);
    }
    if (route === "GET /_admin/oversized") return jsonResponse(oversized);
    if (req.method !== "POST") return jsonResponse({ error: `no admin route ${route}` }, 404);
    const body = await readJson(req);
    const platform = String(body["platform"] ?? "");
    if (path === "/_admin/shop/generation") {
      const slug = String(body["shop"] ?? "");
      if (!isShopName(slug)) return jsonResponse({ error: `no shop ${slug}` }, 404);
      shops.get(slug).generation = Number(body["generation"]);
      return jsonResponse({ ok: true });
    }
    if (path === "/_admin/blog/generation") {
      blog.generation = Number(body["generation"]);
      return jsonResponse({ ok: true });
    }
    if (path === "/_admin/reset") state.resetCounts();
    else if (path === "/_admin/challenge") state.setChallenge(platform, body["on"] === true);
    else if (path === "/_admin/price") state.setPrice(platform, String(body["id"] ?? ""), Number(body["amount"]));
    else if (path === "/_admin/fault") {
      state.setFault(platform, {
        status: optionalNumber(body["status"]),
        delayMs: optionalNumber(body["delayMs"]),
        count: optionalNumber(body["count"]),
        skip: optionalNumber(body["skip"]),
        retryAfter: optionalNumber(body["retryAfter"]),
      });
    } else return jsonResponse({ error: `no admin route ${route}` }, 404);
    return jsonResponse({ ok: true });
  } catch (err) {
    return jsonResponse({ error: err instanceof Error ? err.message : String(err) }, 400);
  }
}

/** POST /{platform}/_challenge/verify: a valid token earns the pass cookie and a redirect back. */
async function verify(state: ReplicaState, req: IncomingMessage, platform: string): Promise<SiteResponse> {
  if (req.method !== "POST")
    return { ...htmlResponse("<!doctype html><h1>Method Not Allowed</h1>", 405), headers: { Allow: "POST" } };
  const form = new URLSearchParams(await readBody(req));
  if (!isValidToken(form.get("g-recaptcha-response") ?? "", siteKeyFor(platform))) {
    return htmlResponse(
      "<!doctype html><title>Verification failed</title><h1>Verification failed</h1><p>The CAPTCHA answer was not accepted.</p>",
      403,
    );
  }
  return {
    status: 302,
    contentType: "text/plain; charset=utf-8",
    body: "",
    headers: {
      Location: safeReturnPath(form.get("return_to"), platform),
      "Set-Cookie": `${PASS_COOKIE}=${state.signer.issue(platform)}; Path=/; HttpOnly; SameSite=Lax`,
    },
  };
}

async function handle(
  state: ReplicaState,
  req: IncomingMessage,
  res: ServerResponse,
  fallbackOrigin: string,
  oversized: OversizedStats,
  shops: ShopReplicas,
  blog: { generation: number },
): Promise<void> {
  const origin = req.headers.host ? `http://${req.headers.host}` : fallbackOrigin;
  const url = new URL(req.url ?? "/", origin);
  if (url.pathname.startsWith("/_admin/")) return send(res, await admin(state, req, url, oversized, shops, blog));
  state.count(url.pathname);
  if (url.pathname === "/_oversized") return serveOversized(res, url.searchParams, oversized);
  if (url.pathname === "/_catalogue") return send(res, jsonResponse(holdings()));
  if (url.pathname === "/fx/eur.json") {
    return send(res, {
      status: 200,
      contentType: "application/json; charset=utf-8",
      body: await readFile(new URL("./fx/eur.json", import.meta.url), "utf8"),
    });
  }
  const platform = url.pathname.split("/")[1] ?? "";
  if (isShopName(platform)) {
    const path = url.pathname.slice(platform.length + 1) || "/";
    if (path.startsWith("/img/")) return send(res, imageResponse());
    const userAgent = req.headers["user-agent"] ?? "";
    return send(res, shops.get(platform).serve(`${origin}/${platform}`, path, url.searchParams, userAgent));
  }
  if (platform === "blog") {
    const page = blogPage(`${origin}/blog`, url.pathname.slice("/blog".length) || "/", blog.generation);
    return send(res, page ?? notFound(`${url.pathname} is not a page of the blog`));
  }
  const entry = SITES[platform];
  if (!entry) return send(res, notFound(`No replica site at /${platform}; sites: ${Object.keys(SITES).join(", ")}`));

  const fault = state.takeFault(platform);
  if (fault?.delayMs) await new Promise((done) => setTimeout(done, fault.delayMs));
  if (fault?.status) {
    const retryAfter = fault.retryAfter ?? (fault.status === 429 || fault.status === 503 ? 30 : undefined);
    const headers: Record<string, string> = retryAfter === undefined ? {} : { "Retry-After": String(retryAfter) };
    return send(res, {
      ...htmlResponse(
        `<!doctype html><title>Error ${fault.status}</title><h1>Error ${fault.status}</h1>`,
        fault.status,
      ),
      headers,
    });
  }
  const path = url.pathname.slice(platform.length + 1) || "/";
  if (path === "/_challenge/verify") return send(res, await verify(state, req, platform));
  // Images come from a CDN on the real sites, which never challenges them.
  if (path.startsWith("/img/")) return send(res, imageResponse());
  if (state.challenged(platform) && !state.signer.admits(req.headers.cookie, platform)) {
    return send(res, htmlResponse(challengePage(platform, `${url.pathname}${url.search}`)));
  }
  // A real capture's id or destination is served as captured; every other stays the generated catalogue's.
  const response =
    realProductPage(platform, path) ??
    realTravelPage(platform, path, url.searchParams) ??
    entry.site({
      method: req.method ?? "GET",
      platform,
      path,
      query: url.searchParams,
      origin,
      prices: state.prices,
    });
  send(res, response ?? notFound(`${url.pathname} is not a page on the ${platform} replica`));
}

export async function startReplicas(
  options: { port?: number; host?: string; latencyMs?: number } = {},
): Promise<Replicas> {
  const state = new ReplicaState();
  const shops = new ShopReplicas();
  const blog = { generation: 0 };
  const oversized: OversizedStats = { requests: 0, lastBytesWritten: 0 };
  let latencyMs = options.latencyMs ?? (Number(process.env.REPLICA_LATENCY_MS) || 0);
  const host = options.host ?? "127.0.0.1";
  let origin = "";
  const server = createServer(async (req, res) => {
    const delay = req.url?.startsWith("/_admin/") ? 0 : jittered(latencyMs);
    if (delay) await new Promise((resolve) => setTimeout(resolve, delay));
    handle(state, req, res, origin, oversized, shops, blog).catch((err: unknown) => {
      console.error(`replicas: ${req.method} ${req.url} failed:`, err);
      if (!res.headersSent)
        send(res, htmlResponse("<!doctype html><h1>Internal Server Error</h1>", err instanceof RangeError ? 400 : 500));
      else res.destroy();
    });
  });
  origin = await listen(server, options.port ?? 0, host);
  return {
    url: origin,
    stop: () => closeServer(server),
    counts: () => state.counts(),
    resetCounts: () => state.resetCounts(),
    setChallenge: (platform, on) => state.setChallenge(platform, on),
    setPrice: (platform, id, amount) => state.setPrice(platform, id, amount),
    setFault: (platform, fault) => state.setFault(platform, fault),
    setLatency: (ms) => {
      latencyMs = ms;
    },
    shops,
    blog,
  };
}

if (isMainModule(import.meta.url)) {
  const replicas = await startReplicas({
    port: Number(option("port") ?? process.env.REPLICAS_PORT ?? 8790),
    host: option("host"),
  });
  console.log(replicas.url);
  for (const signal of ["SIGINT", "SIGTERM"] as const) {
    process.once(signal, () => void replicas.stop().then(() => process.exit(0)));
  }
}
