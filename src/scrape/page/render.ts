// The chosen elements as Markdown (CommonMark with GitHub tables) or as plain text, one block a line.
// Written by hand over the project's tree: the Markdown libraries either need a DOM library (turndown)
// or parse the page again (node-html-markdown), each costing more than the whole extraction here.
import { NodeType, type HTMLElement, type Node } from "node-html-parser";
import { absoluteUrl, textOf } from "../extract/dom";
import { parseTree } from "../extract/tree";
import { attributeValue } from "../extract/tree-nodes";
import { BLOCK_TAGS, isElement, isUnshown } from "./elements";
import { tableOf } from "./tables";

export type RenderMode = "markdown" | "text";

export interface RenderContext {
  mode: RenderMode;
  /** The page's address, against which links and images resolve. */
  base: string;
  /** Whether an element and everything in it is left out. */
  skip(element: HTMLElement): boolean;
}

const BREAK = "\n\n";
const SPACES = /[\s\u00a0]+/g;
/**
 * Soft hyphens, zero-width spaces, word joiners and byte-order marks: invisible, yet they split words for any reader
 * of the text. The zero-width non-joiner and joiner stay: they shape letters of Persian and Indic words
 * ("اصلاح‌طلبان") and join emoji sequences.
 */
const INVISIBLE = /[\u00ad\u200b\u2060\ufeff]/g;
const FENCE = /^\s*(```+|~~~+)/;

/** Lines trimmed, blank runs collapsed to one, except inside fenced code. */
export function tidy(text: string): string {
  const out: string[] = [];
  let fence: string | null = null;
  let blank = false;
  for (const raw of text.split("\n")) {
    const marker = FENCE.exec(raw)?.[1];
    if (fence) {
      out.push(raw.replace(/\s+$/, ""));
      if (marker?.startsWith(fence)) fence = null;
      continue;
    }
    const line = raw.trim();
    if (marker) fence = marker;
    if (line === "") {
      if (!blank && out.length > 0) out.push("");
      blank = true;
      continue;
    }
    blank = false;
    out.push(marker ? raw.replace(/\s+$/, "") : line);
  }
  while (out.at(-1) === "") out.pop();
  return out.join("\n");
}

const escapeInline = (text: string) => text.replace(/([\\`*[\]])/g, "\\$1").replace(/(^|\s)_|_(?=\s|$)/g, "$1\\_");
/** A paragraph's first characters that Markdown would read as a heading, quote, list or rule. */
const BLOCK_START = /^(#{1,6}\s|>|[-+*]\s|\d+[.)]\s|={3,}|-{3,})/;

const imageSource = (image: HTMLElement) =>
  attributeValue(image, "src") ??
  attributeValue(image, "data-src") ??
  attributeValue(image, "data-lazy-src") ??
  attributeValue(image, "srcset")?.trim().split(/\s+/)[0];

/**
 * The nodes inside a `pre` and the context to read them in: the parser keeps a `pre`'s body as one
 * text (markup and all, as it does a script's), so the markup of highlighted code or of cross-reference
 * links is parsed here, once per `pre`. Those elements were never counted or judged as furniture,
 * so of them only what no reader sees is left out.
 */
export function preContent(pre: HTMLElement, context: RenderContext): { nodes: Node[]; context: RenderContext } {
  const [only] = pre.childNodes;
  if (pre.childNodes.length !== 1 || only?.nodeType !== NodeType.TEXT_NODE || !only.rawText.includes("<"))
    return { nodes: pre.childNodes, context };
  return { nodes: parseTree(only.rawText).childNodes, context: { ...context, skip: isUnshown } };
}

/** Text with its whitespace as written, for `pre`. */
function rawText(node: Node, context: RenderContext): string {
  if (node.nodeType === NodeType.TEXT_NODE) return textOf(node).replace(INVISIBLE, "");
  if (!isElement(node) || context.skip(node)) return "";
  if (node.tagName === "BR") return "\n";
  return node.childNodes.map((child) => rawText(child, context)).join("");
}

function indent(text: string, first: string, rest: string): string {
  return text
    .split("\n")
    .map((line, index) => (index === 0 ? first : line ? rest : "") + line)
    .join("\n");
}

function renderList(list: HTMLElement, context: RenderContext): string {
  const ordered = list.tagName === "OL";
  let number = Number(list.getAttribute("start") ?? 1) || 1;
  const items: string[] = [];
  for (const item of list.childNodes) {
    if (!isElement(item) || context.skip(item)) continue;
    const inner = tidy(item.tagName === "LI" ? renderChildren(item, context) : renderNode(item, context));
    if (!inner) continue;
    if (context.mode === "text") items.push(inner);
    else {
      const marker = ordered ? `${number++}. ` : "- ";
      items.push(indent(inner, marker, " ".repeat(marker.length)));
    }
  }
  return BREAK + items.join("\n") + BREAK;
}

function renderTable(table: HTMLElement, context: RenderContext): string {
  const rows = tableOf(table, context, (cell) => tidy(renderChildren(cell, context)).replace(/\n+/g, " "));
  // A table laid out as the page's grid, not data: its cells are blocks in reading order.
  if (!rows) return BREAK + renderChildren(table, context) + BREAK;
  if (rows.length === 0) return "";
  if (context.mode === "text") return BREAK + rows.map((row) => row.join(" ")).join("\n") + BREAK;
  const width = Math.max(...rows.map((row) => row.length));
  const line = (cells: string[]) =>
    `| ${Array.from({ length: width }, (_, at) => (cells[at] ?? "").replace(/\|/g, "\\|")).join(" | ")} |`;
  const [head, ...body] = rows;
  return BREAK + [line(head!), line(Array(width).fill("---")), ...body.map(line)].join("\n") + BREAK;
}

function renderLink(link: HTMLElement, context: RenderContext): string {
  const inner = renderChildren(link, context);
  const href = absoluteUrl(attributeValue(link, "href"), context.base);
  if (context.mode === "text" || !href || !inner.trim()) return inner;
  // A link around blocks (a card) keeps its blocks; the link goes on its first line.
  if (inner.includes(BREAK)) return inner;
  return `[${inner.trim()}](${href.replace(/\)/g, "%29").replace(/ /g, "%20")})`;
}

function renderImage(image: HTMLElement, context: RenderContext): string {
  if (context.mode === "text") return "";
  const src = absoluteUrl(imageSource(image), context.base);
  if (!src) return "";
  const alt = (attributeValue(image, "alt") ?? "").replace(SPACES, " ").replace(/[[\]]/g, "").trim();
  return `![${alt}](${src.replace(/\)/g, "%29").replace(/ /g, "%20")})`;
}

function wrapInline(inner: string, mark: string, context: RenderContext): string {
  if (context.mode === "text") return inner;
  const trimmed = inner.trim();
  if (!trimmed || inner.includes(BREAK)) return inner;
  const lead = inner.startsWith(" ") ? " " : "";
  const trail = inner.endsWith(" ") ? " " : "";
  return `${lead}${mark}${trimmed}${mark}${trail}`;
}

function renderPre(pre: HTMLElement, context: RenderContext): string {
  const { nodes: content, context: inside } = preContent(pre, context);
  const code = content
    .map((node) => rawText(node, inside))
    .join("")
    .replace(/^\n/, "")
    .replace(/\s+$/, "");
  if (!code) return "";
  if (context.mode === "text") return BREAK + code + BREAK;
  const codeElement = content.find(isElement);
  const language = /(?:lang(?:uage)?-)(\w[\w+-]*)/.exec(
    `${attributeValue(pre, "class") ?? ""} ${codeElement ? (attributeValue(codeElement, "class") ?? "") : ""}`,
  )?.[1];
  const fence = "`".repeat(Math.max(3, ...[...code.matchAll(/`{3,}/g)].map((run) => run[0].length + 1)));
  return `${BREAK}${fence}${language ?? ""}\n${code}\n${fence}${BREAK}`;
}

/** Blocks whose every line gets a prefix, so their lines are tidied first. */
const PREFIXED = new Set(["H1", "H2", "H3", "H4", "H5", "H6", "BLOCKQUOTE", "DT"]);

function renderBlock(element: HTMLElement, context: RenderContext): string {
  const raw = renderChildren(element, context);
  if (!/\S/.test(raw)) return "";
  const tag = element.tagName;
  if (context.mode === "text" || !PREFIXED.has(tag)) {
    const start = raw.trimStart();
    if (tag === "P" && context.mode === "markdown" && BLOCK_START.test(start)) return `${BREAK}\\${start}${BREAK}`;
    return BREAK + raw + BREAK;
  }
  const inner = tidy(raw);
  if (tag === "BLOCKQUOTE") return BREAK + indent(inner, "> ", "> ").replace(/\n(?=\n)/g, "\n>") + BREAK;
  if (tag === "DT") return `${BREAK}**${inner.replace(/\n+/g, " ")}**${BREAK}`;
  return `${BREAK}${"#".repeat(Number(tag[1]))} ${inner.replace(/\n+/g, " ")}${BREAK}`;
}

function renderNode(node: Node, context: RenderContext): string {
  if (node.nodeType === NodeType.TEXT_NODE) {
    const text = textOf(node).replace(INVISIBLE, "").replace(SPACES, " ");
    return context.mode === "markdown" ? escapeInline(text) : text;
  }
  if (!isElement(node) || context.skip(node)) return "";
  switch (node.tagName) {
    case "BR":
      return "\n";
    case "HR":
      return context.mode === "markdown" ? `${BREAK}---${BREAK}` : BREAK;
    case "PRE":
      return renderPre(node, context);
    case "UL":
    case "OL":
      return renderList(node, context);
    case "TABLE":
      return renderTable(node, context);
    case "A":
      return renderLink(node, context);
    case "IMG":
      return renderImage(node, context);
    case "STRONG":
    case "B":
      return wrapInline(renderChildren(node, context), "**", context);
    case "EM":
    case "I":
      return wrapInline(renderChildren(node, context), "*", context);
    case "CODE":
    case "KBD":
    case "SAMP":
      return context.mode === "markdown" ? `\`${rawText(node, context).replace(/`/g, "'")}\`` : rawText(node, context);
  }
  return BLOCK_TAGS.has(node.tagName) ? renderBlock(node, context) : renderChildren(node, context);
}

export function renderChildren(element: HTMLElement, context: RenderContext): string {
  let out = "";
  for (const child of element.childNodes) out += renderNode(child, context);
  return out;
}

/** The elements, in order, as one Markdown document or one plain text. */
export function render(parts: HTMLElement[], context: RenderContext): string {
  return tidy(parts.map((part) => renderNode(part, context)).join(BREAK));
}
