// Reads one JSON value out of text that holds more than JSON (inline scripts,
// blocks with trailing junk). Hand-written: JSON.parse needs the exact slice, and
// no installed library finds where a value embedded in JavaScript ends.
import { MAX_PAGE_JSON_CHARS } from "../page-limits";

/** The first JSON object or array in `text`, or undefined when none parses (or it is too long to parse). */
export function firstJsonValue(text: string): unknown {
  const trimmed = text.trim();
  try {
    if (trimmed.length <= MAX_PAGE_JSON_CHARS) return JSON.parse(trimmed);
  } catch {
    // Not JSON as a whole: look for the first value in it.
  }
  const start = trimmed.search(/[{[]/);
  return start < 0 ? undefined : jsonValueAt(trimmed, start);
}

/** The JSON object or array starting at `start` (a `{` or `[`), read up to its balanced end. */
export function jsonValueAt(text: string, start: number): unknown {
  return jsonSpanAt(text, start).value;
}

/**
 * The value starting at `start` and where it ends (-1 when it never closes), so a reader can go on after
 * it. `repair` tries again without comments and trailing commas (hand-written blocks); a script's
 * serialised state needs none, and repairing a long JavaScript literal that is no JSON costs its length.
 */
export function jsonSpanAt(text: string, start: number, repair = true): { value: unknown; end: number } {
  const end = balancedEnd(text, start);
  if (end < 0 || end - start >= MAX_PAGE_JSON_CHARS) return { value: undefined, end };
  const slice = text.slice(start, end + 1);
  try {
    return { value: JSON.parse(slice), end };
  } catch {
    if (!repair) return { value: undefined, end };
    try {
      return { value: JSON.parse(repairJson(slice)), end };
    } catch {
      return { value: undefined, end };
    }
  }
}

/** The JSON value assigned after `marker` (e.g. `"colorImages":`), or undefined. */
export function jsonAfter(text: string, marker: string | RegExp): unknown {
  const match = markerEnd(text, marker);
  if (!match) return undefined;
  const start = text.slice(match.end).search(/[{[]/);
  return start < 0 ? undefined : jsonValueAt(text, match.end + start);
}

function markerEnd(text: string, marker: string | RegExp): { end: number } | null {
  if (typeof marker !== "string") {
    const found = marker.exec(text);
    return found ? { end: found.index + found[0].length } : null;
  }
  const index = text.indexOf(marker);
  return index < 0 ? null : { end: index + marker.length };
}

function balancedEnd(text: string, start: number): number {
  let depth = 0;
  let inString = false;
  for (let i = start; i < text.length; i++) {
    const ch = text[i];
    if (inString) {
      if (ch === "\\") i++;
      else if (ch === '"') inString = false;
    } else if (ch === '"') inString = true;
    else if (ch === "{" || ch === "[") depth++;
    else if (ch === "}" || ch === "]") {
      depth--;
      if (depth === 0) return i;
    }
  }
  return -1;
}

/**
 * The defects hand-written blocks carry, repaired outside strings: raw line breaks and tabs inside
 * strings escaped, JavaScript comments (`// category`, `/* … *\/`) and trailing commas dropped.
 */
function repairJson(json: string): string {
  let out = "";
  let inString = false;
  for (let i = 0; i < json.length; i++) {
    const ch = json[i]!;
    if (inString) {
      if (ch === "\\") {
        out += ch + (json[i + 1] ?? "");
        i++;
        continue;
      }
      if (ch === '"') inString = false;
      out += ch < " " ? `\\u${ch.charCodeAt(0).toString(16).padStart(4, "0")}` : ch;
      continue;
    }
    if (ch === "/" && json[i + 1] === "/") {
      const end = json.indexOf("\n", i);
      i = end < 0 ? json.length : end - 1;
      continue;
    }
    if (ch === "/" && json[i + 1] === "*") {
      const end = json.indexOf("*/", i + 2);
      i = end < 0 ? json.length : end + 1;
      continue;
    }
    if (ch === "," && /[}\]]/.test(json[nextSignificant(json, i + 1)] ?? "")) continue;
    if (ch === '"') inString = true;
    out += ch;
  }
  return out;
}

/** Where the next character that is neither space nor inside a comment stands. */
function nextSignificant(json: string, from: number): number {
  let i = from;
  while (i < json.length) {
    if (/\s/.test(json[i]!)) i++;
    else if (json.startsWith("//", i)) i = json.indexOf("\n", i) < 0 ? json.length : json.indexOf("\n", i);
    else if (json.startsWith("/*", i)) i = json.indexOf("*/", i) < 0 ? json.length : json.indexOf("*/", i) + 2;
    else return i;
  }
  return i;
}

/** `value.a.b[0].c` without throwing on a missing step; undefined when the path breaks. */
export function dig(value: unknown, ...path: (string | number)[]): unknown {
  let current = value;
  for (const step of path) {
    if (current === null || typeof current !== "object") return undefined;
    current = (current as Record<string | number, unknown>)[step];
  }
  return current;
}

/** The JSON body of `<script id="…">` (e.g. Next.js `__NEXT_DATA__`), or undefined. */
export function scriptJson(html: string, id: string): unknown {
  const open = new RegExp(`<script[^>]*\\bid=["']?${id}["']?[^>]*>`, "i").exec(html);
  if (!open) return undefined;
  const start = open.index + open[0].length;
  const end = html.indexOf("</script>", start);
  return end < 0 ? undefined : firstJsonValue(html.slice(start, end));
}

/** A JSON value as trimmed text (numbers included), or null. */
export function asText(value: unknown): string | null {
  if (typeof value === "number" && Number.isFinite(value)) return String(value);
  return typeof value === "string" && value.trim() ? value.trim() : null;
}

/** A JSON value as a finite number (numeric strings included), or null. */
export function asNumber(value: unknown): number | null {
  const number = typeof value === "string" && value.trim() ? Number(value) : value;
  return typeof number === "number" && Number.isFinite(number) ? number : null;
}

/** A JSON value as an array of objects (anything else is an empty list). */
export function asList(value: unknown): Record<string, unknown>[] {
  return Array.isArray(value)
    ? value.filter((item): item is Record<string, unknown> => typeof item === "object" && item !== null)
    : [];
}
