// The product's id as its own address writes it (src/scrape/extract/address-id.ts), and the walls
// recognised by what they say (src/scrape/extract/challenge.ts).
import { describe, expect, it } from "vitest";
import { idInAddress } from "../../../../src/scrape/extract/address-id";
import { detectChallenge } from "../../../../src/scrape/extract/challenge";

describe("idInAddress", () => {
  it.each([
    ["https://www.ebay.com/itm/226771798286", "226771798286"],
    ["https://www.etsy.com/listing/550571276/stacking-blocks", "550571276"],
    ["https://item.taobao.com/item.htm?spm=a1z10&id=562283240178", "562283240178"],
    ["https://www.target.com/p/up-up-dust-cloths/-/A-90377926", "90377926"],
    ["https://www.shop.example/kettle-p-12345678.html", "12345678"],
    ["https://www.amazon.com/dp/B0057OC5O8/ref=x", "B0057OC5O8"],
    ["https://www.shop.example/puma-sneakers/p/701812622_white", "701812622"],
    ["https://www.shop.example/brand/x/product/1190485849-floral-crown-skull", "1190485849"],
    ["https://www.shop.example/ppdp/prod-527882400.aspx", "527882400"],
    ["https://www.shop.example/es/promociones.htm?articleId=54661", "54661"],
    ["https://www.shop.example/us/wanderlust-festival-poncho/CE5145.html", "CE5145"],
    ["https://compare.example/asustor-as6210t-90ix00x1-bw3s10-a1472925.html", "a1472925"],
    ["https://www.shop.example/Funny-Nose-Shower-Gel-Dispenser--QWN146-_p76723.html", "76723"],
    ["https://urun.shop.example/sintine/seaflo-hidrofor-pompasi-P249823652", "249823652"],
    ["https://www.shop.example/pd/10000468/royal-maida-500-g-pouch/", "10000468"],
    ["https://www.shop.example/producto/pack-durex-massage-aloe-vera/48295", "48295"],
    ["https://www.shop.example/Fan-Artikel/Games/46468", "46468"],
  ])("%s gives %s", (address, id) => {
    expect(idInAddress(address)).toBe(id);
  });

  it("reads a product code parameter on a product's page only, never a voucher's or a sign-in's", () => {
    expect(idInAddress("https://eg.shop.example/en/products/product?code=31273")).toBe("31273");
    expect(idInAddress("https://shop.example/produkt.php?productcode=AB-1203")).toBe("AB-1203");
    expect(idInAddress("https://shop.example/cart?code=SUMMER2024")).toBeNull();
    expect(idInAddress("https://shop.example/account/verify?code=884213")).toBeNull();
  });

  it("reads a protocol-relative canonical address against the page's", () => {
    expect(idInAddress("//item.jd.com/1020565583.html", "https://www.jd.com/")).toBe("1020565583");
  });

  it("takes no slug of words, no short number and nothing off the web", () => {
    expect(idInAddress("https://shop.example/products/brass-sconce")).toBeNull();
    expect(idInAddress("https://shop.example/collections/2024")).toBeNull();
    // A short number opening a slug is part of the product's name ("212 Men", "5th Avenue").
    expect(idInAddress("https://shop.example/products/212-man")).toBeNull();
    expect(idInAddress("https://shop.example/products/5th-avenue-bar-18ct")).toBeNull();
    expect(idInAddress("https://shop.example/news/sale-2024.html")).toBeNull();
    expect(idInAddress("file:///tmp/item/12345678.html")).toBeNull();
    // A model, a season, a category or a page number ending the path is no product id.
    for (const path of [
      "/cameras/nikon-coolpix-p1000",
      "/graphics-cards/asus-tuf-gaming-rtx4090.html",
      "/printers/canon-pixma-ts5150.html",
      "/products/linen-midi-dress-ss2024",
      "/women/dresses-c10234.html",
      "/catalog/page_p0003",
      "/archive/2024/1234",
      "/kettles/kettle-12345",
    ])
      expect(idInAddress(`https://shop.example${path}`), path).toBeNull();
  });
});

describe("walls recognised by what they say", () => {
  const wall = (title: string, body: string, padding = 0) =>
    `<html><head><title>${title}</title><script>${"x".repeat(padding)}</script></head><body>${body}</body></html>`;

  it("reads a large page that says a sentence or two of a wall as one", () => {
    const page = wall("Bot or Not?", "<p>We can't tell if you're a human or a bot.</p>", 300_000);
    expect(detectChallenge(page, 200)?.kind).toBe("generic");
  });

  it("reads block and error pages in several languages", () => {
    expect(detectChallenge(wall("Ripley | Blocked", "<h2>¿Por qué me han bloqueado?</h2>"), 200)).not.toBeNull();
    expect(detectChallenge(wall("Oh no!", "<p>Something went wrong, please try again later.</p>"), 200)).not.toBeNull();
    expect(
      detectChallenge(wall("shop.example", "<p>This page isn’t working</p><p>HTTP ERROR 500</p>"), 200),
    ).not.toBeNull();
  });

  it("takes no ordinary page that mentions an error for one", () => {
    const copy = "<p>Our kettle boils a litre in three minutes.</p>".repeat(100);
    expect(detectChallenge(wall("Kettle", `${copy}<p>Something went wrong, please try again</p>`), 200)).toBeNull();
  });
});
