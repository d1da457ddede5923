// Whether the main offer can be bought now, in one vocabulary (`in_stock`, `out_of_stock`,
// `preorder`, `backorder`): from schema.org values in any spelling, from shops' stock texts in the
// languages the corpus holds, and from the buy box a shopper sees (a stock line, an add-to-cart control).
import { visibleText, type HTMLElement } from "./dom";
import { blocksAround, headingBlocks, within } from "./heading-blocks";
import { holdingAny, selectAll } from "./select";

export type Availability = "in_stock" | "out_of_stock" | "preorder" | "backorder";

// Checked in this order: "not available" must not read as "available", "pre-order" not as "order". An item
// released on a date to come is a pre-order ("Dieser Artikel erscheint am 28. März 2019"); 予約 alone is any
// booking ("来店予約をする", a visit to a car dealer), a pre-order only as one ("予約受付中", "予約商品").
const VOCABULARY: [Availability, RegExp][] = [
  [
    "preorder",
    /pre-?order|pre-?sale|presale|vorbestell|erscheint (?:am|voraussichtlich)|will be released on|pr[ée]commande|pre-?venta|pr[ée]-?venda|予約(?:受付|商品|注文|販売|購入|開始)|预售|предзаказ|ennakkotilaus|előrendel|předobjedn|forudbestil|förbeställ|forhåndsbestill|προπαραγγελία|הזמנה מוקדמת|طلب مسبق/i,
  ],
  // Orderable though not held: reordered, on its way, shipped once it arrives ("Nicht lagernd, ab Bestellung
  // versandfertig in 8 Tagen", "we'll ship when it's available", "En arrivage"); "back in stock soon" is not in stock.
  // A wait counted in weeks ("Usually ships in 2-4 weeks") is one for the supplier; one in days is a held item's dispatch.
  [
    "backorder",
    /back-?order|ships? (?:in|within) (?:\d+\s*(?:-|–|to)\s*)?\d+\s*weeks?\b|versandfertig in (?:\d+\s*(?:-|–|bis)\s*)?\d+\s*wochen|auf bestellung|sur commande|bajo pedido|取り寄せ|nachbestellt|nicht (?:lagernd|am lager|vorrätig)\b[^.]{0,40}\b(?:versand|liefer)|ships? when (?:it(?:'|’| i)s )?available|back in stock soon|en arrivage|en r[ée]approvisionnement|bestillingsvare|beställningsvara|tilausotuote|na objednávku|rendelésre/i,
  ],
  [
    "out_of_stock",
    /out[\s_-]?of[\s_-]?stock|sold[\s_-]?out|soldout|unavailable|not[\s_-]?available|not in stock|nicht vorrätig|no longer available|discontinued|no stock|notify me|agotad[oa]|sin stock|no disponible|ausverkauft|nicht (?:auf lager|verfügbar|lieferbar)|vergriffen|[ée]puis[ée]|rupture de stock|indisponible|non disponibile|esaurit[oa]|uitverkocht|niet (?:op voorraad|leverbaar|beschikbaar)|esgotad[oa]|indispon[ií]vel|sem estoque|brak w magazynie|niedostępn|wyprzedan|slutsåld|ej i lager|utsolgt|loppuunmyyty|tükendi|stokta yok|нет в наличии|закончил|распродан|немає в наличності|немає в наявності|stoc epuizat|nu (?:este|e) [îi]n stoc|在庫なし|在庫切れ|売り切れ|品切れ|完売|缺货|售罄|无货|已售完|품절|hết hàng|habis|stok habis|غير متوفر|نفد|ikke p[åa] lager|udsolgt|ikke tilg[æj]ngelig|slut i lager|tillfälligt slut|ei varastossa|loppu varastosta|tilapäisesti loppu|nincs raktáron|elfogyott|není skladem|vyprodáno|nie je skladom|vypredané|εξαντλήθηκε|μη διαθέσιμο|אזל|לא במלאי|ناموجود|няма наличност|изчерпан|nema na (?:stanju|zalihi)|สินค้าหมด|nicht lagernd/i,
  ],
  [
    "in_stock",
    /^(?:instock|in[\s_-]?stock|available|limitedavailability|onlineonly|instoreonly|madetoorder)$|\bin[\s_-]?stock\b|\d+\s*(?:left|available|in stock|auf lager|en stock|disponibles?)|only \d+ left|usually (?:ships|dispatched)|ships (?:in|within|today|from)|dispatched (?:from (?:the )?\S+ )?(?:in|within)|en stock|auf lager|lieferbar|sofort verfügbar|versandfertig|disponible|en existencia|in magazzino|disponibile|op voorraad|leverbaar|em estoque|dispon[ií]vel|dostępn|w magazynie|i lager|på lager|stokta|в наличии|є в наявності|[îi]n stoc\b|в наявності|在庫あり|在庫有り|有货|现货|재고 있음|còn hàng|tersedia|lagernd|varastossa|raktáron|skladem|na sklade|skladom|σε απόθεμα|διαθέσιμο|במלאי|متوفر|موجود|в наличност|na stanju|na zalihi|มีสินค้า/i,
  ],
];

const IN_STOCK = VOCABULARY.find(([availability]) => availability === "in_stock")![1];
// A state said as a condition ("If sold out, select size to add to waitlist", "Wenn ausverkauft, …") is
// an instruction, not the state: the words that open one, just before the state's words. ("als" is left out:
// in German it also means "as", and "als ausverkauft markiert" says the state.)
const CONDITION_BEFORE =
  /\b(?:if|when|whenever|once|should (?:it|an item|the item) be|si|cuando|wenn|falls|se|quando|indien)\s+(?:(?:it|the|an?|item|product|size|is|are|be|becomes?|goes)\s+){0,3}$/i;

/**
 * Schema.org availability (`https://schema.org/InStock`, `schema:OutOfStock`, `in_stock`) and shop wording
 * ("Only 3 left in stock", "Agotado", "Auf Lager") reduced to one vocabulary; null when the text says neither.
 */
export function normaliseAvailability(text: string | null | undefined): Availability | null {
  if (!text) return null;
  const value = text.replace(/^(?:https?:\/\/schema\.org\/|schema:|http:\/\/data-vocabulary\.org\/)/i, "").trim();
  if (!value || value.length > 120) return null;
  for (const [availability, words] of VOCABULARY) {
    const said = words.exec(value);
    if (!said) continue;
    if (CONDITION_BEFORE.test(value.slice(0, said.index))) return null;
    // Both states side by side ("Disponibile Non disponibile"): a template whose script shows one of them.
    if (availability === "out_of_stock" && IN_STOCK.test(value.replace(said[0], " "))) return null;
    return availability;
  }
  return null;
}

// From the state a shopper can best get to the worst: any offer in stock makes the product in stock.
const BEST_FIRST: Availability[] = ["in_stock", "preorder", "backorder", "out_of_stock"];

/**
 * The product's availability across its offers (one per size, colour or seller): the best any of them
 * says, so that the sold-out sizes listed first do not hide the ones on sale; null when none says.
 */
export function bestAvailability(states: (Availability | null)[]): Availability | null {
  return BEST_FIRST.find((state) => states.includes(state)) ?? null;
}

// The control that puts the item in a cart, in the languages of the corpus.
const ADD_TO_CART =
  /add to (?:cart|bag|basket|trolley)|add to shopping|buy (?:it )?now|in den (?:warenkorb|einkaufswagen)|jetzt kaufen|ajouter au panier|acheter|añadir al carrito|agregar al carrito|comprar(?: ahora)?|aggiungi al carrello|acquista|in winkelwagen|in winkelmand|adicionar ao carrinho|do koszyka|lägg i varukorg|sepete ekle|в корзину|купить|adaug[ăa] [îi]n co[șşs]|cump[ăa]r[ăa]|додати в кошик|カートに入れる|今すぐ購入|加入购物车|立即购买|장바구니|thêm vào giỏ|tambah ke keranjang|beli sekarang|הוס(?:ף|פה) ל(?:סל|עגלה)|לרכישה|קנה עכשיו|[أا]ضف (?:(?:إلى|الى) ال|لل)سلة|افزودن به سبد|προσθήκη στο καλάθι|lisää ostoskoriin|kosárba|do košíku|do košíka|læg i (?:indkøbs)?kurv|legg i handle(?:kurv|vogn)|dodaj u košaricu|добави в количката|หยิบใส่ตะกร้า|เพิ่มลงตะกร้า|加入購物車|カートに追加|nu kopen|køb nu|kjøp nå|köp nu|osta nyt|kup teraz|koupit|kúpiť|satın al|hemen al|바로구매|اشتر(?:ي)? الآن|ซื้อเลย|今すぐ買う|立即購買/i;
// A link drawn as a button speaks for the offer only when its label opens with the cart's verb and sends to
// no other shop: a brand's "Où acheter" / "Dónde comprar" / "Где купить" (where to buy) or a review site's
// "Buy now on Amazon" sells elsewhere.
const LINK_TO_CART = new RegExp(`^(?:${ADD_TO_CART.source})`, "i");
const WHERE_TO_BUY =
  /\b(?:where to buy|o[ùu] acheter|d[óo]nde comprar|onde comprar|dove acquistare|wo kaufen|waar te koop|gdzie kupi[ćc])\b|где купить/i;
// A label that ends by naming the shop it sends to ("Buy now on Amazon", "Kaufen bei Otto").
const AT_ANOTHER_SHOP = /\b(?:on|at|from|bei|sur|chez|en|su|na|no) [A-Z][\w.&'-]+$/;
const SOLD_OUT_CONTROL =
  /^(?:sold out|out of stock|notify me|agotado|ausverkauft|[ée]puis[ée]|esaurito|uitverkocht|esgotado|売り切れ|品切れ|缺货|售罄|нет в наличии|udsolgt|utsolgt|slutsåld|loppuunmyyty|elfogyott|vyprodáno|tükendi|εξαντλήθηκε|אזל|ناموجود|hết hàng|품절|完売)(?![\p{L}])/iu;
// One size's or colour's state, or a template a script fills in, is not the offer's ("6 - Sold Out").
const NOT_THE_OFFER = /hidden|template|option|variant|swatch|size/i;
// "Image not available for Colour", "Plain packaging not available", "Shipping not available", "Collection not
// available", "no longer available for waitlist", a wish list's "List unavailable.", a date picker's key ("Unavailable
// to select"), a theme's "This variant is currently sold out" kept for a choice the shopper may make, a finance box's
// "Pay monthly: Unavailable": something other than the offer is missing.
const ABOUT_SOMETHING_ELSE =
  /\b(?:variant|variante|combination|combinaci[óo]n|financ\w*|monthly|per month|instal(?:l)?ments?|mensual\w*|cuotas?|raten\w*|image|imagen|immagine|bild|afbeelding|photo|foto|picture|video|packaging|colou?r|farbe|gr[öo]ß|size|shipping|delivery|pickup|collection|click (?:&|and) collect|versand|abholung|envío|recogida|livraison|retrait|spedizione|ritiro|list unavailable)|available for (?:the )?wait[\s-]?list|available to (?:select|pick)\b/i;
// What the class or id of an element STOCK_NAMED may name holds, as `[class*="stock"], [id*="stock"]` read them.
const STOCK_PARTS = ["stock", "Stock", "STOCK", "vailab", "VAILAB", "nventory", "isponib", "agerstatus"];
const stockNamed = (scope: HTMLElement) => holdingAny(scope, ["class", "id"], STOCK_PARTS);
const CART_ACTION = /cart|basket|warenkorb/i;
const STOCK_NAMED = /stock|availab|inventory|lagerstatus|disponib/i;
// Levels above the main heading the buy box may span: wider than a price's, since stock lines and buttons
// often sit in a sibling column of the heading's block.
const BUY_BOX_LEVELS = 6;
const MAX_STOCK_TEXT = 80;

const controlText = (control: HTMLElement) =>
  visibleText(control) ?? control.getAttribute("value") ?? control.getAttribute("aria-label") ?? "";

// Buttons, inputs and links found by tag; an input's type and a link's role or class are tested here (a
// selector on an attribute reads it on every element of the page). A link drawn as a button ("btn",
// "button", "add2cart-btn", "add-to-cart") is the shop's control as much as a button is.
const CONTROLS = "button, input, a";
const BUTTON_CLASS = /btn|button|add[-_]?to[-_]?cart/i;
const isControl = (element: HTMLElement) =>
  element.tagName === "BUTTON" ||
  (element.tagName === "A"
    ? element.getAttribute("role") === "button" || BUTTON_CLASS.test(element.getAttribute("class") ?? "")
    : /^(?:submit|button)$/i.test(element.getAttribute("type") ?? ""));

/** What a stock line says, if its element is named for stock and its text is short. */
function stockLine(element: HTMLElement): Availability | null {
  // Most elements are ruled out on their raw attributes, without decoding them.
  if (!STOCK_NAMED.test(element.rawAttrs)) return null;
  const named = `${element.getAttribute("class") ?? ""} ${element.id}`;
  // A control named for stock ("js-out-of-stock") is one of the script's alternatives, read by its label with the others.
  // (One size's option is set aside with the other choices, by speaksForTheOffer.)
  if (!STOCK_NAMED.test(named) || NOT_THE_OFFER.test(named) || isControl(element)) return null;
  const text = visibleText(element);
  if (!text || text.length > MAX_STOCK_TEXT || ABOUT_SOMETHING_ELSE.test(text)) return null;
  return normaliseAvailability(text);
}

// A line of text alone that is all a stock phrase ("<div class=text-center>Есть в наличии</div>").
const PLAIN_LINE_TAGS = "div, span, p, li, td, strong, b";
const MAX_PLAIN_LINE = 30;

/** What a short line of the buy box says when its whole text is a stock phrase, whatever its element is called. */
function plainStockLine(element: HTMLElement): Availability | null {
  if (element.childNodes.some((child) => child.nodeType !== 3)) return null;
  if (NOT_THE_OFFER.test(`${element.getAttribute("class") ?? ""} ${element.id}`)) return null;
  const text = visibleText(element);
  if (!text || text.length > MAX_PLAIN_LINE || ABOUT_SOMETHING_ELSE.test(text)) return null;
  const said = normaliseAvailability(text);
  // "Not available" under "Shipping" is about shipping; "Ships in 2 days" there still says the item is in stock.
  return said === "out_of_stock" && inBlockAboutSomethingElse(element) ? null : said;
}

/** Levels above a plain line whose short text may say what the line is about ("Shipping" / "Not available"). */
const LINE_CONTEXT_LEVELS = 3;
const MAX_CONTEXT = 100;

/** Whether the short block around a line is about something other than the offer (shipping, a colour). */
function inBlockAboutSomethingElse(element: HTMLElement): boolean {
  let block = element.parentNode;
  for (let level = 0; block && level < LINE_CONTEXT_LEVELS; level += 1, block = block.parentNode) {
    const around = visibleText(block) ?? "";
    if (around.length > MAX_CONTEXT) return false;
    if (ABOUT_SOMETHING_ELSE.test(around)) return true;
  }
  return false;
}

/**
 * What an add-to-cart control says: labelled sold out, out of stock; labelled for the cart, in stock. A
 * disabled one labelled for the cart is weighed last (`isDisabled`): a saved page disables it until a
 * size is chosen or its scripts have loaded, but a sold-out shop may leave its label and write the state
 * in a line beside it.
 */
function controlSays(control: HTMLElement): Availability | null {
  const text = controlText(control);
  if (text.length > MAX_STOCK_TEXT) return null;
  // A control may name one way of getting the item ("Shipping not available"): only a sold-out label speaks for the offer.
  if (SOLD_OUT_CONTROL.test(text)) return "out_of_stock";
  if (normaliseAvailability(text) === "preorder") return "preorder";
  if (
    control.tagName === "A" &&
    (!LINK_TO_CART.test(text.trim()) || WHERE_TO_BUY.test(text) || AT_ANOTHER_SHOP.test(text.trim()))
  )
    return null;
  return ADD_TO_CART.test(text) ? "in_stock" : null;
}

const isDisabled = (control: HTMLElement) =>
  control.getAttribute("disabled") !== undefined ||
  control.getAttribute("aria-disabled") === "true" ||
  /(?:^|\s)disabled(?:\s|$)/i.test(control.getAttribute("class") ?? "");

// A box the page hides until a script shows it: `hidden`, Angular's `ng-hide`, Bootstrap's `d-none`, Amazon's
// AUI `a-hidden` and `aok-hidden`, an inline `display: none`.
const HIDDEN_CLASS = /(?:^|\s)(?:hidden|hide|ng-hide|d-none|is-hidden|invisible|a-hidden|aok-hidden)(?:\s|$)/i;
const HIDDEN_STYLE = /display\s*:\s*none/i;

// A class that shows the box again from a screen width on (Tailwind's `hidden md:block`, Bootstrap's
// `d-none d-lg-block`): hidden on a phone only, it shows on a desktop.
const SHOWN_FROM_A_WIDTH =
  /(?:^|\s)(?:(?:sm|md|lg|xl|2xl):(?:block|flex|inline|inline-block|grid|table)|d-(?:sm|md|lg|xl|xxl)-(?:block|flex|inline|inline-block|grid|table))(?:\s|$)/;

const isHiddenBox = (element: HTMLElement) => {
  const named = element.getAttribute("class") ?? "";
  return (
    element.getAttribute("hidden") !== undefined ||
    (HIDDEN_CLASS.test(named) && !SHOWN_FROM_A_WIDTH.test(named)) ||
    HIDDEN_STYLE.test(element.getAttribute("style") ?? "")
  );
};

// One choice among sizes or weights: an option, or the label of a choice's input ("4Kg (Esgotado)").
const isChoice = (element: HTMLElement) =>
  element.tagName === "OPTION" || (element.tagName === "LABEL" && element.getAttribute("for") !== undefined);

/**
 * Whether what `element` says is shown as the offer's: not inside a box hidden until a script shows it
 * (the sold-out banner a page keeps for later), nor inside one size's or weight's choice.
 */
function speaksForTheOffer(element: HTMLElement): boolean {
  for (let node: HTMLElement | null = element; node?.tagName; node = node.parentNode) {
    if (isHiddenBox(node) || isChoice(node)) return false;
  }
  return true;
}

const saying = (elements: HTMLElement[], says: (element: HTMLElement) => Availability | null) =>
  elements.flatMap((element): [HTMLElement, Availability][] => {
    const said = says(element);
    return said && speaksForTheOffer(element) ? [[element, said]] : [];
  });

interface BuyBox {
  /** What a stock line of the buy box says, the shop's own words for the offer on show. */
  line: Availability | null;
  /** What the buy box says, a stock line first, then an add-to-cart control; else a cart form. */
  said: Availability | null;
}

const buyBoxes = new WeakMap<HTMLElement, BuyBox>();

/**
 * The availability the buy box shows: the smallest block around the main heading that says it (a stock
 * line named for stock or availability, an add-to-cart control, enabled or not); else a form that posts
 * to a cart. Rails of other products sit outside those blocks, so their "Sold out" badges are not read.
 * Read once per page.
 */
function readBuyBox(root: HTMLElement): BuyBox {
  const known = buyBoxes.get(root);
  if (known) return known;
  const heading = headingBlocks(root, BUY_BOX_LEVELS);
  const blocks = heading.length > 0 ? heading : soleControlBlocks(root);
  const widest = blocks.at(-1);
  const lines = widest ? saying(stockNamed(widest), stockLine) : [];
  const controls = widest ? saying(selectAll(widest, CONTROLS).filter(isControl), controlSays) : [];
  // A disabled control still labelled for the cart speaks only where no line does.
  const waiting = ([control, said]: [HTMLElement, Availability]) => said === "in_stock" && isDisabled(control);
  const firstIn = (found: [HTMLElement, Availability][]) =>
    blocks.map((candidate) => found.find(([element]) => within(element, candidate))?.[1]).find(Boolean) ?? null;
  const line = firstIn(lines);
  let said = firstIn(lines.concat(controls.filter((control) => !waiting(control))));
  if (!said && widest) said = firstIn(saying(selectAll(widest, PLAIN_LINE_TAGS), plainStockLine));
  if (!said) said = firstIn(controls.filter(waiting));
  if (!said) {
    // Pages hold few forms: found by tag, their actions tested here rather than by a selector over every element.
    const cartForm = selectAll(root, "form").find((form) => CART_ACTION.test(form.getAttribute("action") ?? ""));
    said = cartForm
      ? (saying(stockNamed(cartForm), stockLine)[0]?.[1] ??
        saying(selectAll(cartForm, CONTROLS).filter(isControl), controlSays)[0]?.[1] ??
        null)
      : null;
  }
  const buyBox = { line: line ?? null, said };
  buyBoxes.set(root, buyBox);
  return buyBox;
}

/**
 * On a page with no main heading, the blocks around its one control that speaks for an offer ("Artikel in
 * den Warenkorb"): with no rail of other products' carts beside it, it is the product's. Empty where the
 * page holds none or several.
 */
function soleControlBlocks(root: HTMLElement): HTMLElement[] {
  const speaking = saying(selectAll(root, CONTROLS).filter(isControl), controlSays);
  return speaking.length === 1 ? blocksAround(root, speaking[0]![0], BUY_BOX_LEVELS) : [];
}

/** What the buy box says of the offer: a stock line, an add-to-cart control, a cart form. */
export const visibleAvailability = (root: HTMLElement): Availability | null => readBuyBox(root).said;

/**
 * What a stock line of the buy box says in the shop's own words ("Online auf Lager"): shown to the
 * shopper now, it is believed over a structured availability the shop may have left behind.
 */
export const buyBoxStockLine = (root: HTMLElement): Availability | null => readBuyBox(root).line;
