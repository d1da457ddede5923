// Label / value tables (product details, item specifics, tech specs) read into `specs{}`.
import { cleanText, visibleText, type HTMLElement } from "./dom";
import { selectAll } from "./select";

export interface SpecSource {
  /** One row; a row may hold several label/value pairs (eBay's two-column item specifics). */
  rows: string;
  /** Label and value inside a row; without them the row's cells (th/td/dt/dd, else child elements) pair up in order. */
  key?: string;
  value?: string;
}

const CELL_TAGS = new Set(["TH", "TD", "DT", "DD"]);

/** "Publisher ‏ : ‎" → "Publisher". */
export function cleanLabel(text: string | null): string | null {
  return cleanText(text?.replace(/\s*:\s*$/, ""))?.replace(/\s*:$/, "") ?? null;
}

function pairsOf(row: HTMLElement, source: SpecSource): [string | null, string | null][] {
  if (source.key && source.value) {
    const keys = selectAll(row, source.key);
    const values = selectAll(row, source.value);
    return keys.map((key, index) => [cleanLabel(visibleText(key)), visibleText(values[index])]);
  }
  const children = row.childNodes.filter((node): node is HTMLElement => Boolean((node as HTMLElement).tagName));
  const tableCells = children.filter((child) => CELL_TAGS.has(child.tagName));
  const cells = tableCells.length > 0 ? tableCells : children;
  const pairs: [string | null, string | null][] = [];
  for (let index = 0; index + 1 < cells.length; index += 2) {
    pairs.push([cleanLabel(visibleText(cells[index])), visibleText(cells[index + 1])]);
  }
  return pairs;
}

/** Every label/value pair the sources find; the first value for a label wins. */
export function readSpecs(root: HTMLElement, sources: SpecSource[]): Record<string, string> {
  const specs: Record<string, string> = {};
  for (const source of sources) {
    for (const row of selectAll(root, source.rows)) {
      for (const [key, value] of pairsOf(row, source)) {
        if (key && value && !(key in specs)) specs[key] = value;
      }
    }
  }
  return specs;
}
