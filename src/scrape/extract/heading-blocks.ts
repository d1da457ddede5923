// The blocks around a page's main heading, where its buy box sits: the heading's parent and up to
// `levels` ancestors beyond it, never the body, which holds every rail of other products.
import type { HTMLElement } from "./dom";
import { selectOne } from "./select";

/** From the heading's own block outward; empty when the page has no `<h1>`. */
export function headingBlocks(root: HTMLElement, levels: number): HTMLElement[] {
  const blocks: HTMLElement[] = [];
  let block = selectOne(root, "h1")?.parentNode ?? null;
  for (let level = 0; block && level < levels; level++, block = block.parentNode) {
    if (block === root || block.tagName === "BODY" || block.tagName === "HTML") break;
    blocks.push(block);
  }
  return blocks;
}
