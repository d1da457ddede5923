// GET /v1/page?country=: the page is asked for in the country's language, as a site that picks its
// language from Accept-Language answers a visitor there, and each country's read is cached apart.
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { acceptLanguageOf } from "../../../../src/routes/page/page";
import { call, newAccount, withKey } from "../../helpers";

vi.setConfig({ testTimeout: 30_000 });
afterEach(() => vi.restoreAllMocks());

const HOST = "lang.page-country.example";
const page = (lang: string, text: string) =>
  `<!doctype html><html lang="${lang}"><head><title>Tides</title></head><body><nav><a href="/">Home</a></nav><article><h1>Tides</h1><p>${text}</p></article></body></html>`;
const ENGLISH = page(
  "en",
  "The moon pulls the oceans into two bulges, and the earth turns beneath them, so most coasts see two high tides every day of the year.",
);
const GERMAN = page(
  "de",
  "Der Mond zieht die Ozeane zu zwei Flutbergen, und die Erde dreht sich darunter, sodass die meisten Küsten zweimal am Tag Hochwasser sehen.",
);

/** A site that answers in the language the request asks for first, and records what it was asked. */
function serveByLanguage() {
  const asked: string[] = [];
  const real = globalThis.fetch;
  vi.spyOn(globalThis, "fetch").mockImplementation(async (input, init) => {
    const request = new Request(input, init);
    if (new URL(request.url).host !== HOST) return real(input, init);
    const language = request.headers.get("Accept-Language") ?? "";
    asked.push(language);
    return new Response(language.startsWith("de") ? GERMAN : ENGLISH, {
      headers: { "Content-Type": "text/html; charset=utf-8" },
    });
  });
  return asked;
}

const pageOf = (query: string) =>
  `/v1/page?url=${encodeURIComponent(`https://${HOST}/tides`)}&engine=fetch&formats=markdown${query}`;

let secret: string;
beforeAll(async () => {
  ({ secret } = await newAccount({ plan: "enterprise" }));
});

describe("GET /v1/page country", () => {
  it("names the country's likely language first in Accept-Language", () => {
    expect(acceptLanguageOf("de")).toBe("de-DE,de;q=0.9,en;q=0.5");
    expect(acceptLanguageOf("BR")).toBe("pt-BR,pt;q=0.9,en;q=0.5");
    expect(acceptLanguageOf("gb")).toBe("en-GB,en;q=0.9");
  });

  it("reads the page as a visitor from that country, and caches each country's read apart", async () => {
    const asked = serveByLanguage();
    const german = (await (await call(pageOf("&country=DE"), withKey(secret))).json()) as any;
    expect(german.data.markdown).toContain("Der Mond zieht die Ozeane");
    const plain = (await (await call(pageOf(""), withKey(secret))).json()) as any;
    expect(plain.data.markdown).toContain("The moon pulls the oceans");
    const again = (await (await call(pageOf("&country=de"), withKey(secret))).json()) as any;
    expect(again.data.markdown).toContain("Der Mond zieht die Ozeane");
    expect(again.meta.scrape.cache).toBe("hit");
    expect(asked).toEqual(["de-DE,de;q=0.9,en;q=0.5", "en-US,en;q=0.9"]);
  });

  it("refuses a country that is not a two-letter code, saying so", async () => {
    const response = await call(pageOf("&country=germany"), withKey(secret));
    const body = (await response.json()) as any;
    expect(response.status).toBe(400);
    expect(body.error.details[0]).toMatchObject({ parameter: "country" });
    expect(body.error.details[0].message).toMatch(/ISO 3166-1 alpha-2/);
  });
});
