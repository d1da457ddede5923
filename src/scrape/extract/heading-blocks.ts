// The page's main heading and the blocks around it, where its buy box sits: the heading's parent and
// up to `levels` ancestors beyond it, never the body, which holds every rail of other products.
import { visibleText, type HTMLElement } from "./dom";
import { selectAll } from "./select";

// What frames a page rather than showing its product, and may carry an <h1> of its own: the menus
// ("Shop By Department"), the site's own header (its logo), the footer, sign-in and newsletter dialogs.
const CHROME_TAGS = new Set(["NAV", "MENU", "FOOTER", "DIALOG"]);
const CHROME_ROLES = new Set(["navigation", "dialog", "alertdialog", "banner", "contentinfo"]);
const DIALOG_CLASS = /(?:^|\s)modal(?:\s|$)/i;

/** Whether `element` sits in the page's frame: a menu, footer or dialog, or a header outside the main content. */
function inPageChrome(element: HTMLElement): boolean {
  let inHeader = false;
  for (let node = element.parentNode; node?.tagName; node = node.parentNode) {
    const tag = node.tagName;
    if (CHROME_TAGS.has(tag) || CHROME_ROLES.has(node.getAttribute("role") ?? "")) return true;
    if (DIALOG_CLASS.test(node.getAttribute("class") ?? "")) return true;
    // A header inside the main content or an article is the product's own ("<header><h1>Name</h1>").
    if (tag === "HEADER") inHeader = true;
    if (tag === "MAIN" || tag === "ARTICLE") inHeader = false;
  }
  return inHeader;
}

/** The page's `<h1>` that names what it shows: the first outside the page's frame, else the first with text. */
export function mainHeading(root: HTMLElement): HTMLElement | null {
  const headings = selectAll(root, "h1").filter((heading) => visibleText(heading));
  return headings.find((heading) => !inPageChrome(heading)) ?? headings[0] ?? null;
}

/** From the heading's own block outward; empty when the page has no `<h1>`. */
export function headingBlocks(root: HTMLElement, levels: number): HTMLElement[] {
  const blocks: HTMLElement[] = [];
  let block = mainHeading(root)?.parentNode ?? null;
  for (let level = 0; block && level < levels; level++, block = block.parentNode) {
    if (block === root || block.tagName === "BODY" || block.tagName === "HTML") break;
    blocks.push(block);
  }
  return blocks;
}
