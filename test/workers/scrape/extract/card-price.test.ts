// Prices as result cards print them (src/scrape/extract/card-price.ts, currency.ts): the price
// elements of a scope in page order, split markup read as one, scripts and icons left out.
import { describe, expect, it } from "vitest";
import { loadHtml } from "../../../../src/scrape/extract/dom";
import { cardPrice, priceTexts } from "../../../../src/scrape/extract/card-price";
import { currencyFromText } from "../../../../src/scrape/extract/currency";
import { selectAll } from "../../../../src/scrape/extract/select";

const PAGE = `<ul>
  <li class="card"><a href="/p/1">Stoneware coffee mug with a handle, a set of 2 pieces</a>
    <span class="price"><b>¥</b><b>300</b></span> <s>¥450</s>
    <script>var price = "¥999";</script>
    <svg><text>¥777</text></svg>
    <div>12 x de <span>¥25</span></div>
  </li>
  <li class="card"><a href="/p/2">Large ceramic serving bowl for salads and pasta</a><p>Was $19.99</p><p><span>Now</span> $15.00</p>
    <template><p>$1.00</p></template><span>4.5 (1,234)</span>
  </li>
</ul>`;

describe("priceTexts", () => {
  const root = loadHtml(PAGE);
  const cards = selectAll(root, "li.card");

  it("finds each price once, in page order, split markup as one and hidden subtrees left out", () => {
    const read = priceTexts(root).map((price) => [price.text, price.struck, price.other]);
    expect(read).toEqual([
      ["¥300", false, false],
      ["¥450", true, false],
      ["¥25", false, true],
      // The instalment line holds a digit of its own, so it is read whole too, and set aside as well.
      ["12 x de ¥25", false, true],
      ["Was $19.99", true, false],
      ["Now $15.00", false, false],
    ]);
  });

  it("reads only inside the scope it is given", () => {
    expect(priceTexts(cards[1]!).map((price) => price.text)).toEqual(["Was $19.99", "Now $15.00"]);
    // The scope itself is no price of its own: its parts hold none.
    expect(priceTexts(selectAll(root, "span.price")[0]!)).toEqual([]);
  });
});

describe("a price printed after the struck one it replaces, in one box", () => {
  it("is read without the struck price", () => {
    const root = loadHtml(
      `<div class="card"><div class="price"><del>59,00<span> руб.</span></del>51,80<span> руб.</span></div></div>`,
    );
    expect(priceTexts(root).map((price) => [price.text, price.struck])).toEqual([
      ["59,00 руб.", true],
      ["51,80 руб.", false],
    ]);
  });

  it("reads a struck amount printed without its currency apart from the price that abuts it", () => {
    const root = loadHtml(
      `<div class="card"><span class="price-old">7 999</span><!-- --><span class="price-new">6 400 ₽</span></div>`,
    );
    expect(cardPrice(priceTexts(root), {})).toMatchObject({ amount: 6400, currency: "RUB" });
    // Struck by the element around it, its currency printed once before the price paid.
    const nested = loadHtml(
      `<div class="rate"><span>Nightly rates as low as</span><del><span class="price">70</span></del>` +
        `<strong><span class="currency">CA$ </span><span class="price">19</span></strong></div>`,
    );
    expect(cardPrice(priceTexts(nested), {})).toMatchObject({ amount: 19, currency: "CAD" });
  });

  it("reads a struck amount without its currency and a discount in Persian digits or sign first apart from the price paid", () => {
    const persian = loadHtml(
      `<div class="c-price"><div class="c-price__value"><del>۲۱,۰۰۰</del><div class="oval"><span>٪۱۵</span></div><div class="wrapper">۱۷,۸۵۰ <span>تومان</span></div></div></div>`,
    );
    expect(cardPrice(priceTexts(persian), {})).toMatchObject({ amount: 178500, currency: "IRR" });
    const turkish = loadHtml(`<div class="price"><del>1.299</del><span>%10</span><span>1.169 TL</span></div>`);
    expect(cardPrice(priceTexts(turkish), {})).toMatchObject({ amount: 1169, currency: "TRY" });
  });

  it("knows a struck price by its own label before it ('Rek. cena det', 'UVP'), the label never a price", () => {
    const polish = loadHtml(
      `<div class="price"><span class="a"><span>Rek. cena det</span></span> <span class="b"><span>365,00&nbsp;zł</span></span> <span class="c"><span>239,00&nbsp;zł<sup> 1</sup></span></span></div>`,
    );
    expect(cardPrice(priceTexts(polish), {})).toMatchObject({ amount: 239, currency: "PLN" });
    const german = loadHtml(`<div class="price"><span>UVP</span><span>49,99 €</span><span>39,99 €</span></div>`);
    expect(priceTexts(german).map((price) => price.struck)).toEqual([true, false]);
  });

  it("knows a previous price by a class short for it ('currency-pre', 'price-prev'), never a pre-order's", () => {
    const root = loadHtml(
      `<div class="card"><div class="site-currency-pre">4.034,00 kr.</div><span class="site-currency-lg">3.555,00 kr.</span>
        <span class="price-prev">5,00 €</span><span class="price-pre-order">4,00 €</span><span class="presale-price">3,00 €</span></div>`,
    );
    expect(priceTexts(root).map((price) => [price.text, price.struck])).toEqual([
      ["4.034,00 kr.", true],
      ["3.555,00 kr.", false],
      ["5,00 €", true],
      ["4,00 €", false],
      ["3,00 €", false],
    ]);
  });
});

describe("a price set after a measure alone", () => {
  it("is the measure's price, not the item's; an item's own weight is no measure", () => {
    const root = loadHtml(`<div class="card"><a>Jamón cocido, sobre 200 g</a>
      <p class="quantity-price"><span>1 KILO A </span><span class="price-product">17,25 €</span></p>
      <span class="price-now"><span class="price-offer-now"> 3,45</span><span>€</span></span>
      <p>1 kg: 4,99 €</p><p><span>Jamón, sobre 200 g</span><span>2,99 €</span></p>
      <p><span>100 g =</span> <span>1,20 €</span></p><p><span>2 kg</span> <span>19,99 €</span></p></div>`);
    expect(priceTexts(root).map((price) => [price.text, price.other])).toEqual([
      ["1 KILO A 17,25 €", true],
      ["3,45€", false],
      ["1 kg: 4,99 €", true],
      ["Jamón, sobre 200 g2,99 €", false],
      ["100 g = 1,20 €", true],
      ["2 kg 19,99 €", false],
    ]);
  });
});

describe("a coupon and a discount printed unstruck", () => {
  it("reads a coupon's worth as no price of the item", () => {
    const root = loadHtml(`<div><span>Ek 15 TL Kupon</span><span>$5 off coupon</span><span>89,99 TL</span></div>`);
    expect(priceTexts(root).map((price) => [price.text, price.other])).toEqual([
      ["Ek 15 TL Kupon", true],
      ["$5 off coupon", true],
      ["89,99 TL", false],
    ]);
  });

  it("takes the lower of two prices whose box prints the percentage between them, unless a way of paying earns it", () => {
    const box = (after: string) =>
      loadHtml(
        `<div class="price"><div class="label">Sepete özel</div><div class="info"><div class="original-area"><span class="original">89,99 TL</span><span class="rate">%10</span></div><div class="final">80<span>,99 TL</span></div>${after}</div></div>`,
      );
    expect(cardPrice(priceTexts(box("")), {})).toMatchObject({
      amount: 80.99,
      currency: "TRY",
      original_amount: 89.99,
    });
    expect(cardPrice(priceTexts(box("<p>no boleto</p>")), {})).toMatchObject({ amount: 89.99 });
    // Two prices with no percentage between them: the first stays.
    const plain = loadHtml(`<div class="price"><span>89,99 TL</span> <span>80,99 TL</span></div>`);
    expect(cardPrice(priceTexts(plain), {})).toMatchObject({ amount: 89.99 });
  });

  it("passes over a zero, a placeholder or an empty cart, to the price paid after it", () => {
    const box = loadHtml(
      `<div class="buy"><div id="oldprice">0,00€</div><span class="rate">DTO. %</span><div id="actualprice">399,94€</div></div>`,
    );
    expect(cardPrice(priceTexts(box), {})).toMatchObject({ amount: 399.94, currency: "EUR" });
    expect(cardPrice(priceTexts(loadHtml(`<p><span>$0.00</span></p>`)), {})).toMatchObject({ amount: 0 });
  });
});

describe("a threshold printed near the price", () => {
  it("is set aside: the least an order must reach for free delivery is no price of the item", () => {
    const root = loadHtml(
      `<div><p><span>3,500円</span>(税別)以上で <b>配送料無料</b></p><p>Free shipping on orders over <span>$35.00</span></p><p><span>￥ 197</span>（税込）</p></div>`,
    );
    expect(priceTexts(root).map((price) => [price.text, price.other])).toEqual([
      ["3,500円", true],
      ["$35.00", true],
      ["￥ 197", false],
    ]);
  });

  it("is set aside in Chinese and Spanish too ('满68元,包邮', 'en compras superiores a $50.000')", () => {
    const root = loadHtml(
      `<div><dl><dt>优惠</dt><dd>满68元,包邮</dd></dl><p>Envío gratis en compras superiores a <b>$50.000</b></p><dl><dt>促销价</dt><dd><em>&#165;</em> <span>36.80</span></dd></dl></div>`,
    );
    expect(priceTexts(root).map((price) => [price.text, price.other])).toEqual([
      ["满68元,包邮", true],
      ["$50.000", true],
      ["¥ 36.80", false],
    ]);
  });
});

describe("what a shopper saves, printed beside the price", () => {
  it("is set aside, in words or as a negative amount ('(Save £2.50)', 'Économisez 640,000 DT', '−20 €')", () => {
    const root = loadHtml(
      `<div><p>Now <b>£10.00</b> <span>(Save £2.50)</span></p><p><span>2 999,000 DT</span> <span>Économisez 640,000 DT</span></p><p><span>−20 €</span></p></div>`,
    );
    expect(priceTexts(root).map((price) => [price.text, price.other])).toEqual([
      ["£10.00", false],
      ["(Save £2.50)", true],
      ["2 999,000 DT", false],
      ["Économisez 640,000 DT", true],
      ["−20 €", true],
    ]);
  });

  it("is set aside where a word after the amount takes it off or the shopper earns it back", () => {
    const root = loadHtml(
      `<div><p>선착순 100명, 최대 10만원 할인</p><p>AGODASPONSORED 적용됨 - ₩ 16,720 할인!</p><p>₩ 532342 적용됨</p><p>캐쉬백 리워드: ₩ 269,337</p><p>할인가 ₩ 9,900</p><p>£27.00 (10% OFF)</p></div>`,
    );
    expect(priceTexts(root).map((price) => price.other)).toEqual([true, true, true, true, false, false]);
  });
});

describe("currencyFromText", () => {
  it("finds no currency in digits and punctuation alone", () => {
    for (const text of ["4.5", "(1,234)", "12 - 15", "3/4", "+20%", ""]) expect(currencyFromText(text)).toBeNull();
  });

  it("reads codes, signs and words beside an amount", () => {
    const read = ["$12", "12 €", "EUR 12", "S/ 12", "12 kr", "1.299 zł", "Rs. 450", "¥300"].map((text) =>
      currencyFromText(text),
    );
    expect(read).toEqual(["USD", "EUR", "EUR", "PEN", "SEK", "PLN", "INR", "JPY"]);
    // Canada's dollar as Canadian shops print it.
    expect(["CDN $83.00", "CDN$ 12.99", "C$19", "CA$ 72"].map((text) => currencyFromText(text))).toEqual([
      "CAD",
      "CAD",
      "CAD",
      "CAD",
    ]);
  });

  it("reads the yuan from CN¥, RMB and 元, the yen from JP¥ and 円, and 元 as a Taiwan or Hong Kong site's dollar", () => {
    const read = ["CN¥3.80-36.48", "RMB 120", "售价 199元", "JP¥1,200", "1,980円", "¥300"].map((text) =>
      currencyFromText(text),
    );
    expect(read).toEqual(["CNY", "CNY", "CNY", "JPY", "JPY", "JPY"]);
    expect(currencyFromText("售價 1,200元", { country: "TW" })).toBe("TWD");
    expect(currencyFromText("¥300", { country: "CN" })).toBe("CNY");
  });

  it("reads a shared sign as the strongest hinted currency it may stand for, past a hint it never means", () => {
    // A Chilean shop whose template says es_ES: "$" is no euro, so the domain's peso.
    expect(currencyFromText("$15.990", { locale: "es_ES", country: "CL" })).toBe("CLP");
    expect(currencyFromText("$15.990", { locale: "es-MX", country: "CL" })).toBe("MXN");
    expect(currencyFromText("$15", { locale: "de-DE" })).toBe("USD");
    expect(currencyFromText("kr 120", { locale: "en-GB", country: "NO" })).toBe("NOK");
  });

  it("reads a lone R as the rand only beside a figure of its own, and only where the site names no other currency", () => {
    expect(currencyFromText("R 1 299")).toBe("ZAR");
    expect(currencyFromText("R 1 299", { country: "ZA" })).toBe("ZAR");
    // A Greek shop's refrigerant ("R32") and a phone's model name ("vivo T4R 5G").
    expect(currencyFromText("Οικολογικό Ψυκτικό Υγρό (R32)", { country: "GR" })).toBeNull();
    expect(currencyFromText("vivo T4R 5G (Twilight Blue, 256 GB)")).toBeNull();
    // A model number glued to its letter ("R8871642003"), where "R1299" and "R 8871642" are still rands.
    expect(currencyFromText("Analog Watch - For Men R8871642003")).toBeNull();
    expect(currencyFromText("R1299")).toBe("ZAR");
    expect(currencyFromText("R 8871642")).toBe("ZAR");
  });
});
