// The page's main heading and the blocks around it, where its buy box sits: the heading's parent and
// up to `levels` ancestors beyond it, never the body, which holds every rail of other products.
import { cleanText, visibleText, type HTMLElement } from "./dom";
import { parseMoney } from "./money";
import { selectAll, selectOne } from "./select";

// What frames a page rather than showing its product, and may carry an <h1> of its own: the menus
// ("Shop By Department"), the site's own header (its logo) and the footer.
const FRAME_TAGS = new Set(["NAV", "MENU", "FOOTER"]);
const FRAME_ROLES = new Set(["navigation", "banner", "contentinfo"]);
// Sign-in, sign-up and newsletter dialogs: their heading is never the page's. A pop-up or lightbox a
// script opens is one too, by class or id ("welcome_email_popup", "monetate_lightbox", "a-popover-preload"),
// when it is a box of the page and not a wrapper of most of it ("popup-enabled" on the body, a gallery
// plug-in's "popup-gallery" around the whole product).
const DIALOG_ROLES = new Set(["dialog", "alertdialog"]);
const DIALOG_CLASS = /(?:^|\s)modal(?:\s|$)/i;
const POPUP_NAME = /popup|pop-up|popover|lightbox/i;
const PAGE_WRAPPERS = new Set(["BODY", "HTML", "MAIN", "ARTICLE"]);
// A pop-up holds at most this share of the page's source.
const MAX_POPUP_SHARE = 0.25;

/** Whether `node` is a pop-up box a script opens, not a wrapper of the page named for a plug-in. */
function isPopup(node: HTMLElement, pageLength: number): boolean {
  if (PAGE_WRAPPERS.has(node.tagName)) return false;
  if (!POPUP_NAME.test(`${node.getAttribute("class") ?? ""} ${node.id}`)) return false;
  return node.range[1] - node.range[0] <= MAX_POPUP_SHARE * pageLength;
}

type Place = "content" | "frame" | "dialog";

/** Where `element` sits: in a dialog, in the page's frame (a menu, footer, or header outside the main content), or in its content. */
function placeOf(element: HTMLElement, pageLength: number): Place {
  let place: Place = "content";
  let inHeader = false;
  for (let node = element.parentNode; node?.tagName; node = node.parentNode) {
    const tag = node.tagName;
    const role = node.getAttribute("role") ?? "";
    if (
      tag === "DIALOG" ||
      DIALOG_ROLES.has(role) ||
      DIALOG_CLASS.test(node.getAttribute("class") ?? "") ||
      isPopup(node, pageLength)
    )
      return "dialog";
    if (FRAME_TAGS.has(tag) || FRAME_ROLES.has(role)) place = "frame";
    // A header inside the main content or an article is the product's own ("<header><h1>Name</h1>").
    if (tag === "HEADER") inHeader = true;
    if (tag === "MAIN" || tag === "ARTICLE") inHeader = false;
  }
  return inHeader ? "frame" : place;
}

// A link to a site's home page: "/", "//www.shop.com/", "https://shop.com".
const HOME_LINK = /^(?:(?:https?:)?\/\/[^/?#]+)?\/?$/i;

/** An `<h1>` that is the site's logo: all its text a link to the home page ("<h1><a href=/>Shop</a></h1>"). */
function isLogo(heading: HTMLElement): boolean {
  const links = selectAll(heading, "a");
  return (
    links.length === 1 &&
    HOME_LINK.test(links[0]?.getAttribute("href")?.trim() ?? "") &&
    visibleText(links[0] ?? null) === visibleText(heading)
  );
}

/**
 * The element that names what the page shows: its first `<h1>` in the content (of several, the one whose
 * text opens the `<title>`, not a slogan set above it), else the first in its frame (never a dialog's), else
 * the element whose text is its og:title or the `<h2>` that opens its `<title>`, else a logo's `<h1>`, which
 * names the site ("Magento Commerce") before any item.
 */
export function mainHeading(root: HTMLElement): HTMLElement | null {
  // The price, stock, rating and id readers each ask; a page without an <h1> is searched once, not by each.
  if (!headings.has(root)) headings.set(root, findMainHeading(root));
  return headings.get(root)!;
}

const headings = new WeakMap<HTMLElement, HTMLElement | null>();

/**
 * An `<h1>` that announces an offer of the shop ("Free Standard Shipping above $35"): an amount in it and none of
 * its words in the `<title>`, which names the item. A name with its price ("iPhone 15 – $799") shares the title's words.
 */
function announcesOffer(root: HTMLElement, heading: HTMLElement): boolean {
  const text = visibleText(heading) ?? "";
  if (!parseMoney(text)?.currency) return false;
  const title = cleanText(selectOne(root, "title")?.text)?.toLowerCase() ?? "";
  const words = text.toLowerCase().match(/\p{L}{3,}/gu) ?? [];
  return !words.some((word) => title.includes(word));
}

function findMainHeading(root: HTMLElement): HTMLElement | null {
  const pageLength = root.range[1] - root.range[0];
  const placed = selectAll(root, "h1")
    .filter((heading) => visibleText(heading) && !announcesOffer(root, heading))
    .map((heading) => ({ heading, place: isLogo(heading) ? "frame" : placeOf(heading, pageLength) }));
  const inContent = placed.filter(({ place }) => place === "content").map(({ heading }) => heading);
  const inFrame = placed.filter(({ place }) => place === "frame").map(({ heading }) => heading);
  return (
    (inContent.length > 1 ? inContent.find((heading) => opensTitle(root, heading)) : undefined) ??
    inContent[0] ??
    inFrame.find((heading) => !isLogo(heading)) ??
    titledElement(root) ??
    titleOpeningHeading(root) ??
    namedTitle(root) ??
    inFrame[0] ??
    null
  );
}

/**
 * On a page with no `<h1>`, the first `<h2>`, `<h3>` or `<h4>` of its content whose leading words open the `<title>`
 * ("<h2>Thor<span class=subtitle> : Latverian Prometheus</span></h2>" under "<title>Thor by Billy Tan (Paperback):
 * shop.com", "<h3>Audi Q5 <small>3.0 TDI</small></h3>" under "<title>Audi Q5 :: Avtonet ::", "<h4>Напій 7-Up 1л</h4>"
 * under "<title>Напій 7-Up 1л - BScanner"): the title adds authors
 * and the site's name, the heading a subtitle; other subheadings head sections.
 */
function titleOpeningHeading(root: HTMLElement): HTMLElement | null {
  const title = cleanText(selectOne(root, "title")?.text)?.toLowerCase();
  if (!title) return null;
  const pageLength = root.range[1] - root.range[0];
  return (
    selectAll(root, "h2, h3, h4").find((heading) => {
      const leading = cleanText(heading.firstChild?.nodeType === 3 ? heading.firstChild.text : null)?.toLowerCase();
      return (
        !!leading &&
        leading.length >= MIN_LEADING &&
        title.startsWith(leading) &&
        !/[\p{L}\p{N}]/u.test(title.charAt(leading.length)) &&
        placeOf(heading, pageLength) === "content"
      );
    }) ?? null
  );
}

/** Whether the heading's whole text opens the page's `<title>` ("Name - Category - Site"). */
function opensTitle(root: HTMLElement, heading: HTMLElement): boolean {
  const title = cleanText(selectOne(root, "title")?.text)?.toLowerCase();
  const text = cleanText(visibleText(heading))?.toLowerCase();
  return !!title && !!text && text.length >= MIN_LEADING && title.startsWith(text);
}

// An element a page's markup names as its item's title or name: a class, id or test id such as "advert-title",
// "product_name", "pdp-title".
const TITLE_NAMED = /(?:product|item|advert|listing|offer|goods|pdp)[-_]?(?:title|name|heading)/i;
const TITLE_ATTRIBUTES = ["class", "id", "data-testid", "data-test", "data-qa", "data-gui"];
const MAX_NAMED_TITLE = 200;

/**
 * On a page with no heading, the first element named for the item's title whose text the `<title>` holds, in
 * the content or a sidebar buy box ("<aside><p data-testid=advert-title>Subaru Forester</p>" under "<title>2012
 * Silver Subaru Forester … for sale"): the title adds the year, the price and the town.
 */
function namedTitle(root: HTMLElement): HTMLElement | null {
  const title = cleanText(selectOne(root, "title")?.text)?.toLowerCase();
  if (!title) return null;
  const pageLength = root.range[1] - root.range[0];
  return (
    selectAll(root, "*").find((element) => {
      if (!TITLE_NAMED.test(element.rawAttrs)) return false;
      if (!TITLE_ATTRIBUTES.some((name) => TITLE_NAMED.test(element.getAttribute(name) ?? ""))) return false;
      const text = visibleText(element)?.toLowerCase();
      return (
        !!text &&
        text.length >= MIN_LEADING &&
        text.length <= MAX_NAMED_TITLE &&
        title.includes(text) &&
        placeOf(element, pageLength) !== "dialog"
      );
    }) ?? null
  );
}

// Fewer letters than this open too many titles by chance ("A", "The").
const MIN_LEADING = 4;

/**
 * The first element of the body whose whole text is the page's og:title ("<div class=page_title>Name</div>"),
 * else the first whose own text is its `<title>` before the site's name ("<span class=mainTitle>Name</span>"
 * under "<title>Name-淘宝网").
 */
function titledElement(root: HTMLElement): HTMLElement | null {
  const body = selectOne(root, "body");
  if (!body) return null;
  const title = cleanText(selectOne(root, 'meta[property="og:title"]')?.getAttribute("content"));
  const named = title
    ? selectAll(body, "*").find((element) => element.tagName !== "TITLE" && visibleText(element) === title)
    : undefined;
  if (named) return named;
  const lead = TITLE_LEAD.exec(cleanText(selectOne(root, "title")?.text) ?? "")?.[1];
  if (!lead || lead.length < MIN_LEADING) return null;
  const onlyText = (element: HTMLElement) => element.childNodes.length === 1 && element.firstChild?.nodeType === 3;
  const texts = selectAll(body, "*").filter(onlyText);
  return (
    texts.find((element) => cleanText(element.firstChild!.text) === lead && visibleText(element) === lead) ??
    // A name the title runs on from without a separator ("F8无刷…遥控飞机采购价格、怎么样-CCEE选品中心"): long enough to be no word.
    texts.find((element) => {
      const text = cleanText(element.firstChild!.text);
      return !!text && text.length >= RUN_ON_NAME && lead.startsWith(text) && visibleText(element) === text;
    }) ??
    null
  );
}

/** Characters of an element's text that opens the title's lead with more words run on after it: a name, not a word. */
const RUN_ON_NAME = 20;

// A title's part before its last separator: "Name-淘宝网", "Name | Shop" (never a colon's: "Shop: slogan").
const TITLE_LEAD = /^(.+?)\s*[-|–—｜_]\s*[^-|–—｜_]+$/;

/** Whether `element` lies inside `block` (or is it), by their places in the page's source. */
export const within = (element: HTMLElement, block: HTMLElement): boolean =>
  element.range[0] >= block.range[0] && element.range[1] <= block.range[1];

/** From the heading's own block outward; empty when the page has no `<h1>`. */
export const headingBlocks = (root: HTMLElement, levels: number): HTMLElement[] =>
  blocksAround(root, mainHeading(root), levels);

/** From `element`'s parent outward, up to `levels` blocks, never the body. */
export function blocksAround(root: HTMLElement, element: HTMLElement | null, levels: number): HTMLElement[] {
  const blocks: HTMLElement[] = [];
  let block = element?.parentNode ?? null;
  for (let level = 0; block && level < levels; level++, block = block.parentNode) {
    if (block === root || block.tagName === "BODY" || block.tagName === "HTML") break;
    blocks.push(block);
  }
  return blocks;
}
