// Pages far larger than any real one, for the scraper's size caps: a product page padded to `mb`
// megabytes, generated while it is written (so the server never holds it), a small page whose
// script builds `built` elements in the browser, or one `tall` pixels high for full-page screenshots.
// GET /_oversized?mb=60 · GET /_oversized?built=60000 · GET /_oversized?tall=50000
import type { ServerResponse } from "node:http";

const PRODUCT = {
  "@context": "https://schema.org",
  "@type": "Product",
  name: "Oversized Kettle",
  offers: { "@type": "Offer", price: "13.37", priceCurrency: "USD" },
};
const HEAD = `<!doctype html><html><head><title>Oversized Kettle</title><script type="application/ld+json">${JSON.stringify(PRODUCT)}</script></head><body><h1>Oversized Kettle</h1><p>Price: $13.37</p>`;
const PADDING = Buffer.from("<!-- padding -->".padEnd(64, " ").repeat(1024));

/** What the oversized pages have written, for a test to see that a reader stopped early. */
export interface OversizedStats {
  requests: number;
  /** Bytes written by the most recent padded page before it ended or the reader went away. */
  lastBytesWritten: number;
}

export function serveOversized(res: ServerResponse, query: URLSearchParams, stats: OversizedStats): void {
  stats.requests++;
  const built = Number(query.get("built") ?? 0);
  if (built > 0) {
    res.writeHead(200, { "Content-Type": "text/html; charset=utf-8", "Cache-Control": "no-store" });
    res.end(
      `${HEAD}<div id="grid" hidden></div><script>document.getElementById("grid").innerHTML = "<i></i>".repeat(${built});</script></body></html>`,
    );
    return;
  }
  const tall = Number(query.get("tall") ?? 0);
  if (tall > 0) {
    res.writeHead(200, { "Content-Type": "text/html; charset=utf-8", "Cache-Control": "no-store" });
    res.end(`${HEAD}<div style="height:${tall}px;background:linear-gradient(#fff,#036)"></div></body></html>`);
    return;
  }
  const total = Math.max(1, Number(query.get("mb") ?? 60)) * 1024 * 1024;
  res.writeHead(200, { "Content-Type": "text/html; charset=utf-8", "Cache-Control": "no-store" });
  let written = 0;
  stats.lastBytesWritten = 0;
  const write = () => {
    // Writes while the socket takes them; continues on "drain", so memory stays at one chunk.
    while (written < total && !res.destroyed) {
      const chunk = written === 0 ? Buffer.from(HEAD) : PADDING;
      written += chunk.byteLength;
      stats.lastBytesWritten = written;
      if (!res.write(chunk)) return void res.once("drain", write);
    }
    if (!res.destroyed) res.end("</body></html>");
  };
  write();
}
