import { describe, expect, it } from "vitest";
import { assertSafeUrl, safeFetch, UnsafeUrlError } from "../../src/scrape/ssrf";
import { call, newAccount, withKey } from "./helpers";

const BAD_URLS = [
  "http://127.0.0.1/",
  "http://127.1/",
  "http://2130706433/",
  "http://0x7f000001/",
  "http://0x7f.0.0.1/",
  "http://0177.0.0.1/",
  "http://017700000001/",
  "http://localhost:8080/admin",
  "http://api.localhost/",
  "http://[::1]/",
  "http://[::ffff:127.0.0.1]/",
  "http://[::ffff:7f00:1]/",
  "http://[0:0:0:0:0:ffff:a00:1]/",
  "http://10.0.0.1/",
  "http://172.16.5.4/",
  "http://192.168.1.1/",
  "http://0xc0a80101/",
  "http://169.254.169.254/latest/meta-data/",
  "http://[fe80::1]/",
  "http://100.64.0.1/",
  "http://100.127.255.254/",
  "http://[fc00::1]/",
  "http://0.0.0.0/",
  "http://224.0.0.1/",
  "http://metadata.google.internal/computeMetadata/v1/",
  "http://printer.local/",
  "ftp://example.com/file",
  "file:///etc/passwd",
  "gopher://example.com/",
  "javascript:alert(1)",
  "http://user:pass@example.com/",
  "https://admin@example.com/",
  "not a url",
];

describe("SSRF guard", () => {
  it.each(BAD_URLS)("refuses %s", (url) => {
    expect(() => assertSafeUrl(url)).toThrow(UnsafeUrlError);
  });

  it.each(["https://www.example.com/product/1", "http://93.184.216.34/x", "https://[2606:4700:4700::1111]/"])("allows the public URL %s", (url) => {
    expect(assertSafeUrl(url).toString()).toContain(new URL(url).hostname);
  });

  it("allows an explicitly listed local host and nothing else", () => {
    expect(() => assertSafeUrl("http://127.0.0.1:9000/shop", { allowHosts: ["127.0.0.1:9000"] })).not.toThrow();
    expect(() => assertSafeUrl("http://127.0.0.1:9001/shop", { allowHosts: ["127.0.0.1:9000"] })).toThrow(UnsafeUrlError);
  });

  it("re-checks every redirect hop", async () => {
    const hops: string[] = [];
    const fetcher = (async (url: string) => {
      hops.push(url);
      return new Response(null, { status: 302, headers: { Location: "http://169.254.169.254/latest/meta-data/" } });
    }) as unknown as typeof fetch;
    await expect(safeFetch("https://shop.example.com/p/1", {}, { fetcher })).rejects.toThrow(/linkLocal/);
    expect(hops).toEqual(["https://shop.example.com/p/1"]);
  });

  it("answers 400 naming the url parameter on the product route, before any request", async () => {
    const { secret } = await newAccount({ plan: "enterprise" });
    for (const url of BAD_URLS.slice(0, 30)) {
      const response = await call(`/v1/generic?url=${encodeURIComponent(url)}`, withKey(secret));
      const body = (await response.json()) as any;
      expect(response.status, url).toBe(400);
      expect(body.error.details[0].parameter).toBe("url");
    }
  });
});
