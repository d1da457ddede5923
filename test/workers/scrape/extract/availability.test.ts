// Availability in one vocabulary (src/scrape/extract/availability.ts) and the product ids every reader
// gives: schema.org values in every spelling, stock texts in many languages, the buy box's controls.
import { describe, expect, it } from "vitest";
import { normaliseAvailability, visibleAvailability } from "../../../../src/scrape/extract/availability";
import { loadHtml } from "../../../../src/scrape/extract/dom";
import { readPage, structuredDrafts } from "../../../../src/scrape/extract/page";
import { visibleProductDraft } from "../../../../src/scrape/extract/visible-draft";
import { PRODUCT_PLATFORMS } from "../../../../src/platforms/index";
import { parseProduct } from "../../../../src/platforms/product-page";

describe("normaliseAvailability", () => {
  it.each([
    ["https://schema.org/InStock", "in_stock"],
    ["http://schema.org/OutOfStock", "out_of_stock"],
    ["schema:PreOrder", "preorder"],
    ["http://data-vocabulary.org/in_stock", "in_stock"],
    ["InStoreOnly", "in_stock"],
    ["LimitedAvailability", "in_stock"],
    ["SoldOut", "out_of_stock"],
    ["NOT_AVAILABLE", "out_of_stock"],
    ["Discontinued", "out_of_stock"],
    ["BackOrder", "backorder"],
    ["in stock", "in_stock"],
    ["Only 1 left in stock - order soon", "in_stock"],
    ["Gewöhnlich versandfertig in 2 bis 3 Tagen.", "in_stock"],
    ["Auf Lager", "in_stock"],
    ["Em estoque", "in_stock"],
    ["En stock", "in_stock"],
    ["Disponible", "in_stock"],
    ["No disponible", "out_of_stock"],
    ["Agotado", "out_of_stock"],
    ["Ausverkauft", "out_of_stock"],
    ["Épuisé", "out_of_stock"],
    ["Currently unavailable.", "out_of_stock"],
    ["Temporarily out of stock", "out_of_stock"],
    ["Нет в наличии", "out_of_stock"],
    ["在庫あり", "in_stock"],
    ["売り切れ", "out_of_stock"],
    ["Vorbestellen", "preorder"],
    ["In stoc", "in_stock"],
    ["Nu este în stoc", "out_of_stock"],
    ["Есть в наличии", "in_stock"],
    // Orderable though not held: reordered, on its way, shipped once it arrives.
    ["Nicht lagernd, ab Bestellung versandfertig in 8 Tagen", "backorder"],
    ["Nachbestellt, Liefertermin unbekannt", "backorder"],
    ["Purchase now and we'll ship when it's available.", "backorder"],
    ["We'll get this back in stock soon.", "backorder"],
    ["En arrivage", "backorder"],
    // A wait counted in weeks is the supplier's; one counted in days a held item's dispatch.
    ["Usually ships in 2-4 weeks.", "backorder"],
    ["Versandfertig in 3 Wochen", "backorder"],
    ["Usually ships in 3 - 5 business days", "in_stock"],
    ["Available. Dispatched from the UK in 1 business day", "in_stock"],
    ["Nicht auf Lager", "out_of_stock"],
    // Stock words of languages beyond the corpus's first ones; a negation read before the state it negates.
    ["lagernd, Lieferzeit 3-5 Werktage", "in_stock"],
    ["Nicht lagernd", "out_of_stock"],
    ["Varen er ikke på lager.", "out_of_stock"],
    ["Udsolgt", "out_of_stock"],
    ["Tillfälligt slut", "out_of_stock"],
    ["Varastossa", "in_stock"],
    ["Ei varastossa", "out_of_stock"],
    ["Raktáron", "in_stock"],
    ["Nincs raktáron", "out_of_stock"],
    ["Skladem", "in_stock"],
    ["Není skladem", "out_of_stock"],
    ["Άμεσα διαθέσιμο", "in_stock"],
    ["Μη διαθέσιμο", "out_of_stock"],
    ["במלאי", "in_stock"],
    ["אזל מהמלאי", "out_of_stock"],
    ["متوفر", "in_stock"],
    ["موجود", "in_stock"],
    ["ناموجود", "out_of_stock"],
    ["В наличност", "in_stock"],
    ["Изчерпан", "out_of_stock"],
    ["Nema na stanju", "out_of_stock"],
    ["มีสินค้า", "in_stock"],
    ["สินค้าหมด", "out_of_stock"],
    ["Ennakkotilaus", "preorder"],
    ["Bestillingsvare", "backorder"],
  ])("%s is %s", (text, expected) => {
    expect(normaliseAvailability(text)).toBe(expected);
  });

  it("says nothing of a state given as a condition, an instruction rather than the state", () => {
    expect(normaliseAvailability("If sold out, select size to add to waitlist.")).toBeNull();
    expect(normaliseAvailability("When an item is out of stock, we email you")).toBeNull();
    expect(normaliseAvailability("Wenn ausverkauft, benachrichtigen wir Sie")).toBeNull();
    expect(normaliseAvailability("Sold out")).toBe("out_of_stock");
    expect(normaliseAvailability("This size is sold out")).toBe("out_of_stock");
    expect(normaliseAvailability("Als ausverkauft markiert")).toBe("out_of_stock");
  });

  it("reads a release on a date to come as a pre-order, and a booking of a visit as no state", () => {
    expect(normaliseAvailability("Dieser Artikel erscheint am 28. März 2019. Bestellen Sie jetzt.")).toBe("preorder");
    expect(normaliseAvailability("予約受付中")).toBe("preorder");
    expect(normaliseAvailability("来店予約をする")).toBeNull();
  });

  it("says nothing of a template holding both states, whose script shows one", () => {
    expect(normaliseAvailability("Disponibile Non disponibile")).toBeNull();
    expect(normaliseAvailability("Nicht auf Lager")).toBe("out_of_stock");
  });

  it("says nothing of a value that names no state", () => {
    expect(normaliseAvailability("https://schema.org/NewCondition")).toBeNull();
    expect(normaliseAvailability("Free returns")).toBeNull();
    expect(normaliseAvailability("")).toBeNull();
  });
});

const buyBox = (inside: string, rail = "") =>
  loadHtml(`<html><body><main><div class="product"><div class="info"><h1>Lamp</h1><p class="price">$20</p></div>
    <div class="buy">${inside}</div></div></main><aside class="related">${rail}</aside></body></html>`);

describe("visibleAvailability", () => {
  it("reads an enabled add-to-cart control in the buy box as in stock", () => {
    expect(visibleAvailability(buyBox('<button type="submit">Add to cart</button>'))).toBe("in_stock");
    expect(visibleAvailability(buyBox('<input type="submit" value="In den Warenkorb">'))).toBe("in_stock");
  });

  it("reads a sold-out label as out of stock, and a disabled control still labelled for the cart as in stock", () => {
    expect(visibleAvailability(buyBox("<button>Sold out</button>"))).toBe("out_of_stock");
    // Disabled until a size is chosen or the page's scripts load; a sold-out offer relabels its control.
    expect(visibleAvailability(buyBox('<button disabled class="btn">Add to bag</button>'))).toBe("in_stock");
    expect(visibleAvailability(buyBox('<input type="submit" class="btn disabled" value="Add To Cart">'))).toBe(
      "in_stock",
    );
  });

  it("weighs a disabled control labelled for the cart after a line of the buy box that says the offer is sold out", () => {
    const disabled = '<button class="add-to-cart" disabled>Add to cart</button>';
    expect(visibleAvailability(buyBox(`<p class="product-message">Currently unavailable</p>${disabled}`))).toBe(
      "out_of_stock",
    );
    expect(
      visibleAvailability(
        buyBox(
          '<div class="hinweis">Ausverkauft</div><button class="btn btn-primary" disabled>In den Warenkorb</button>',
        ),
      ),
    ).toBe("out_of_stock");
  });

  it("reads a link drawn as a button as the shop's control, and a plain link as none", () => {
    expect(visibleAvailability(buyBox('<a class="button atc" href="#"><span>В корзину</span></a>'))).toBe("in_stock");
    expect(visibleAvailability(buyBox('<a class="add2cart-btn" href="#">Add to cart</a>'))).toBe("in_stock");
    expect(visibleAvailability(buyBox('<a href="/cart">Add to cart</a>'))).toBeNull();
    // A link that sends the buyer to another shop, or to where the brand is sold, sells nothing here.
    for (const label of ["Où acheter", "Dónde comprar", "Где купить", "Buy now on Amazon"])
      expect(visibleAvailability(buyBox(`<a class="btn btn-primary" href="/x">${label}</a>`)), label).toBeNull();
  });

  it("reads a link named for the cart as the shop's control, and cart labels of more languages", () => {
    expect(visibleAvailability(buyBox('<a class="add-to-cart" href="javascript:void 0">לרכישה</a>'))).toBe("in_stock");
    for (const label of [
      "הוסף לסל",
      "أضف إلى السلة",
      "Προσθήκη στο καλάθι",
      "Lisää ostoskoriin",
      "Kosárba",
      "Do košíku",
    ])
      expect(visibleAvailability(buyBox(`<button type="submit">${label}</button>`)), label).toBe("in_stock");
    for (const label of ["Køb nu", "Nu kopen", "Kup teraz", "Satın al", "바로구매"])
      expect(visibleAvailability(buyBox(`<button type="submit">${label}</button>`)), label).toBe("in_stock");
    expect(visibleAvailability(buyBox('<button type="submit">Udsolgt</button>'))).toBe("out_of_stock");
    // A link named for the cart whose label sends nowhere to buy is still no control.
    expect(visibleAvailability(buyBox('<a class="add-to-cart-info" href="/help">Read more</a>'))).toBeNull();
  });

  it("reads the one cart control of a page with no main heading, with the stock line beside it", () => {
    const page = (body: string) =>
      loadHtml(`<html><body><div class="p"><p>Boot</p><p>$20</p>${body}</div></body></html>`);
    expect(visibleAvailability(page('<div><input type="button" value="Artikel in den Warenkorb"></div>'))).toBe(
      "in_stock",
    );
    const sold = '<div><span class="stock">Sold out</span><button type="submit">Add to cart</button></div>';
    expect(visibleAvailability(page(sold))).toBe("out_of_stock");
    // Two controls (the product's and a rail's) say nothing of which is the product's.
    const two = '<button type="submit">Add to cart</button><aside><button type="submit">Add to cart</button></aside>';
    expect(visibleAvailability(page(two))).toBeNull();
  });

  it("takes a stock line named for stock before any control", () => {
    const page = buyBox('<span class="stock-status">Agotado</span><button>Añadir al carrito</button>');
    expect(visibleAvailability(page)).toBe("out_of_stock");
  });

  it("does not read a line about something else, one size's state or a hidden template as the offer's", () => {
    expect(
      visibleAvailability(buyBox('<div class="variationUnavailable">Image not available for Colour:</div>')),
    ).toBeNull();
    expect(
      visibleAvailability(buyBox('<p class="packaging-not-available">Plain packaging not available.</p>')),
    ).toBeNull();
    expect(visibleAvailability(buyBox('<ul><li class="option_outofstock">6 - Sold Out</li></ul>'))).toBeNull();
    expect(visibleAvailability(buyBox("<div><span>List unavailable.</span></div>"))).toBeNull();
    expect(
      visibleAvailability(buyBox("<div><p>Pay monthly</p><p>Unavailable</p></div><p>Car price £6,900</p>")),
    ).toBeNull();
    // A theme keeps the line for a choice the shopper may make; the product itself is on sale.
    expect(
      visibleAvailability(
        buyBox('<div class="product-unavailable"><p class="error">This variant is currently sold out</p></div>'),
      ),
    ).toBeNull();
    expect(
      visibleAvailability(buyBox('<div id="outOfStockBanner">This item is no longer available for waitlist.</div>')),
    ).toBeNull();
    expect(visibleAvailability(buyBox('<span class="visually-hidden label-unavailable">Sold out</span>'))).toBeNull();
    // A way of getting the item, or a date picker's key, beside the buy box.
    expect(
      visibleAvailability(buyBox('<ul><li class="unavailable"><i></i>Collection not available</li></ul>')),
    ).toBeNull();
    expect(visibleAvailability(buyBox('<ul class="key"><li>Unavailable to select</li></ul>'))).toBeNull();
  });

  it("does not read what sits in a box hidden until a script shows it, nor in one weight's choice", () => {
    const hidden = '<div class="out-of-stock-container hidden"><div class="availability_time">Esgotado</div></div>';
    expect(visibleAvailability(buyBox(`${hidden}<button>Adicionar ao carrinho</button>`))).toBe("in_stock");
    const angular = '<button class="btn out-of-stock ng-hide">Out of stock online</button>';
    expect(visibleAvailability(buyBox(`${angular}<button>Add to Cart</button>`))).toBe("in_stock");
    const aui = '<div class="aok-hidden"><span id="twisterAvailability">In Stock</span></div>';
    expect(visibleAvailability(buyBox(`${aui}<p class="availability">Currently unavailable.</p>`))).toBe(
      "out_of_stock",
    );
    const styled = '<div style="display: none"><p class="stock">Sold out</p></div>';
    expect(visibleAvailability(buyBox(`${styled}<button>Add to Cart</button>`))).toBe("in_stock");
    const choice = '<input type="radio" id="w4"><label for="w4" class="weight no_stock"><p>4Kg (Esgotado)</p></label>';
    expect(visibleAvailability(buyBox(`${choice}<button>Adicionar ao carrinho</button>`))).toBe("in_stock");
  });

  it("reads a box hidden on a phone only, shown from a screen width on", () => {
    expect(
      visibleAvailability(buyBox('<div class="hidden md:block"><p class="stock-status">Out of stock</p></div>')),
    ).toBe("out_of_stock");
    expect(
      visibleAvailability(buyBox('<div class="d-none d-lg-block"><p class="availability">In stock</p></div>')),
    ).toBe("in_stock");
  });

  it("reads a control named for stock by its label, with the other controls", () => {
    const controls =
      '<button class="btn addCartButton">Add to bag</button><button class="btn js-out-of-stock">Out of Stock</button>';
    expect(visibleAvailability(buyBox(controls))).toBe("in_stock");
  });

  it("reads a line of the buy box that is all a stock phrase, after its named lines and controls", () => {
    expect(visibleAvailability(buyBox('<div class="text-center">Есть в наличии</div><a href="#">Купить</a>'))).toBe(
      "in_stock",
    );
    expect(visibleAvailability(buyBox('<div class="new">În stoc</div><button>Adaugă în coș</button>'))).toBe(
      "in_stock",
    );
    expect(visibleAvailability(buyBox('<span class="imgNa">Afbeelding niet beschikbaar</span>'))).toBeNull();
  });

  it("does not read a plain line under a channel's label as the offer's absence, but keeps its delivery time", () => {
    const channel = (line: string) =>
      `<button><span><span class="title">Shipping</span></span><span class="details"><div class="message">${line}</div></span></button>`;
    expect(visibleAvailability(buyBox(channel("Not available")))).toBeNull();
    expect(visibleAvailability(buyBox(`<div><div>Ships in 2 days</div><div>Shipping to: 94035</div></div>`))).toBe(
      "in_stock",
    );
  });

  it("does not read other products' badges outside the buy box, nor a channel a control rules out", () => {
    expect(visibleAvailability(buyBox("", '<div><span class="stock">Sold out</span></div>'))).toBeNull();
    expect(visibleAvailability(buyBox("<button>Shipping Not available</button>"))).toBeNull();
  });
});

describe("the buy box's stock line over structured data", () => {
  it("believes the shop's own words on show over an availability its JSON-LD kept", () => {
    const html = `<html><head><script type="application/ld+json">${JSON.stringify({
      "@type": "Product",
      name: "Charger",
      offers: { price: 19.99, priceCurrency: "EUR", availability: "https://schema.org/OutOfStock" },
    })}</script></head><body><div class="pdp"><h1>Charger</h1><div class="buy"><p class="availability">Online auf Lager</p>
      <button>In den Warenkorb</button></div></div></body></html>`;
    expect(parseProduct(PRODUCT_PLATFORMS.generic!, html, "https://shop.example/p/1").availability).toBe("in_stock");
  });
});

describe("a marketplace listing without JSON-LD", () => {
  it("takes its buy box's availability and its listing id as the id, as every marketplace does", () => {
    const html = `<html><body><div class="listing"><div class="buy-box"><h1>Agents of Shield decal</h1>
      <p>US$ 2.99</p><form class="add-to-cart-form"><button class="btn-transaction">Add to cart</button></form></div></div></body></html>`;
    const product = parseProduct(PRODUCT_PLATFORMS.etsy!, html, "https://www.etsy.com/listing/230389421/agents-decal");
    expect([product.availability, product.sku]).toEqual(["in_stock", "230389421"]);
  });
});

describe("availability across a product's offers", () => {
  const drafts = (head: string, body = "") =>
    structuredDrafts(readPage(`<html><head>${head}</head><body>${body}</body></html>`, "https://s.example/p"));

  it("is in stock when any size's offer is, whatever the order the sold-out sizes come in", () => {
    const offers = [
      { sku: "S", price: 80, priceCurrency: "USD", availability: "https://schema.org/OutOfStock" },
      { sku: "M", price: 80, priceCurrency: "USD", availability: "https://schema.org/InStock" },
    ];
    const ld = `<script type="application/ld+json">${JSON.stringify({ "@type": "Product", name: "Skirt", offers })}</script>`;
    expect(drafts(ld).jsonLd.availability).toBe("in_stock");
    const offer = (state: string) =>
      `<div itemprop="offers" itemscope itemtype="https://schema.org/Offer"><span itemprop="availability">${state}</span></div>`;
    const microdata = `<div itemscope itemtype="https://schema.org/Product"><h1 itemprop="name">Sandal</h1>${offer("OutOfStock")}${offer("InStock")}</div>`;
    expect(drafts("", microdata).microdata.availability).toBe("in_stock");
  });

  it("says the state of the offer whose price it gives, never another seller's at another price", () => {
    const offers = [
      { price: 80, priceCurrency: "USD", availability: "https://schema.org/OutOfStock" },
      { price: 140, priceCurrency: "USD", availability: "https://schema.org/InStock", seller: "Reseller" },
    ];
    const ld = `<script type="application/ld+json">${JSON.stringify({ "@type": "Product", name: "Skirt", offers })}</script>`;
    expect(drafts(ld).jsonLd).toMatchObject({ price: { amount: 80 }, availability: "out_of_stock" });
    const offer = (price: number, state: string) =>
      `<div itemprop="offers" itemscope itemtype="https://schema.org/Offer"><span itemprop="price">${price}</span><meta itemprop="priceCurrency" content="USD"><span itemprop="availability">${state}</span></div>`;
    const microdata = `<div itemscope itemtype="https://schema.org/Product"><h1 itemprop="name">Sandal</h1>${offer(80, "OutOfStock")}${offer(140, "InStock")}</div>`;
    expect(drafts("", microdata).microdata).toMatchObject({ price: { amount: 80 }, availability: "out_of_stock" });
  });

  it("reads a vehicle's ad as a product: a schema.org Car with its offer", () => {
    const car = {
      "@context": "https://schema.org",
      "@type": "http://schema.org/Car",
      name: "Toyota Sienna III",
      offers: { "@type": "Offer", price: 2500000, priceCurrency: "RUB", availability: "http://schema.org/InStock" },
    };
    const ld = `<script type="application/ld+json">${JSON.stringify(car)}</script>`;
    expect(drafts(ld).jsonLd).toMatchObject({
      title: "Toyota Sienna III",
      price: { amount: 2500000, currency: "RUB" },
      availability: "in_stock",
    });
  });

  it("reads an availability the Product itself holds, with no Offer around it", () => {
    const microdata = `<div itemscope itemtype="https://schema.org/Product"><h1 itemprop="name">Fence</h1><span itemprop="price">41</span><div itemprop="availability">Non disponibile</div></div>`;
    expect(drafts("", microdata).microdata.availability).toBe("out_of_stock");
  });

  it("reads an availability printed outside every scope, where all such say the same", () => {
    const orphan = (state: string) => `<meta itemprop="availability" content="https://schema.org/${state}">`;
    const product = `<div itemscope itemtype="https://schema.org/Product"><h1 itemprop="name">Necklace</h1><div itemprop="offers" itemscope itemtype="https://schema.org/Offer"><meta itemprop="price" content="68"></div></div>`;
    expect(drafts("", orphan("InStock") + product).microdata.availability).toBe("in_stock");
    expect(drafts("", orphan("InStock") + orphan("OutOfStock") + product).microdata.availability).toBeNull();
    // The Product's own offer is believed over a stray one.
    const sold = product.replace(
      "</div></div>",
      '<link itemprop="availability" href="https://schema.org/SoldOut"></div></div>',
    );
    expect(drafts("", orphan("InStock") + sold).microdata.availability).toBe("out_of_stock");
  });

  it("is out of stock when every offer is", () => {
    const offer = `<div itemprop="offers" itemscope itemtype="https://schema.org/Offer"><link itemprop="availability" href="https://schema.org/OutOfStock"></div>`;
    const microdata = `<div itemscope itemtype="https://schema.org/Product"><h1 itemprop="name">Sandal</h1>${offer}${offer}</div>`;
    expect(drafts("", microdata).microdata.availability).toBe("out_of_stock");
  });
});

describe("product ids", () => {
  const draftOf = (head: string, body = "") =>
    structuredDrafts(
      readPage(`<html><head>${head}</head><body><h1>Lamp</h1>${body}</body></html>`, "https://s.example/p"),
    );
  const ld = (product: object) => `<script type="application/ld+json">${JSON.stringify(product)}</script>`;

  it("takes sku, else mpn or a gtin, from JSON-LD, keys in any case", () => {
    expect(draftOf(ld({ "@type": "Product", name: "L", SKU: "L-1" })).jsonLd.sku).toBe("L-1");
    expect(draftOf(ld({ "@type": "Product", name: "L", gtin13: 4006381333931 })).jsonLd.sku).toBe("4006381333931");
    expect(draftOf(ld({ "@type": "Product", name: "L", offers: { sku: "OF-9", price: 2 } })).jsonLd.sku).toBe("OF-9");
    expect(draftOf(ld({ "@type": "Product", name: "L", productID: "isbn:0307277674" })).jsonLd.sku).toBe("0307277674");
  });

  it("takes a structured id written with its label as the id after it, and an id opening with a label's letters whole", () => {
    const sku = (value: string) => draftOf(ld({ "@type": "Product", name: "L", sku: value })).jsonLd.sku;
    expect(sku("Item # 101095")).toBe("101095");
    expect(sku(" (Cód. Item 462100)")).toBe("462100");
    expect(sku("Art.-Nr.: 88-1")).toBe("88-1");
    expect(sku("SKU12345")).toBe("SKU12345");
    expect(sku("ART-881")).toBe("ART-881");
    const microdata = `<div itemscope itemtype="https://schema.org/Product"><h1 itemprop="name">Lamp</h1><span itemprop="sku">Item # 44-102</span></div>`;
    expect(draftOf("", microdata).microdata.sku).toBe("44-102");
  });

  it("takes a shop's own product-id meta tag as the product:retailer_item_id one", () => {
    expect(draftOf('<meta name="product-id" content="226683551">').meta.sku).toBe("226683551");
    expect(draftOf('<meta name="product_id" content="A-77">').meta.sku).toBe("A-77");
  });

  it("takes an offer's id only when the product has one offer: with one per size, it is that size's", () => {
    const sizes = [
      { sku: "1899954", price: 15, priceCurrency: "USD" },
      { sku: "1900000", price: 32, priceCurrency: "USD" },
    ];
    expect(draftOf(ld({ "@type": "Product", name: "L", offers: sizes })).jsonLd.sku).toBeNull();
    expect(draftOf(ld({ "@type": "Product", name: "L", sku: "L-1", offers: sizes })).jsonLd.sku).toBe("L-1");
    const offer = (sku: string) =>
      `<div itemprop="offers" itemscope itemtype="https://schema.org/Offer"><meta itemprop="sku" content="${sku}"></div>`;
    const product = (offers: string) =>
      `<div itemscope itemtype="https://schema.org/Product"><span itemprop="name">Sandal</span>${offers}</div>`;
    expect(draftOf("", product(offer("14176898") + offer("14176899"))).microdata.sku).toBeNull();
    expect(draftOf("", product(offer("14176898"))).microdata.sku).toBe("14176898");
  });

  it("takes no placeholder a marketplace's form left for an id, and goes on to the next", () => {
    expect(draftOf(ld({ "@type": "Product", name: "L", gtin12: "Does not apply" })).jsonLd.sku).toBeNull();
    expect(draftOf(ld({ "@type": "Product", name: "L", sku: "N/A", mpn: "MX-4" })).jsonLd.sku).toBe("MX-4");
    const microdata =
      '<div itemscope itemtype="https://schema.org/Product"><meta itemprop="productID" content="upc:Does not apply"></div>';
    expect(draftOf("", microdata).microdata.sku).toBeNull();
  });

  it("reads an AggregateRating written with a capital", () => {
    const draft = draftOf(
      ld({ "@type": "Product", name: "L", AggregateRating: { ratingValue: "4.4", ReviewCount: 9 } }),
    );
    expect([draft.jsonLd.rating, draft.jsonLd.review_count]).toEqual([4.4, 9]);
  });

  const visible = (body: string) => visibleProductDraft(loadHtml(`<html><body><h1>Lamp</h1>${body}</body></html>`)).sku;

  it("reads a labelled id in one text or split from its label, and never a word", () => {
    expect(visible("<p>Item # 44-102</p>")).toBe("44-102");
    expect(visible("<dl><dt>Art.-Nr.</dt><dd>8812345</dd></dl>")).toBe("8812345");
    expect(visible("<p>Código: AB123</p>")).toBe("AB123");
    expect(visible("<span>#Артикул 4998</span>")).toBe("4998");
    expect(visible("<p>Model: Classic</p>")).toBeNull();
  });

  it("keeps an option code after a '#' as part of the id ('Product# K5G62AA#ABA')", () => {
    expect(visible(`<div class="prodSku">Product# <span class="prodNum">K5G62AA#ABA</span></div>`)).toBe("K5G62AA#ABA");
    expect(visible("<p>Item # 44-102</p>")).toBe("44-102");
  });

  it("ends a label where its word does, and takes a code of capitals set after it by a colon", () => {
    expect(visible("<li>Artikelnummer<span>56477395</span></li>")).toBe("56477395");
    expect(visible("<td>Item Id: GLOWROLL</td>")).toBe("GLOWROLL");
    expect(visible("<div>Part Number:<span>EMERMUS</span></div>")).toBe("EMERMUS");
    expect(visible('<p class="sku">Cod Produs: <span>IG-PWRTWR</span></p>')).toBe("IG-PWRTWR");
    expect(visible("<h3>PRODUCT AVAILABILITY</h3>")).toBeNull();
    expect(visible("<p>Model: CLASSIC</p>")).toBeNull();
    // A bare label before a word in capitals, and a placeholder after any label, name no id.
    expect(visible("<li>Item: BRACELET</li>")).toBeNull();
    expect(visible("<dl><dt>Product:</dt><dd>CUSHION</dd></dl>")).toBeNull();
    expect(visible("<li>MPN: UNKNOWN</li>")).toBeNull();
    expect(visible("<li>UPC: UNAVAILABLE</li>")).toBeNull();
  });

  it("reads a barcode label with its length, a number label in Dutch and a model label in other languages", () => {
    expect(visible("<li>EAN13 : <strong>9782365775717</strong></li>")).toBe("9782365775717");
    expect(visible("<dl><dt>ISBN-13:</dt><dd>9780393609394</dd></dl>")).toBe("9780393609394");
    expect(visible("<div>ISBN nummer <span>9789085587187</span></div>")).toBe("9789085587187");
    expect(visible("<li>Modelo: CW2288-111</li>")).toBe("CW2288-111");
  });

  it("reads a stock number, also after the shop's initials, and never a stock count", () => {
    expect(visible(`<div class="product-sku">CBD Stock No: WW208713</div>`)).toBe("WW208713");
    expect(visible("<li>Stock #: A12345</li>")).toBe("A12345");
    expect(visible("<li>Stock: 610</li>")).toBeNull();
    expect(visible("<li>NEW in stock 12 pcs</li>")).toBeNull();
  });

  // Ids labelled in more languages, and a part number named for its maker.
  it.each([
    ["<li>Ürün kodu: TR-55012</li>", "TR-55012"],
    ["<li>Varenr.: 2210345</li>", "2210345"],
    ["<dl><dt>Tuotenumero</dt><dd>88123</dd></dl>", "88123"],
    ["<li>Cikkszám: HU-4411</li>", "HU-4411"],
    ["<li>Κωδικός: 553201</li>", "553201"],
    ["<li>رمز المنتج: SA9912</li>", "SA9912"],
    ['<div class="inline"><label>Numer:</label> <span>11969</span></div>', "11969"],
    ["<div><strong>Manufacturer Part Number</strong></div><div>UNCBR32CCP07</div>", "UNCBR32CCP07"],
    ['<h1>Geladeira Frost Free <span class="codigo">(Cód. 212979)</span></h1>', "212979"],
    ["<h1>Frigobar PH85 <span>(Cód. Item 462100)</span></h1>", "462100"],
  ])("reads the id labelled in %s", (body, id) => {
    expect(visible(body)).toBe(id);
  });

  it("reads the product a reviews widget shows where no label names an id, never a template's placeholder", () => {
    const widget = (id: string) => `<div data-bv-show="inline_rating" data-bv-product-id="${id}"></div>`;
    expect(visible(widget("0687094P"))).toBe("0687094P");
    expect(visible(`<p>SKU: 55-1</p>${widget("0687094P")}`)).toBe("55-1");
    expect(visible(widget("{{productId}}"))).toBeNull();
  });

  it("reads the value printed right after a label alone in its parent, and not the line after it", () => {
    expect(visible("<p><b><small>Artikelnummer </small></b> A72-CG84194<br><b>Marke</b> NEC</p>")).toBe("A72-CG84194");
    // A word beside the label is no id, and the next line is not the label's value either.
    expect(visible("<p><strong>Model</strong> Classic lamp</p><p>X-20</p>")).toBeNull();
  });
});
