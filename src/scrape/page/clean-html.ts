// The chosen elements as clean HTML: the structure kept (headings, paragraphs, lists, tables, quotes,
// code, figures, links, images), every attribute dropped but addresses (made absolute) and a few
// that carry meaning; classes, styles, scripts and event handlers gone.
import { NodeType, type HTMLElement, type Node } from "node-html-parser";
import { absoluteUrl, textOf } from "../extract/dom";
import { attributeValue } from "../extract/tree-nodes";
import { BLOCK_TAGS, isElement } from "./elements";
import { preContent, type RenderContext } from "./render";

const KEPT_TAGS = new Set(
  (
    "a abbr b blockquote br caption cite code dd del dl dt em figcaption figure h1 h2 h3 h4 h5 h6 hr i img ins kbd " +
    "li mark ol p pre q s samp small strong sub sup table tbody td tfoot th thead time tr u ul"
  ).split(" "),
);
const VOID = new Set(["br", "hr", "img"]);
const KEPT_ATTRIBUTES = ["alt", "title", "colspan", "rowspan", "datetime", "lang", "start"];

const escapeText = (text: string) => text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
const escapeAttribute = (text: string) => escapeText(text).replace(/"/g, "&quot;");

function attributesOf(element: HTMLElement, tag: string, base: string): string {
  let out = "";
  if (tag === "a") {
    const href = absoluteUrl(attributeValue(element, "href"), base);
    if (href) out += ` href="${escapeAttribute(href)}"`;
  }
  if (tag === "img") {
    const src = absoluteUrl(attributeValue(element, "src") ?? attributeValue(element, "data-src"), base);
    if (!src) return "\0"; // an image with no address shows nothing
    out += ` src="${escapeAttribute(src)}"`;
  }
  for (const name of KEPT_ATTRIBUTES) {
    const value = attributeValue(element, name);
    if (value !== undefined) out += ` ${name}="${escapeAttribute(value)}"`;
  }
  return out;
}

function serialize(node: Node, context: RenderContext): string {
  if (node.nodeType === NodeType.TEXT_NODE) return escapeText(textOf(node));
  if (!isElement(node) || context.skip(node)) return "";
  const { nodes, context: inside } =
    node.tagName === "PRE" ? preContent(node, context) : { nodes: node.childNodes, context };
  const inner = nodes.map((child) => serialize(child, inside)).join("");
  // The parser leaves some broken markup as an element without a name: a container of what it holds.
  if (!node.tagName) return inner;
  const tag = node.tagName.toLowerCase();
  // Containers without meaning of their own (div, span, section…) give way to their content.
  if (!KEPT_TAGS.has(tag)) return BLOCK_TAGS.has(node.tagName) ? `\n${inner}\n` : inner;
  const attributes = attributesOf(node, tag, context.base);
  if (attributes === "\0") return "";
  if (VOID.has(tag)) return `<${tag}${attributes}>`;
  return `<${tag}${attributes}>${inner}</${tag}>`;
}

/** The elements, in order, as one HTML fragment. */
export function cleanHtml(parts: HTMLElement[], context: RenderContext): string {
  return parts
    .map((part) => serialize(part, context))
    .join("\n")
    .replace(/\n{3,}/g, "\n\n")
    .trim();
}
