// A table's rows of cells, when it holds data; null when it lays out the page (cells holding blocks).
import type { HTMLElement } from "node-html-parser";
import { isElement } from "./elements";

/** Children of a cell that make it a region of a layout rather than a datum. */
const LAYOUT_CHILDREN = new Set([
  "TABLE",
  "DIV",
  "UL",
  "OL",
  "H1",
  "H2",
  "H3",
  "H4",
  "H5",
  "H6",
  "PRE",
  "BLOCKQUOTE",
  "FORM",
]);
const SECTIONS = new Set(["THEAD", "TBODY", "TFOOT"]);

function rowsOf(table: HTMLElement): HTMLElement[] {
  const rows: HTMLElement[] = [];
  for (const child of table.childNodes) {
    if (!isElement(child)) continue;
    if (child.tagName === "TR") rows.push(child);
    else if (SECTIONS.has(child.tagName))
      rows.push(...child.childNodes.filter(isElement).filter((row) => row.tagName === "TR"));
  }
  return rows;
}

export function tableOf(
  table: HTMLElement,
  context: { skip(element: HTMLElement): boolean },
  cellText: (cell: HTMLElement) => string,
): string[][] | null {
  if (table.getAttribute("role") === "presentation") return null;
  const rows: string[][] = [];
  for (const row of rowsOf(table)) {
    if (context.skip(row)) continue;
    const cells = row.childNodes.filter(isElement).filter((cell) => cell.tagName === "TD" || cell.tagName === "TH");
    if (cells.some((cell) => cell.childNodes.some((child) => isElement(child) && LAYOUT_CHILDREN.has(child.tagName))))
      return null;
    const texts = cells.map((cell) => (context.skip(cell) ? "" : cellText(cell)));
    if (texts.some((text) => text !== "")) rows.push(texts);
  }
  // One column is a list laid out as a table.
  return rows.every((row) => row.length <= 1) && rows.length > 0 ? null : rows;
}
