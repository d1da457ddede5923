// Two servers on 127.0.0.1 for the URL-guard tests: an "internal" service holding a secret (its
// host:port is never allow-listed), and a public-looking site (allow-listed like a replica) whose
// pages try to steer a scraper into it: by redirect, `location`, `fetch` and iframe.
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

export const SECRET = "INTERNAL-SECRET-7f3a9c";

export interface Servers {
  /** Base URL of the internal service, e.g. http://127.0.0.1:41234 */
  internalUrl: string;
  /** Base URL of the steering site. */
  siteUrl: string;
  /** Requests each server saw, per path. */
  internalHits: Map<string, number>;
  siteHits: Map<string, number>;
  stop(): Promise<void>;
}

const html = (res: ServerResponse, body: string, status = 200) => {
  res.writeHead(status, { "Content-Type": "text/html; charset=utf-8" });
  res.end(`<!doctype html><html><head><title>Shop</title></head><body>${body}</body></html>`);
};

async function listen(
  handler: (req: IncomingMessage, res: ServerResponse, path: string) => void,
  hits: Map<string, number>,
) {
  const server = createServer((req, res) => {
    const path = new URL(req.url ?? "/", "http://x").pathname;
    hits.set(path, (hits.get(path) ?? 0) + 1);
    handler(req, res, path);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { url, stop: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

export async function startSteeringServers(): Promise<Servers> {
  const internalHits = new Map<string, number>();
  const siteHits = new Map<string, number>();
  const product = `<script type="application/ld+json">${JSON.stringify({ "@context": "https://schema.org", "@type": "Product", name: SECRET, offers: { "@type": "Offer", price: "13.37", priceCurrency: "USD" } })}</script><h1>${SECRET}</h1><p>Price: $13.37</p>`;
  const internal = await listen((_req, res, path) => {
    if (path === "/secret.json") {
      // An internal API with permissive CORS, so a page could read it if it reached it.
      res.writeHead(200, { "Content-Type": "application/json", "Access-Control-Allow-Origin": "*" });
      return res.end(JSON.stringify({ name: SECRET }));
    }
    html(res, product);
  }, internalHits);

  const inward = `${internal.url}/secret`;
  const site = await listen((req, res, path) => {
    const query = new URL(req.url ?? "/", "http://x").searchParams;
    // Cloaking: a plain HTTP client sees an empty page, so the scraper escalates to its browser,
    // which is then redirected inward.
    if (path === "/cloaked-redirect") {
      if (req.headers["sec-fetch-mode"]) {
        res.writeHead(302, { Location: inward });
        return res.end();
      }
      return html(res, "<p>Loading…</p>");
    }
    if (path === "/location")
      return html(res, `<p>Loading…</p><script>location.href = ${JSON.stringify(inward)};</script>`);
    if (path === "/fetch") {
      return html(
        res,
        `<p>Loading…</p><script>
        fetch(${JSON.stringify(`${internal.url}/secret.json`)})
          .then((r) => r.json())
          .then((data) => {
            const ld = document.createElement("script");
            ld.type = "application/ld+json";
            ld.textContent = JSON.stringify({ "@context": "https://schema.org", "@type": "Product", name: data.name, offers: { "@type": "Offer", price: "13.37", priceCurrency: "USD" } });
            document.head.appendChild(ld);
            document.body.insertAdjacentHTML("beforeend", "<h1>" + data.name + "</h1><p>Price: $13.37</p>");
          })
          .catch(() => fetch("/ran-fetch"));
      </script>`,
      );
    }
    if (path === "/iframe")
      return html(res, `<p>Loading…</p><iframe src="${inward}"></iframe><script>fetch("/ran-iframe")</script>`);
    if (path.startsWith("/chain/")) {
      // /chain/3?to=X → /chain/2?to=X → … → X
      const left = Number(path.slice("/chain/".length));
      const to = query.get("to") ?? inward;
      res.writeHead(302, { Location: left > 1 ? `/chain/${left - 1}?to=${encodeURIComponent(to)}` : to });
      return res.end();
    }
    html(res, "<p>Nothing here</p>");
  }, siteHits);

  return {
    internalUrl: internal.url,
    siteUrl: site.url,
    internalHits,
    siteHits,
    stop: async () => {
      await Promise.all([internal.stop(), site.stop()]);
    },
  };
}
