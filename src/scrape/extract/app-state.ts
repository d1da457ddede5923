// The application state a page ships beside its markup, as JSON values: Next.js `__NEXT_DATA__` and
// other JSON islands, `window.X = {…}` / `var X = {…}` assignments (Redux, Apollo, Remix, Nuxt payloads,
// a shop's own), analytics `dataLayer.push({…})` events, and Nuxt 3's `__NUXT_DATA__` in its
// index-linked form. Which of their objects is the product is decided by shape (state-product.ts).
import type { HTMLElement } from "./dom";
import { firstJsonValue, jsonSpanAt } from "./json-text";
import { selectAll } from "./select";

// Where a value starts in a script: after an assignment to a name or property, as a pushed or merged
// argument (`dataLayer.push({`, `Object.assign(window.__STATE__, {`), or as a named event's properties
// (`analytics.track("Viewed Product", {`: Segment's and Shopify's product events).
const VALUE_START =
  /(?:[\w$\]'"]\s*=(?!=)|\.push\(|Object\.assign\([^,()]{1,80},|\.track\(\s*"[\w ]{1,40}",)\s*(?=[{[])/g;
// How a JSON object or array opens: a quoted key or an empty object; a quoted string, number, literal or nested value.
const JSON_START = /^(?:\{\s*(?:"|\})|\[\s*(?:["{[\]\d-]|true|false|null))/;
// A script worth reading names a price somewhere; the rest (trackers, polyfills, bundles) is skipped.
const PRICED = /price/i;

/** Every state value the page's inline scripts hold, in page order. */
export function stateValues(root: HTMLElement): unknown[] {
  const values: unknown[] = [];
  for (const script of selectAll(root, "script")) {
    const type = (script.getAttribute("type") ?? "").toLowerCase();
    if (type.includes("ld+json") || script.getAttribute("src")) continue;
    const text = script.rawText;
    if (!PRICED.test(text)) continue;
    if (type.includes("json")) {
      const value = firstJsonValue(text);
      values.push(script.getAttribute("id") === "__NUXT_DATA__" ? hydrateIndexed(value) : value);
    } else values.push(...assignedValues(text));
  }
  return values.filter((value) => value !== undefined && value !== null);
}

/** The JSON values a script assigns or pushes; a value that is JavaScript rather than JSON is skipped. */
export function assignedValues(script: string): unknown[] {
  const values: unknown[] = [];
  VALUE_START.lastIndex = 0;
  for (let match = VALUE_START.exec(script); match; match = VALUE_START.exec(script)) {
    const start = match.index + match[0].length;
    // A JavaScript literal (`{foo: 1}`, `[a, b]`) is no JSON: passed over before it is scanned.
    if (!JSON_START.test(script.slice(start, start + 40))) continue;
    const { value, end } = jsonSpanAt(script, start, false);
    if (value !== undefined) values.push(value);
    // Go on after the value, so its inner objects are not read again as values of their own.
    if (end > start) VALUE_START.lastIndex = end;
  }
  return values;
}

// Nuxt 3 (devalue) payloads: a flat array whose first entry is the root and whose objects and arrays
// hold indices into it; a wrapper names its type first (`["Reactive", 3]`). Negative indices are holes.
const WRAPPERS = new Set(["Reactive", "ShallowReactive", "Ref", "ShallowRef", "EmptyRef", "EmptyShallowRef"]);
const MAX_HYDRATED = 50_000;

/** A `__NUXT_DATA__` array read back into plain objects; anything else is returned as it came. */
export function hydrateIndexed(payload: unknown): unknown {
  if (!Array.isArray(payload) || payload.length === 0) return payload;
  const done = new Map<number, unknown>();
  let budget = MAX_HYDRATED;
  const at = (index: unknown): unknown => {
    if (typeof index !== "number" || index < 0 || index >= payload.length || budget-- <= 0) return null;
    if (done.has(index)) return done.get(index);
    const raw = payload[index];
    if (Array.isArray(raw)) {
      if (typeof raw[0] === "string" && WRAPPERS.has(raw[0])) return at(raw[1]);
      if (typeof raw[0] === "string") return null; // Date, Set, Map and the like carry no product field.
      const list: unknown[] = [];
      done.set(index, list);
      for (const item of raw) list.push(at(item));
      return list;
    }
    if (raw && typeof raw === "object") {
      const object: Record<string, unknown> = {};
      done.set(index, object);
      for (const [key, item] of Object.entries(raw)) object[key] = at(item);
      return object;
    }
    return raw;
  };
  return at(0);
}
