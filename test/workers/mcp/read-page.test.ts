// The MCP tool read_page over a long article stood in for by `fetch`: each call answers at most the
// characters asked for, and following `cursor` reads the whole page once, in order.
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { call, newAccount, serveSite } from "../helpers";

vi.setConfig({ testTimeout: 30_000 });
afterEach(() => vi.restoreAllMocks());

const HOST = "docs.page.example";
const SECTIONS = Array.from({ length: 24 }, (_, n) => n + 1);
const LONG_PAGE = `<!doctype html><html lang="en"><head><title>The long guide</title></head><body>
<nav><a href="/">Home</a> <a href="/guides">Guides</a></nav>
<article class="post-content">${SECTIONS.map(
  (n) =>
    `<h2>Part ${n}</h2><p>Paragraph ${n} explains, in plain words, how step ${n} of the long guide follows from the step before it, and why it matters for the next one.</p>`,
).join("\n")}</article><footer>Footer text of the site.</footer></body></html>`;

let rpcId = 0;
async function readPage(secret: string, args: object) {
  const response = await call("/mcp", {
    method: "POST",
    headers: {
      "Content-Type": "application/json",
      Accept: "application/json, text/event-stream",
      Authorization: `Bearer ${secret}`,
    },
    body: JSON.stringify({
      jsonrpc: "2.0",
      id: ++rpcId,
      method: "tools/call",
      params: { name: "read_page", arguments: args },
    }),
  });
  expect(response.status).toBe(200);
  return ((await response.json()) as any).result;
}

let secret: string;
beforeAll(async () => {
  ({ secret } = await newAccount({ plan: "enterprise" }));
});

describe("the read_page tool", () => {
  it("pages a long document by max_characters and cursor, never answering more Markdown than asked", async () => {
    const url = `https://${HOST}/guides/long`;
    const parts: string[] = [];
    let cursor: number | undefined;
    for (let calls = 0; calls < 20; calls++) {
      serveSite(HOST, LONG_PAGE);
      const result = await readPage(secret, { url, max_characters: 500, ...(cursor === undefined ? {} : { cursor }) });
      expect(result.isError, JSON.stringify(result.content)).toBeUndefined();
      const { markdown, next_cursor } = result.structuredContent.data;
      expect(markdown.length).toBeLessThanOrEqual(500);
      // One text for the agent: the Markdown itself, and where to read on.
      expect(result.content).toHaveLength(1);
      expect(result.content[0].text.startsWith(markdown)).toBe(true);
      parts.push(markdown);
      if (next_cursor === null) break;
      expect(result.content[0].text).toContain(`cursor=${next_cursor}`);
      cursor = next_cursor;
      vi.restoreAllMocks();
    }
    expect(parts.length).toBeGreaterThan(5);
    const whole = parts.join("\n");
    expect(whole.startsWith("# The long guide")).toBe(true);
    for (const n of SECTIONS) expect(whole.match(new RegExp(`## Part ${n}\\n`, "g")), `part ${n}`).toHaveLength(1);
    expect(whole).not.toMatch(/Footer text|Guides/);
  });

  it("holds max_characters to its maximum through the tool", async () => {
    const result = await readPage(secret, { url: `https://${HOST}/x`, max_characters: 500_000 });
    expect(result.isError).toBe(true);
    expect(result.content[0].text).toMatch(/max_characters.*at most 100000/);
  });
});
