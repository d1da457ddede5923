// Short texts of a page (src/scrape/extract/visible.ts): read children first, a wrapper whose ink is
// all one child's takes that child's text, and every element's text is still what `visibleText` reads.
import { describe, expect, it } from "vitest";
import { visibleAvailability } from "../../../../src/scrape/extract/availability";
import { loadHtml, visibleText } from "../../../../src/scrape/extract/dom";
import { headingPrice, shortTexts, visibleTitle } from "../../../../src/scrape/extract/visible";
import { visibleRating, visibleReviewCount } from "../../../../src/scrape/extract/visible-rating";
import { visibleProductDraft } from "../../../../src/scrape/extract/visible-draft";

const PAGE = `<html><body>
  <ul class="facts">
    <li class="rating-box">
      <a href="/r"> <span>&#8203;4,5 de 5</span>
        <script>var stars = 5;</script></a>
    </li>
    <li><b>Size</b> <i>M</i></li>
    <li>
      <span class="number-reviews">(6)</span><br>
    </li>
    <li><div>  </div><p>Price: <span>$165.95</span></p></li>
  </ul>
  <p>${"Long copy that is far too long to be a label of any kind. ".repeat(3)}</p>
</body></html>`;

describe("shortTexts", () => {
  const root = loadHtml(PAGE);
  const all = shortTexts(root, () => true);

  it("gives each short element the text visibleText reads, wrappers included, in document order", () => {
    expect(all.map(([element, text]) => [element.tagName, text])).toEqual([
      ["UL", "4,5 de 5 Size M (6) Price: $165.95"],
      ["LI", "4,5 de 5"],
      ["A", "4,5 de 5"],
      ["SPAN", "4,5 de 5"],
      ["LI", "Size M"],
      ["B", "Size"],
      ["I", "M"],
      ["LI", "(6)"],
      ["SPAN", "(6)"],
      ["LI", "Price: $165.95"],
      ["P", "Price: $165.95"],
      ["SPAN", "$165.95"],
    ]);
    for (const [element, text] of all) expect(text).toBe(visibleText(element));
  });

  it("leaves out elements with no ink and texts too long for a label", () => {
    const tags = all.map(([element]) => element.tagName);
    for (const tag of ["DIV", "SCRIPT", "BR", "HTML", "BODY"]) expect(tags).not.toContain(tag);
    expect(tags.filter((tag) => tag === "P")).toHaveLength(1);
  });

  it("serves the readers that look for ratings and review counts in elements named for them", () => {
    expect(visibleRating(root)).toBe(4.5);
    expect(visibleReviewCount(root)).toBe(6);
  });
});

describe("a rating and a count beside the heading", () => {
  const page = (box: string, below = "") =>
    loadHtml(
      `<html><body><div class="product"><div class="main"><h1>Clock</h1>${box}</div></div>${below}</body></html>`,
    );

  it("reads a star bar's width or title as its share of five stars", () => {
    expect(visibleRating(page('<div class="rating-box"><div class="rating" style="width:90%"></div></div>'))).toBe(4.5);
    expect(visibleRating(page('<div class="rating-result" title="100%"><span></span></div>'))).toBe(5);
  });

  it("takes no stars of a recommended item's card in a strip, before or after the product's", () => {
    const strip = `<div class="slider"><ul class="products"><li class="product"><a href="/other">Other</a>
      <div class="star_rating_center"><a class="star-rating">4.5 out of 5 stars</a></div></li></ul></div>`;
    expect(visibleRating(page("<p>Write a Review</p>", strip))).toBeNull();
    expect(visibleRating(page('<div class="star-rating">4 out of 5 stars</div>', strip))).toBe(4);
  });

  it("takes no empty bar, and no bar of a review list outside the heading's block", () => {
    expect(visibleRating(page('<div class="rating" style="width:0%"></div>'))).toBeNull();
    expect(visibleRating(page("", '<ol><li><div class="rating" style="width:40%"></div></li></ol>'))).toBeNull();
  });

  it("takes no expert's verdict and no seller's stars as the item's rating", () => {
    const bar = (width: number, modifier = "") =>
      `<section class="p-star-rating"><div class="star-rating${modifier}"><div class="star-rating__fill" style="width:${width}%"></div></div><span class="p-star-rating__rating">${width / 20}</span></section>`;
    expect(visibleRating(page(`<div><span>By our experts</span><a href="/review">${bar(62)}</a></div>`))).toBeNull();
    expect(visibleRating(page(`<div><span>Editor's rating</span>${bar(80)}</div>`))).toBeNull();
    expect(
      visibleRating(page(`<div><a href="/dealer#reviews">${bar(98, " star-rating--seller")}</a></div>`)),
    ).toBeNull();
    expect(visibleRating(page(`<div><span>Customer reviews</span>${bar(90)}</div>`))).toBe(4.5);
    expect(visibleRating(page(`<div><span class="badge-bestseller">Bestseller</span>${bar(90)}</div>`))).toBe(4.5);
    expect(visibleRating(page(`<div><span class="BestSeller">Top</span>${bar(90)}</div>`))).toBe(4.5);
    expect(visibleRating(page(`<div><a class="chatWithSeller">Chat</a>${bar(100)}</div>`))).toBeNull();
  });

  it("takes no star of the form that asks the shopper for a review", () => {
    const form = `<form class="userForm reviewsForm"><label>Votre note :</label><span class="starRating rating_0">
      <a class="ratingChoice">1/5</a><a class="ratingChoice">2/5</a><a class="ratingChoice">5/5</a></span></form>`;
    expect(visibleRating(page(form))).toBeNull();
    expect(visibleRating(page(`<form id="aspnetForm"><span class="rating">4 out of 5</span></form>`))).toBe(4);
  });

  it("reads a bare average beside its count of reviews ('5.0', 'z 65 opinii'), not a rail card's pair above", () => {
    const pair = (rating: string, count: string) =>
      `<div class="trustmate-rating"><div class="trustmate-rating_rating">${rating}</div><div class="trustmate-rating_text">${count}</div></div>`;
    const rail = `<div class="recommended"><a href="/other">Tea</a>${pair("4.9", "z 70 opinii")}</div>`;
    const root = loadHtml(
      `<html><body>${rail}<div class="product"><div class="main">${pair("5.0", "z 65 opinii")}<h1>Mascarpone</h1></div></div></body></html>`,
    );
    expect(visibleRating(root)).toBe(5);
    expect(visibleReviewCount(root)).toBe(65);
    expect(visibleReviewCount(page("<p>based on 12 reviews</p>"))).toBe(12);
    expect(visibleRating(page('<div class="rating">4.0</div><p>Free delivery</p>'))).toBeNull();
  });

  it("reads '15 Review(s)' beside the heading whatever the element is called", () => {
    expect(visibleReviewCount(page("<p><a href='#r'>15 Review(s)</a></p>"))).toBe(15);
    expect(visibleReviewCount(page("<p>8 reviews</p>"))).toBe(8);
    expect(visibleReviewCount(page("<div><a>4.5 out of 5 stars</a><a>(587 Reviews)</a></div>"))).toBe(587);
    expect(visibleReviewCount(page('<div><div class="rv-rating">5.0</div><div>(2 reviews)</div></div>'))).toBeNull();
    expect(visibleReviewCount(page("<p>Write one of 8 reviews here</p>"))).toBeNull();
  });

  it("reads '4.6 rating' beside the heading as the average, never as a count of reviews", () => {
    const shown = page('<span class="total_review" id="product_total_review"> 4.6 rating </span><a>Write a review</a>');
    expect(visibleRating(shown)).toBe(4.6);
    expect(visibleReviewCount(shown)).toBeNull();
    expect(visibleRating(page("<p>4.3 stars</p><p>(20 reviews)</p>"))).toBe(4.3);
    expect(visibleRating(page("<p>5 stars</p>"))).toBeNull();
  });

  it("never counts the scale or a review's stars beside 'out of' as reviews", () => {
    const outOf = (rating: string) =>
      `<div class="BVRRRatingNormalOutOf"><span class="BVRRNumber BVRRRatingNumber">${rating}</span> <span>out of</span> <span class="BVRRNumber BVRRRatingRangeNumber">5</span></div>`;
    const shown = page(`<div class="summary">${outOf("4.7")}</div><div class="BVRRReviews">${outOf("5")}</div>`);
    expect(visibleRating(shown)).toBe(4.7);
    expect(visibleReviewCount(shown)).toBeNull();
    const counted = page(`${outOf("4.7")}<span class="BVRRRatingCount">(13)</span>`);
    expect(visibleReviewCount(counted)).toBe(13);
  });
});

describe("the page's main heading", () => {
  it("passes over the headings of the page's menus, site header and dialogs", () => {
    const root = loadHtml(`<html><body>
      <header class="site"><h1><a href="/">Shop, Inc</a></h1></header>
      <nav role="navigation"><h1>Shop By Department</h1></nav>
      <div id="login" class="modal fade"><h1>Sign in / Register</h1></div>
      <main><header><h1>Button-Front Crew-Neck Cardi</h1></header><p>$24.99</p></main>
    </body></html>`);
    expect(visibleTitle(root)).toBe("Button-Front Crew-Neck Cardi");
  });

  it("reads a heading's own line, without a widget a template nests after it, and a heading built of boxes whole", () => {
    const widget =
      loadHtml(`<html><body><h1 itemprop="name">HP Pavilion Mini Desktop - 300-020<span class="clasification"></span>
      <div id="BVRRSummaryContainer"><div class="BVRRLabel">Overall rating</div><span>4.1</span> / <span>5</span><div>Rating breakdown 20 reviews</div></div></h1></body></html>`);
    expect(visibleTitle(widget)).toBe("HP Pavilion Mini Desktop - 300-020");
    const boxes =
      loadHtml(`<html><body><h1><div><span><a href="/carolina-herrera/">CAROLINA HERRERA</a> <span>Good Girl</span></span></div>
      <span>парфюмированная вода для женщин</span></h1></body></html>`);
    expect(visibleTitle(boxes)).toBe("CAROLINA HERRERA Good Girl парфюмированная вода для женщин");
  });

  it("reads a name split over two <h1>s set one after the other", () => {
    const root =
      loadHtml(`<html><body><div class="pdp-price-info"><h1 class="pdp-title">Himalaya</h1><h1 class="pdp-name">Gentle Baby Shampoo - 100ml</h1>
      <div>4.7</div></div></body></html>`);
    expect(visibleTitle(root)).toBe("Himalaya Gentle Baby Shampoo - 100ml");
    const twice = loadHtml(
      `<html><body><div><h1>DOT &amp; KEY</h1><h1>Dot &amp; Key Watermelon Sunscreen</h1></div></body></html>`,
    );
    expect(visibleTitle(twice)).toBe("Dot & Key Watermelon Sunscreen");
    const apart = loadHtml(
      `<html><body><main><h1>Gentle Baby Shampoo</h1><p>For babies</p><h1>Reviews</h1></main></body></html>`,
    );
    expect(visibleTitle(apart)).toBe("Gentle Baby Shampoo");
  });

  it("names a heading once whose brand's link is said again at the head of the name beside it", () => {
    const root = loadHtml(`<html><body><h1>
      <a href="/shop/vince-camuto/4064">Vince Camuto</a>
      <span id="product-name">Vince Camuto Woven Floppy Panama Hat</span></h1></body></html>`);
    expect(visibleTitle(root)).toBe("Vince Camuto Woven Floppy Panama Hat");
    const twoParts = loadHtml(
      `<html><body><h1><a href="/b/grivel">Grivel</a> <span>G12 Crampon</span></h1></body></html>`,
    );
    expect(visibleTitle(twoParts)).toBe("Grivel G12 Crampon");
  });

  it("passes over an <h1> that is the site's logo, a link to its home page, wherever it sits", () => {
    const root = loadHtml(`<html><body>
      <div id="header"><h1 id="mallLogo"><span><a href="//www.tmall.com/" title="天猫Tmall.com"><s></s>天猫Tmall.com</a></span></h1></div>
      <div id="detail"><h1><a href="//detail.tmall.com/item.htm?id=605258110430"> Apple/苹果 iPhone 11</a></h1></div>
    </body></html>`);
    expect(visibleTitle(root)).toBe("Apple/苹果 iPhone 11");
    const alone = loadHtml(`<html><body><div><h1><a href="/">Shop</a></h1></div><p>Welcome</p></body></html>`);
    expect(visibleTitle(alone)).toBe("Shop");
  });

  it("takes, on a page with no <h1>, the <h2> whose leading words open the <title>, with its subtitle", () => {
    const root = loadHtml(`<html><head><title>Thor by Billy Tan (Paperback): shop.com</title></head><body>
      <h2>Bestsellers</h2><h2>Thor<span class="subtitle"> : Latverian Prometheus (Paperback)</span></h2>
      <p>Online Price: $11.48</p></body></html>`);
    expect(visibleTitle(root)).toBe("Thor : Latverian Prometheus (Paperback)");
    const sections = loadHtml(`<html><head><title>Thor by Billy Tan: shop.com</title></head><body>
      <h2>Thorough reviews</h2><h2>The</h2></body></html>`);
    expect(visibleTitle(sections)).toBeNull();
  });

  it("takes an <h3> that opens the <title> the same way, and reads the price beside it", () => {
    const root = loadHtml(`<html><head><title>Audi Q5 :: Avtonet ::</title></head><body>
      <h3>Oglasi</h3><div class="ad"><h3>Audi&nbsp;Q5&nbsp;<small>3.0 TDI QUATTRO</small></h3>
      <p class="h2">15.990 €</p></div></body></html>`);
    expect(visibleTitle(root)).toBe("Audi Q5 3.0 TDI QUATTRO");
    expect(headingPrice(root)).toMatchObject({ amount: 15990, currency: "EUR" });
  });

  it("takes an <h4> that opens the <title> on a page with no higher heading (a price comparer's item)", () => {
    const root = loadHtml(`<html><head><title>Напій газований 7-Up 1л - BScanner - сканер цін</title></head><body>
      <section class="product"><div class="product__description"><h4 class="product__description--title">Напій газований 7-Up 1л</h4>
      <p>Штрих-коди: 4823063104258</p><p>F.UA 25 грн</p></div></section></body></html>`);
    expect(visibleTitle(root)).toBe("Напій газований 7-Up 1л");
  });

  it("takes, on a page with no heading, the element named for the item's title whose text the <title> holds", () => {
    const root = loadHtml(`<html><head><title>2012 Silver Subaru Forester 2.0 XS for sale for £6,900</title></head>
      <body><main><article><p>Overview</p></article><aside><section>
      <p data-testid="advert-title">Subaru Forester</p><span>2.0 XS</span>
      <div><h2 data-testid="advert-price">£6,900</h2></div></section></aside></main></body></html>`);
    expect(visibleTitle(root)).toBe("Subaru Forester");
    expect(headingPrice(root)).toMatchObject({ amount: 6900, currency: "GBP" });
    // A name the <title> does not hold is another item's (a rail's card).
    const rail = loadHtml(`<html><head><title>Subaru Forester for sale</title></head>
      <body><div class="product-title">Honda Jazz</div></body></html>`);
    expect(visibleTitle(rail)).toBeNull();
  });

  it("passes over the heading of a pop-up or lightbox a script opens, named by class or id", () => {
    const root = loadHtml(`<html><body>
      <div id="promo_lightbox"><div class="email-signup"><h1>SIGN UP TODAY</h1></div></div>
      <div class="no-mobile" id="welcome_newsletter_popup"><h1>Welcome To</h1></div>
      <div class="share-popover-preload"><h1>Send this to a friend</h1></div>
      <div class="product"><h1>Supima Cotton Cardigan</h1><button>Add to Bag</button></div>
    </body></html>`);
    expect(visibleTitle(root)).toBe("Supima Cotton Cardigan");
    expect(visibleAvailability(root)).toBe("in_stock");
  });

  it("reads a page wrapped in a box named for a pop-up plug-in as the page (a body's class, a gallery around the product)", () => {
    const product = `<h1>Linen shirt, blue</h1><p class="price">49,00 €</p><p class="stock out-of-stock">Out of stock</p>`;
    const body = loadHtml(`<html><body class="single-product popup-enabled"><main>${product}</main></body></html>`);
    expect(visibleTitle(body)).toBe("Linen shirt, blue");
    const gallery = loadHtml(
      `<html><body><header><a href="/">Shop</a></header><div class="popup-gallery">${product}</div></body></html>`,
    );
    expect(visibleTitle(gallery)).toBe("Linen shirt, blue");
    expect(visibleAvailability(gallery)).toBe("out_of_stock");
  });

  it("takes a heading of the page's frame when the content has none, never a dialog's", () => {
    expect(visibleTitle(loadHtml("<body><nav><h1>Menu</h1></nav><h1></h1></body>"))).toBe("Menu");
    expect(
      visibleTitle(loadHtml('<body><div role="dialog"><h1>Sign in</h1></div><p>Night Mask</p></body>')),
    ).toBeNull();
  });

  it("passes over a notice only a browser without scripts shows", () => {
    const root =
      loadHtml(`<body><div class="hint"><noscript><h1>Für ein optimales Einkaufserlebnis<br>aktivieren Sie bitte Javascript.</h1></noscript></div>
      <table><tr><td><h1>MSI PRO MP273APDE weiß</h1><b>225,00 €</b></td></tr></table></body>`);
    expect(visibleTitle(root)).toBe("MSI PRO MP273APDE weiß");
    expect(headingPrice(root)).toMatchObject({ amount: 225, currency: "EUR" });
  });

  it("finds the product's name by the og:title on a page whose name is no heading", () => {
    const root =
      loadHtml(`<html><head><title>Night Mask | Shop</title><meta property="og:title" content="Night Mask"></head>
      <body><div class="modal"><h1>Sign in</h1></div><div class="product"><div class="page_title"> Night Mask </div><p>40 MDL</p></div></body></html>`);
    expect(visibleTitle(root)).toBe("Night Mask");
    expect(headingPrice(root)).toMatchObject({ amount: 40, currency: "MDL" });
  });
  it("reads the buy box of the product's section around a titled header, never a rail's card far below", () => {
    const filler = `<p>${"Technische Daten und Beschreibung. ".repeat(800)}</p>`;
    const page = (buyBox: string) =>
      loadHtml(`<body><section class="product"><div class="head"><div class="row"><div class="col"><div class="title">
      <h1>Lenovo L24i-40 Monitor</h1></div></div></div></div>${buyBox}</section></body>`);
    expect(headingPrice(page(`<div class="buy"><div class="price">€ 142,00</div></div>`))).toMatchObject({
      amount: 142,
      currency: "EUR",
    });
    expect(headingPrice(page(`${filler}<div class="rail"><div class="card">2.303.700₫</div></div>`))).toBeNull();
  });
  it("reads the buy box in the section right after the page's own header that holds the heading", () => {
    const page = (section: string) =>
      loadHtml(`<body><header><nav><a href="/">Logo</a></nav><div id="main-header"><div class="page-width">
      <h1>Fußball Logicals - Rätselheft</h1></div></div></header>${section}<footer><p>Versand 4,95 €</p></footer></body>`);
    expect(
      headingPrice(
        page(`<section><div class="buy-button"><div class="price"><strong>8,99 €</strong></div></div></section>`),
      ),
    ).toMatchObject({
      amount: 8.99,
      currency: "EUR",
    });
    // Only the next section: the footer's shipping fee is no price of the item.
    expect(headingPrice(page(`<section><p>Kostenfreier Versand</p></section>`))).toBeNull();
  });
  it("takes the buy box's price over a labelled price in a rail below it, and a labelled price where no heading shows one", () => {
    const rail = `<div class="related"><h2>Sản phẩm liên quan</h2><ul>${'<li><a href="/b">Another book of the series</a><p>Special Price 117.750đ</p></li>'.repeat(3)}</ul></div>`;
    const page = loadHtml(
      `<body><div class="product"><div class="col"><h1>Pháp Y Tần Minh (Bộ 3 Cuốn)</h1><p class="availability">Còn hàng</p><span class="regular-price">460.000 đ</span></div></div>${rail}</body>`,
    );
    expect(visibleProductDraft(page).price).toMatchObject({ amount: 460000, currency: "VND" });
    const labelledInBox = loadHtml(
      `<body><div class="product"><h1>Desk lamp</h1><p>Was $20.00</p><p>Sale price: $16.00</p></div>${rail}</body>`,
    );
    expect(visibleProductDraft(labelledInBox).price).toMatchObject({ amount: 16, currency: "USD" });
    expect(visibleProductDraft(loadHtml(PAGE)).price).toMatchObject({ amount: 165.95, currency: "USD" });
  });

  it("reads a stray itemprop price's currency from its own line where no priceCurrency names one", () => {
    const boxed = loadHtml(
      '<html lang="en-IN"><body><div class="product"><h1>Hand warmers</h1><h2>KWD 21 <span itemprop="price" content="21"></span></h2><p>KWD 96.35 Shipping</p></div></body></html>',
    );
    expect(visibleProductDraft(boxed, { locale: "en-IN", country: "IN" }).price).toMatchObject({
      amount: 21,
      currency: "KWD",
    });
  });
});
