// GET /v1/page inside workerd, each site stood in for by `fetch`: every format of an article page,
// the whole page on request, the trust contract (a challenge is blocked and not charged, an empty
// shell is no_data), input errors with a sentence, and the URL guard.
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { createApp } from "../../../src/app";
import { call, callApp, env, newAccount, serveSite, withKey } from "../helpers";
import { REPLICA, replicaProducts, serveReplicas } from "../replica-sites";

vi.setConfig({ testTimeout: 30_000 });
afterEach(() => vi.restoreAllMocks());

const HOST = "news.page.example";
const ARTICLE = `<!doctype html><html lang="en-GB"><head>
<title>Rivers of the north | Page Example</title>
<meta name="description" content="Why northern rivers freeze from the top.">
<meta property="og:title" content="Rivers of the north">
<meta property="og:type" content="article">
<meta property="article:published_time" content="2026-10-02T08:00:00Z">
<meta name="author" content="Ada Fielding">
<link rel="canonical" href="/world/rivers-of-the-north">
<script type="application/ld+json">{"@context":"https://schema.org","@type":"NewsArticle","headline":"Rivers of the north","dateModified":"2026-10-03T09:00:00Z"}</script>
</head><body>
<div class="cookie-banner">We use cookies to improve your experience. Accept all cookies?</div>
<header class="site-header"><nav><a href="/">Home</a> <a href="/world">World</a> <a href="/sport">Sport</a></nav></header>
<main><article class="story">
<h1>Rivers of the north</h1>
<p class="byline">By Ada Fielding, 2 October 2026</p>
<div class="story-body">
<p>Rivers in the far north freeze from the top down, and the ice that forms first is the clearest, because it grows slowly enough to push the dissolved air out ahead of it.</p>
<h2>How the ice grows</h2>
<p>Once a lid of ice covers the water, it insulates the river below, so the current keeps flowing through the winter, and fish, insects and plants survive under a roof that thickens by a few centimetres a week.</p>
<ul><li>Clear ice forms in calm, cold nights.</li><li>White ice forms from snow that soaks and refreezes.</li></ul>
<p>The survey measured three rivers, as the <a href="https://data.example.org/ice">open ice dataset</a> records, and compared them with the long record kept at the <a href="/stations/kolyma">Kolyma station</a>.</p>
<figure><img src="/img/river.jpg" alt="A frozen river at dawn"><figcaption>The Lena at dawn, in January.</figcaption></figure>
<table><tr><th>River</th><th>Ice (cm)</th></tr><tr><td>Lena</td><td>180</td></tr><tr><td>Yenisei</td><td>150</td></tr></table>
<div class="newsletter-box"><p>Sign up for the weekly river report, sent every Monday morning to your inbox.</p></div>
<p>In spring the ice breaks in the south first, while the mouths further north are still frozen, so the water piles up behind ice dams and floods the plains for weeks.</p>
</div>
<div class="share-tools"><a href="https://social.example/share">Share on Social</a> <a href="mailto:x@example.com">Email</a></div>
</article>
<aside class="related"><h3>Related stories</h3><ul><li><a href="/world/lakes">Lakes that never freeze and the fish that live in them</a></li><li><a href="/world/glaciers">Glaciers in retreat across the high mountains</a></li></ul></aside>
</main>
<footer><p>Copyright 2026 Page Example. All rights reserved.</p><a href="/privacy">Privacy</a></footer>
</body></html>`;

const pageOf = (host: string, query = "") =>
  `/v1/page?url=${encodeURIComponent(`https://${host}/world/rivers-of-the-north`)}&fresh=true&engine=fetch${query}`;
const json = async (response: Response) => (await response.json()) as any;
const monthUsed = async (secret: string): Promise<number> =>
  (await json(await call("/v1/usage", withKey(secret)))).data.month.used;

let secret: string;
beforeAll(async () => {
  ({ secret } = await newAccount({ plan: "enterprise" }));
});

describe("GET /v1/page formats", () => {
  it("answers the main content as Markdown with headings, lists, tables, links and images, and no page furniture", async () => {
    serveSite(HOST, ARTICLE);
    const response = await call(pageOf(HOST), withKey(secret));
    const body = await json(response);
    expect(response.status, JSON.stringify(body.error)).toBe(200);
    const markdown: string = body.data.markdown;
    expect(markdown.startsWith("# Rivers of the north\n")).toBe(true);
    expect(markdown).toContain("## How the ice grows");
    expect(markdown).toContain("- Clear ice forms in calm, cold nights.\n- White ice forms");
    expect(markdown).toContain("| River | Ice (cm) |\n| --- | --- |\n| Lena | 180 |");
    expect(markdown).toContain("[open ice dataset](https://data.example.org/ice)");
    expect(markdown).toContain("[Kolyma station](https://news.page.example/stations/kolyma)");
    expect(markdown).toContain("![A frozen river at dawn](https://news.page.example/img/river.jpg)");
    for (const furniture of [
      "The Lena at dawn",
      "cookies",
      "Sport",
      "Share on Social",
      "Related stories",
      "Lakes that never",
      "Copyright",
      "By Ada",
    ])
      expect(markdown, furniture).not.toContain(furniture);
    expect(body.data.metadata.title).toBe("Rivers of the north");
    expect(body.data.html).toBeUndefined();
    expect(body.meta.completeness.state).toBe("complete");
    expect(body.meta.completeness.main_content_share).toBeGreaterThan(0.4);
    expect(body.meta.completeness.main_content_share).toBeLessThan(1);
    expect(body.meta.scrape.engine).toBe("fetch");
    expect(body.meta.charged).toBe(true);
  });

  it("answers clean HTML, plain text, links and metadata when asked", async () => {
    serveSite(HOST, ARTICLE);
    const response = await call(pageOf(HOST, "&formats=html,text,links,metadata"), withKey(secret));
    const { data } = await json(response);
    expect(response.status).toBe(200);
    expect(data.markdown).toBeUndefined();
    expect(data.html).toContain("<h2>How the ice grows</h2>");
    expect(data.html).toContain('<a href="https://data.example.org/ice">open ice dataset</a>');
    expect(data.html).not.toMatch(/class=|<script|cookie/);
    expect(data.text.split("\n")[0]).toMatch(/^Rivers in the far north freeze/);
    expect(data.text).not.toMatch(/[#*|[\]]/);
    expect(data.text).toContain("Lena 180");
    const link = (text: string) => data.links.find((candidate: any) => candidate.text === text);
    expect(link("open ice dataset")).toEqual({
      url: "https://data.example.org/ice",
      text: "open ice dataset",
      internal: false,
      in_main_content: true,
      rel: null,
    });
    expect(link("Sport")).toMatchObject({
      url: "https://news.page.example/sport",
      internal: true,
      in_main_content: false,
    });
    expect(data.links.some((candidate: any) => candidate.url.startsWith("mailto:"))).toBe(false);
    expect(data.metadata).toMatchObject({
      title: "Rivers of the north",
      description: "Why northern rivers freeze from the top.",
      language: "en-GB",
      canonical_url: "https://news.page.example/world/rivers-of-the-north",
      published_at: "2026-10-02T08:00:00Z",
      modified_at: "2026-10-03T09:00:00Z",
      author: "Ada Fielding",
      opengraph: { title: "Rivers of the north", type: "article" },
    });
    expect(data.metadata.json_ld[0]["@type"]).toBe("NewsArticle");
  });

  it("converts the whole page with only_main_content=false, and explains its choice with explain=true", async () => {
    serveSite(HOST, ARTICLE);
    const whole = await json(await call(pageOf(HOST, "&formats=text&only_main_content=false"), withKey(secret)));
    expect(whole.data.text).toContain("Related stories");
    expect(whole.data.text).toContain("Copyright 2026");
    serveSite(HOST, ARTICLE);
    const explained = await json(await call(pageOf(HOST, "&explain=true"), withKey(secret)));
    expect(explained.data.explain.method).toBe("main content");
    expect(explained.data.explain.container).toMatch(/story/);
    expect(explained.data.explain.container).toBe("div.story-body");
    expect(explained.data.explain.runners_up[0].container).toBe("article.story");
    expect(explained.data.explain.removed).toEqual({ 'class or id "newsletter"': 1, "a picture's caption": 1 });
    expect(explained.data.markdown).not.toContain("river report");
  });

  it("cuts a format at max_characters on a line and says so", async () => {
    serveSite(HOST, ARTICLE);
    const { data } = await json(await call(pageOf(HOST, "&formats=markdown,text&max_characters=300"), withKey(secret)));
    expect(data.markdown.length).toBeLessThanOrEqual(300);
    expect(data.text.length).toBeLessThanOrEqual(300);
    expect(data.truncated).toBe(true);
    expect(data.truncated_formats).toEqual(["markdown", "text"]);
  });

  it("reads a replica marketplace's product page: its description, not its menus or customers' reviews", async () => {
    const asked = serveReplicas();
    const product = replicaProducts("amazon")[0]!;
    const url = `${REPLICA}/amazon/dp/${product.id}`;
    const response = await callApp(
      createApp(),
      `/v1/page?url=${encodeURIComponent(url)}&engine=fetch&fresh=true&formats=markdown,links`,
      withKey(secret),
      { ...env, REPLICA_ORIGIN: REPLICA },
    );
    const body = await json(response);
    expect(response.status, JSON.stringify(body.error)).toBe(200);
    expect(asked).toContain(`amazon /dp/${product.id}`);
    expect(body.data.markdown).toContain("Designed for people who want it to");
    expect(body.data.markdown).not.toContain("found this helpful");
    expect(body.meta.completeness.content_characters).toBeGreaterThan(100);
    expect(body.data.links.length).toBeGreaterThan(0);
    expect(body.data.links.every((link: any) => /^https?:\/\//.test(link.url))).toBe(true);
  });
});

describe("GET /v1/page trust contract", () => {
  it("answers a challenge page upstream_blocked and does not charge it", async () => {
    const { secret: own } = await newAccount({ plan: "pro" });
    const challenges = Object.values(
      import.meta.glob<{ challengePage(platform: string, returnTo: string): string }>(
        "../../../replicas/challenge.ts",
        {
          eager: true,
        },
      ),
    )[0]!;
    serveSite(HOST, challenges.challengePage("amazon", "/"));
    const before = await monthUsed(own);
    const response = await call(pageOf(HOST), withKey(own));
    const body = await json(response);
    expect(response.status).toBe(502);
    expect(body.error.code).toBe("upstream_blocked");
    expect(body.meta.charged).toBe(false);
    expect(await monthUsed(own)).toBe(before);
  });

  it("answers an empty shell no_data and does not charge it", async () => {
    const { secret: own } = await newAccount({ plan: "pro" });
    serveSite(
      HOST,
      `<html><head><title>App</title><script src="/app.js"></script></head><body><div id="root"></div></body></html>`,
    );
    const before = await monthUsed(own);
    const response = await call(pageOf(HOST), withKey(own));
    const body = await json(response);
    expect(response.status).toBe(422);
    expect(body.error.code).toBe("no_data");
    expect(body.error.message).toMatch(/engine=browser/);
    expect(await monthUsed(own)).toBe(before);
  });
});

describe("GET /v1/page input", () => {
  it.each([
    ["/v1/page?formats=markdown", /url is required/],
    [`/v1/page?url=https://${HOST}/&formats=markdown,pdf`, /unknown format `pdf`.*markdown, html, text/],
    [`/v1/page?url=https://${HOST}/&max_characters=5`, /max_characters/],
    ["/v1/page?url=ftp://files.example/a", /http/],
    [`/v1/page?url=https://${HOST}/&formats=markdown,text&cursor=10`, /cursor.*exactly one of markdown, html or text/],
    [`/v1/page?url=https://${HOST}/&wait_for=article&engine=fetch`, /wait_for need the browser: use engine=browser/],
    [`/v1/page?url=https://${HOST}/&formats=screenshot&engine=fetch`, /screenshot need the browser/],
    [`/v1/page?url=https://${HOST}/&wait_for=20000`, /wait_for is at most 10000 milliseconds/],
  ])("%s is a 400 that says what to fix", async (path, sentence) => {
    const response = await call(path, withKey(secret));
    const body = await json(response);
    expect(response.status).toBe(400);
    expect(body.error.code).toBe("invalid_request");
    expect(JSON.stringify(body.error)).toMatch(sentence);
  });

  it.each([
    "http://10.0.0.1/",
    "http://192.168.1.1/admin",
    "http://10.0.0.5.nip.io/",
  ])("refuses %s, which points inward", async (target) => {
    const response = await call(`/v1/page?url=${encodeURIComponent(target)}&fresh=true`, withKey(secret));
    const body = await json(response);
    expect(response.status).toBe(400);
    expect(body.error.message).toMatch(/private|inward|resolves/);
  });

  it("needs a key with products:read", async () => {
    expect((await call(pageOf(HOST))).status).toBe(401);
  });
});
