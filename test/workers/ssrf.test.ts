// The URL guard (src/net/url-guard.ts) against the forms an attacker uses to reach inward, with
// names resolved by a DNS-over-HTTPS stand-in (test/support/doh.ts) through the real resolver code.
import { describe, expect, it } from "vitest";
import { dohResolver } from "../../src/net/doh";
import { urlGuardOptions } from "../../src/net/guard-options";
import { guardedFetch, guardUrl, UnsafeUrlError, type UrlGuardOptions } from "../../src/net/url-guard";
import { scrapeConfig } from "../../src/scrape/config";
import { dohResponse, INWARD_RECORDS } from "../support/doh";
import { call, env, newAccount, withKey } from "./helpers";

const DOH_URL = "http://doh.unit.test/dns-query";

/** The guard as production builds it, but resolving through the stand-in; counts the lookups. */
function guardWith(allowHosts: string[] = []) {
  const lookups: string[] = [];
  const resolve = dohResolver(`${DOH_URL}?r=${Math.random()}`, async (url) => {
    lookups.push(`${new URL(url).searchParams.get("name")} ${new URL(url).searchParams.get("type")}`);
    return dohResponse(INWARD_RECORDS, url);
  });
  const options: UrlGuardOptions = { allowHosts, resolve };
  return { options, lookups };
}

const refusal = (url: string, options = guardWith().options) =>
  guardUrl(url, options).then(
    () => "allowed",
    (err) => (err instanceof UnsafeUrlError ? `refused: ${err.message}` : `crashed: ${err}`),
  );

/** [url, what the refusal must say] — every one must be refused, none may crash. */
const REFUSED: [string, RegExp][] = [
  // Schemes and credentials
  ["ftp://example.com/file", /only http and https/],
  ["file:///etc/passwd", /only http and https/],
  ["gopher://example.com/", /only http and https/],
  ["javascript:alert(1)", /only http and https/],
  ["data:text/html,<h1>hi</h1>", /only http and https/],
  ["ws://example.com/socket", /only http and https/],
  ["http://user:pass@example.com/", /credentials/],
  ["https://admin@example.com/", /credentials/],
  ["http://:secret@example.com/", /credentials/],
  ["not a url", /not a valid absolute URL/],
  // Ports
  ["http://example.com:0/", /port 0/],
  ["http://public.example.net:8080/", /port 8080/],
  ["https://public.example.net:22/", /port 22/],
  ["http://public.example.net:65535/", /port 65535/],
  ["http://localhost:8899/", /port 8899/],
  // Loopback in every IPv4 notation the URL parser accepts
  ["http://127.0.0.1/", /loopback/],
  ["http://127.0.0.1./", /loopback/],
  ["http://127.1/", /loopback/],
  ["http://127.000.000.001/", /loopback/],
  ["http://2130706433/", /loopback/],
  ["http://0x7f000001/", /loopback/],
  ["http://0x7f.0.0.1/", /loopback/],
  ["http://0x7f.1/", /loopback/],
  ["http://0177.0.0.1/", /loopback/],
  ["http://017700000001/", /loopback/],
  ["http://%31%32%37.0.0.1/", /loopback/],
  ["http://127\u30020\u30020\u30021/", /loopback/],
  ["http://0/", /unspecified/],
  ["http://0.0.0.0/", /unspecified/],
  // Private, link-local, CGNAT, reserved, multicast, broadcast
  ["http://10.0.0.1/", /private/],
  ["http://172.16.5.4/", /private/],
  ["http://192.168.1.1/", /private/],
  ["http://0xc0a80101/", /private/],
  ["http://169.254.169.254/latest/meta-data/", /linkLocal/],
  ["http://100.64.0.1/", /carrierGradeNat/],
  ["http://100.127.255.254/", /carrierGradeNat/],
  ["http://192.0.2.1/", /reserved/],
  ["http://198.18.0.1/", /reserved/],
  ["http://240.0.0.1/", /reserved/],
  ["http://224.0.0.1/", /multicast/],
  ["http://255.255.255.255/", /broadcast/],
  // IPv6 and the forms that carry IPv4 inside
  ["http://[::1]/", /loopback/],
  ["http://[::]/", /unspecified/],
  ["http://[::127.0.0.1]/", /loopback/],
  ["http://[::ffff:127.0.0.1]/", /loopback/],
  ["http://[::ffff:7f00:1]/", /loopback/],
  ["http://[0:0:0:0:0:ffff:a00:1]/", /private/],
  ["http://[::ffff:169.254.169.254]/", /linkLocal/],
  ["http://[::ffff:0:7f00:1]/", /loopback/],
  ["http://[64:ff9b::127.0.0.1]/", /loopback/],
  ["http://[64:ff9b::a9fe:a9fe]/", /linkLocal/],
  ["http://[64:ff9b:1::a00:1]/", /local NAT64/],
  ["http://[2002:7f00:1::1]/", /loopback/],
  ["http://[2002:c0a8:101::]/", /private/],
  ["http://[2001:0:4136:e378:8000:63bf:3fff:fdd2]/", /teredo/],
  ["http://[fe80::1]/", /linkLocal/],
  ["http://[fc00::1]/", /uniqueLocal/],
  ["http://[fd12:3456::1]/", /uniqueLocal/],
  ["http://[ff02::1]/", /multicast/],
  ["http://[2001:db8::1]/", /reserved/],
  ["http://[100::1]/", /discard/],
  // Internal names, however they are spelled
  ["http://localhost/", /internal host name \(localhost\)/],
  ["http://localhost./", /internal host name \(localhost\)/],
  ["http://LOCALHOST../", /internal host name \(localhost\)/],
  ["http://\u24dbocalhost/", /internal host name \(localhost\)/],
  ["http://api.localhost./", /internal host name/],
  ["http://metadata.google.internal/computeMetadata/v1/", /internal host name/],
  ["http://metadata.google.internal./computeMetadata/v1/", /internal host name/],
  ["http://METADATA.Google.Internal./", /internal host name/],
  ["http://metadata/", /internal host name/],
  ["http://intranet/", /internal host name/],
  ["http://printer.local/", /internal host name/],
  ["http://router.home.arpa/", /internal host name/],
  ["http://1.0.0.127.in-addr.arpa/", /internal host name/],
  // Names whose DNS answers point inward
  ["http://localtest.me/", /resolves to 127\.0\.0\.1 \(loopback range\)/],
  ["http://localtest.me./", /resolves to 127\.0\.0\.1/],
  ["http://LocalTest.ME/", /resolves to 127\.0\.0\.1/],
  ["http://127.0.0.1.nip.io/", /resolves to 127\.0\.0\.1/],
  ["http://10.0.0.5.nip.io/", /resolves to 10\.0\.0\.5 \(private range\)/],
  ["http://169.254.169.254.nip.io/latest/meta-data/", /linkLocal/],
  ["http://metadata.attacker.example/", /linkLocal/],
  ["http://v6-loopback.attacker.example/", /resolves to ::1/],
  ["http://mapped.attacker.example/", /loopback/],
  ["http://mixed.attacker.example/", /fd00::1 \(uniqueLocal range\)/],
  ["http://cgnat.attacker.example/", /carrierGradeNat/],
  ["http://cname.attacker.example/", /loopback/],
  ["http://empty.attacker.example/", /does not resolve/],
  ["http://nowhere.attacker.example/", /does not resolve/],
];

describe("the URL guard refuses every inward form", () => {
  it(`has at least 60 forms (${REFUSED.length})`, () => {
    expect(REFUSED.length).toBeGreaterThanOrEqual(60);
  });

  it.each(REFUSED)("refuses %s", async (url, reason) => {
    const verdict = await refusal(url);
    expect(verdict).toMatch(/^refused: /);
    expect(verdict).toMatch(reason);
  });
});

describe("the URL guard lets public URLs through, canonicalised", () => {
  it.each([
    ["https://public.example.net/product/1", "https://public.example.net/product/1"],
    ["HTTPS://Public.Example.NET./p?q=1", "https://public.example.net/p?q=1"],
    ["http://public.example.net:80/", "http://public.example.net/"],
    ["https://public.example.net:443/x", "https://public.example.net/x"],
    ["http://93.184.216.34/x", "http://93.184.216.34/x"],
    ["https://[2606:4700:4700::1111]/", "https://[2606:4700:4700::1111]/"],
    ["http://[::ffff:93.184.216.34]/", "http://[::ffff:5db8:d822]/"],
  ])("allows %s as %s", async (url, canonical) => {
    expect((await guardUrl(url, guardWith().options)).toString()).toBe(canonical);
  });

  it("resolves both A and AAAA before use, and caches the answer", async () => {
    const { options, lookups } = guardWith();
    await guardUrl("https://public.example.net/a", options);
    await guardUrl("https://public.example.net/b", options);
    expect(lookups.sort()).toEqual(["public.example.net A", "public.example.net AAAA"]);
  });

  it("refuses a name whose resolver fails, rather than letting it through", async () => {
    const resolve = dohResolver(`${DOH_URL}?down`, async () => new Response("upstream down", { status: 502 }));
    await expect(guardUrl("https://public.example.net/", { allowHosts: [], resolve })).rejects.toThrow(
      /could not be resolved/,
    );
    const servfail = dohResolver(`${DOH_URL}?servfail`, async () => Response.json({ Status: 2 }));
    await expect(guardUrl("https://public.example.net/", { allowHosts: [], resolve: servfail })).rejects.toThrow(
      /DNS status 2/,
    );
  });
});

describe("the development allow-list", () => {
  it("admits exactly the listed host:port, trailing dot or not, and nothing else", async () => {
    const { options } = guardWith(["127.0.0.1:9000", "LocalHost.:9100"]);
    expect((await guardUrl("http://127.0.0.1:9000/shop", options)).host).toBe("127.0.0.1:9000");
    expect((await guardUrl("http://localhost.:9100/shop", options)).host).toBe("localhost:9100");
    await expect(guardUrl("http://127.0.0.1:9001/shop", options)).rejects.toThrow(UnsafeUrlError);
    await expect(guardUrl("http://127.0.0.1/shop", options)).rejects.toThrow(UnsafeUrlError);
    await expect(guardUrl("http://[::1]:9000/shop", options)).rejects.toThrow(UnsafeUrlError);
  });

  it("is ignored unless ENVIRONMENT is development, and so is REPLICA_ORIGIN", () => {
    const bindings = { ...env, SSRF_ALLOW_HOSTS: "127.0.0.1:9000", REPLICA_ORIGIN: "http://127.0.0.1:9200" };
    const dev = { ...bindings, ENVIRONMENT: "development" } as Env;
    expect(urlGuardOptions(dev).allowHosts).toEqual(["127.0.0.1:9000", "127.0.0.1:9200"]);
    expect(scrapeConfig(dev).replicaOrigin).toBe("http://127.0.0.1:9200");
    for (const environment of ["production", "staging", "", undefined]) {
      const deployed = { ...bindings, ENVIRONMENT: environment } as unknown as Env;
      expect(urlGuardOptions(deployed).allowHosts, String(environment)).toEqual([]);
      expect(scrapeConfig(deployed).urlGuard.allowHosts, String(environment)).toEqual([]);
      expect(scrapeConfig(deployed).replicaOrigin, String(environment)).toBeNull();
    }
  });
});

describe("redirects are followed by hand and every hop is guarded", () => {
  /** A site whose every page redirects along `chain`, recording what was requested. */
  function redirecting(chain: string[]) {
    const requested: string[] = [];
    const fetcher = async (url: string) => {
      requested.push(url);
      const next = chain[requested.length - 1];
      return next ? new Response(null, { status: 302, headers: { Location: next } }) : new Response("ok");
    };
    return { requested, fetcher };
  }

  it.each([
    ["http://169.254.169.254/latest/meta-data/", /linkLocal/],
    ["http://localhost.:8899/", /port 8899/],
    ["http://localhost./", /internal host name/],
    ["http://[::127.0.0.1]/", /loopback/],
    ["http://0x7f000001/", /loopback/],
    ["http://localtest.me/", /resolves to 127\.0\.0\.1/],
    ["http://cname.attacker.example/", /loopback/],
    ["http://metadata.google.internal./", /internal host name/],
  ])("stops a chain of public hops that ends at %s before requesting it", async (inward, reason) => {
    const { requested, fetcher } = redirecting(["/hop/2", "https://public.example.net/hop/3", inward]);
    const err = await guardedFetch("https://public.example.net/hop/1", {}, { ...guardWith().options, fetcher }).catch(
      (e) => e,
    );
    expect(err).toBeInstanceOf(UnsafeUrlError);
    expect(err.message).toMatch(/^redirects to /);
    expect(err.message).toMatch(reason);
    expect(requested).toEqual([
      "https://public.example.net/hop/1",
      "https://public.example.net/hop/2",
      "https://public.example.net/hop/3",
    ]);
  });

  it("follows public hops and gives up after five", async () => {
    const { requested, fetcher } = redirecting(Array.from({ length: 10 }, (_, i) => `/hop/${i + 2}`));
    await expect(
      guardedFetch("https://public.example.net/hop/1", {}, { ...guardWith().options, fetcher }),
    ).rejects.toThrow(/more than 5 times/);
    expect(requested).toHaveLength(6);
  });
});

describe("the routes refuse inward URLs before any request", () => {
  const INWARD = [
    "http://localhost.:8899/",
    "http://localhost./",
    "http://metadata.google.internal./computeMetadata/v1/",
    "http://[::127.0.0.1]/",
    "http://example.com:0/",
    "http://0x7f.1/",
    "http://[::ffff:169.254.169.254]/",
    "http://[64:ff9b::127.0.0.1]/",
  ];

  it("answers 400 naming the url parameter on the product route", async () => {
    const { secret } = await newAccount({ plan: "enterprise" });
    for (const url of INWARD) {
      const response = await call(`/v1/generic?fresh=true&url=${encodeURIComponent(url)}`, withKey(secret));
      const body = (await response.json()) as any;
      expect(response.status, url).toBe(400);
      expect(body.error.details[0].parameter, url).toBe("url");
    }
  });

  it("refuses the same URLs as webhook endpoints", async () => {
    const { secret } = await newAccount({ plan: "enterprise" });
    for (const url of INWARD) {
      const response = await call(
        "/v1/webhooks",
        withKey(secret, {
          method: "POST",
          headers: { "Content-Type": "application/json" },
          body: JSON.stringify({ url }),
        }),
      );
      expect(response.status, url).toBe(400);
    }
  });
});
