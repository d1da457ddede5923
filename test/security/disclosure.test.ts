// Review 4, finding 10: what answers say about the service itself. The addresses they carry (the
// MCP server's resource metadata and its 401, llms.txt) start with the configured public address,
// never with the Host a client sent, and `meta.scrape.proxy` names an egress proxy by an opaque
// label, never by its host or port.
import { exports } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { parseProxyList } from "../../src/scrape/proxy-pool";

/** A request as a client chooses to address it: any Host, any forwarding header. */
const from = (origin: string, path: string, init: RequestInit = {}) =>
  exports.default.fetch(
    new Request(`${origin}${path}`, { ...init, headers: { "X-Forwarded-Host": "evil.example", ...init.headers } }),
  );

describe("addresses in answers come from PUBLIC_BASE_URL, not the request's Host", () => {
  for (const origin of ["http://evil.example", "https://api.test.evil.example:8443", "http://127.0.0.1:9"]) {
    it(`names http://api.test in the resource metadata and the MCP 401 when reached as ${origin}`, async () => {
      for (const path of ["/.well-known/oauth-protected-resource/mcp", "/.well-known/oauth-protected-resource"]) {
        const metadata = (await (await from(origin, path)).json()) as any;
        expect(metadata.resource, path).toBe("http://api.test/mcp");
        expect(metadata.resource_documentation).toBe("http://api.test/docs");
      }
      const refused = await from(origin, "/mcp", {
        method: "POST",
        headers: { "Content-Type": "application/json", Accept: "application/json, text/event-stream" },
        body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/list" }),
      });
      expect(refused.status).toBe(401);
      expect(refused.headers.get("WWW-Authenticate")).toBe(
        'Bearer realm="mcp", resource_metadata="http://api.test/.well-known/oauth-protected-resource/mcp"',
      );
      const llms = await (await from(origin, "/llms.txt")).text();
      expect(llms).toContain("http://api.test/");
      expect(llms).not.toContain(new URL(origin).host);
    });
  }
});

describe("an egress proxy is named by an opaque label", () => {
  it("shows neither host, port nor credentials of any entry of PROXY_URLS", () => {
    const entries = [
      "http://user:s3cret@exit-1.proxies.internal.example:3128",
      "http://10.20.30.40:8080",
      "https://gw.internal.example:9443/fetch?url={url}",
      "http://[fd00::7]:3128",
    ];
    const labels = parseProxyList(entries.join("\n")).map((proxy) => proxy.id);
    expect(labels).toEqual(["proxy-1", "proxy-2", "gateway-3", "proxy-4"]);
    for (const label of labels)
      for (const secret of ["exit-1", "internal", "3128", "10.20", "8080", "9443", "fd00", "user", "s3cret"])
        expect(label).not.toContain(secret);
  });
});
