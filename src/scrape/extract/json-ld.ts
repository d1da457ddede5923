// JSON-LD blocks as real pages ship them: CDATA-wrapped, commented, with trailing
// junk or raw newlines inside strings. Invalid blocks are skipped, never fatal.
import { loadHtml, type HTMLElement } from "./dom";
import { firstJsonValue } from "./json-text";
import { selectAll } from "./select";
import { decodeReferences } from "./tree-nodes";

export type JsonLdNode = Record<string, unknown>;

/** Every JSON-LD object on the page, with arrays and `@graph` containers flattened. */
export function jsonLdNodes(html: string | HTMLElement): JsonLdNode[] {
  const root = typeof html === "string" ? loadHtml(html) : html;
  const nodes: JsonLdNode[] = [];
  for (const script of selectAll(root, "script")) {
    const type = (script.getAttribute("type") ?? "").toLowerCase();
    const texts = type.includes("ld+json") ? [script.rawText] : swallowedBlocks(script);
    for (const text of texts) {
      const value = parseJsonLdText(text);
      if (value !== undefined) flatten(value, nodes);
    }
  }
  return nodes;
}

// A JSON-LD block's opening tag, inside the text of a script that swallowed it.
const SWALLOWED_BLOCK = /<script[^>]*ld\+json[^>]*>([\s\S]*?)(?=<\/script>|<script|$)/gi;

/**
 * The JSON-LD blocks a script loaded by `src` swallowed: written `<script src=… />`, it runs on to the next
 * `</script>` (HTML ignores the slash), so the blocks after it are its text, which a browser never runs.
 */
function swallowedBlocks(script: HTMLElement): string[] {
  if (script.getAttribute("src") === undefined || !script.rawText.includes("ld+json")) return [];
  return [...script.rawText.matchAll(SWALLOWED_BLOCK)].map((match) => match[1]!);
}

/** Parses one script body, tolerating the wrappers pages put around JSON. */
export function parseJsonLdText(text: string): unknown {
  const cleaned = text
    .replace(/^\s*(?:\/\/\s*)?<!\[CDATA\[/, "")
    .replace(/(?:\/\/\s*)?\]\]>\s*$/, "")
    .replace(/^\s*<!--/, "")
    .replace(/-->\s*$/, "");
  return firstJsonValue(cleaned);
}

function flatten(value: unknown, into: JsonLdNode[]): void {
  if (Array.isArray(value)) {
    for (const item of value) flatten(item, into);
    return;
  }
  if (!isNode(value)) return;
  const graph = value["@graph"];
  if (graph !== undefined) flatten(graph, into);
  if (value["@type"] !== undefined || graph === undefined) into.push(value);
}

export function isNode(value: unknown): value is JsonLdNode {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** The node's types without schema.org prefixes, e.g. `["Product"]`. */
export function nodeTypes(node: JsonLdNode): string[] {
  const type = node["@type"];
  const list = Array.isArray(type) ? type : [type];
  return list.filter((t): t is string => typeof t === "string").map((t) => t.replace(/^https?:\/\/schema\.org\//i, ""));
}

/**
 * The first node whose `@type` (a string or an array) is one of `types` (case-insensitive):
 * top-level nodes first, then nodes nested inside them (eBay puts its Product under
 * `WebPage.mainEntity.offers.itemOffered`).
 */
export function findByType(nodes: JsonLdNode[], types: string[]): JsonLdNode | null {
  const wanted = new Set(types.map((t) => t.toLowerCase()));
  const matches = (node: JsonLdNode) => nodeTypes(node).some((t) => wanted.has(t.toLowerCase()));
  const queue: unknown[] = [...nodes];
  while (queue.length > 0) {
    const value = queue.shift();
    if (Array.isArray(value)) queue.push(...value);
    else if (isNode(value)) {
      if (matches(value)) return value;
      queue.push(...Object.values(value).filter((v) => typeof v === "object" && v !== null));
    }
  }
  return null;
}

/**
 * A property's value, its key matched as written or else in any case (`"AggregateRating"`, `"SKU"`):
 * pages written by hand capitalise keys the vocabulary spells in camel case.
 */
export function valueAt(node: JsonLdNode | null | undefined, key: string): unknown {
  if (!node) return undefined;
  const value = node[key];
  if (value !== undefined) return value;
  const lower = key.toLowerCase();
  for (const name in node) if (name.toLowerCase() === lower) return node[name];
  return undefined;
}

/** A property read as a node: the first object when it is an array. */
export function nodeAt(node: JsonLdNode | null | undefined, key: string): JsonLdNode | null {
  const value = valueAt(node, key);
  const first = Array.isArray(value) ? value.find(isNode) : value;
  return isNode(first) ? first : null;
}

/** A property read as text: strings and numbers as-is, `{name}` / `{@value}` objects by their text. */
export function textAt(node: JsonLdNode | null | undefined, key: string): string | null {
  return toText(valueAt(node, key));
}

function toText(value: unknown): string | null {
  // Some shops write their structured data's text HTML-escaped ("Motors&#xE4;ge"), as a reader never sees it.
  if (typeof value === "string") return decodeReferences(value).trim() || null;
  if (typeof value === "number" && Number.isFinite(value)) return String(value);
  if (Array.isArray(value)) return toText(value[0]);
  if (isNode(value)) return toText(value["name"] ?? value["@value"]);
  return null;
}

/** A property as a list of strings (for `image`, which may be a string, an array or ImageObjects). */
export function urlsAt(node: JsonLdNode | null | undefined, key: string): string[] {
  const value = valueAt(node, key);
  const list = Array.isArray(value) ? value : value === undefined ? [] : [value];
  return list
    .map((item) => (isNode(item) ? toText(item["url"] ?? item["contentUrl"]) : toText(item)))
    .filter((url): url is string => url !== null);
}
