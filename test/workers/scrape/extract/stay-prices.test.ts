// Amounts a hotel page labels with what they pay for (src/scrape/extract/stay-prices.ts): an amount
// printed alone whose nearest short block says nights or a stay, never a struck price or a calendar day.
import { describe, expect, it } from "vitest";
import { loadHtml } from "../../../../src/scrape/extract/dom";
import { labelledStayPrices } from "../../../../src/scrape/extract/stay-prices";
import { priceBasisOf } from "../../../../src/platforms/hotel-readers/extract";

const saysBasis = (text: string) => priceBasisOf(text) !== null;

const PAGE = `<main>
  <div class="x1"><div class="x2"><span class="x3">₹999.00</span></div>
    <div class="x4"><span>Total for 1 Room</span><span>•</span><span>1 Night</span></div></div>
  <div class="x1"><div class="x2"><del>₹1,500.00</del> <span>₹1,200.00</span></div><div>per night</div></div>
  <div class="calendar"><div><span>₹850</span><span>1 night</span></div></div>
  <div class="x1"><span>₹49.95</span><span>taxes &amp; fees</span></div>
  <p>Up to 17% lower than other sites: book for 2 nights</p>
</main>`;

describe("labelledStayPrices", () => {
  const found = labelledStayPrices(loadHtml(PAGE), saysBasis);

  it("reads each amount whose short block names nights, with that block as its label", () => {
    expect(found.map((price) => [price.price.amount, price.price.currency])).toEqual([
      [999, "INR"],
      [1200, "INR"],
    ]);
    expect(found[0]!.label).toContain("1 Night");
  });

  it("leaves out the struck price, the calendar's day rate and an amount labelled with something else", () => {
    const amounts = found.map((price) => price.price.amount);
    expect(amounts).not.toContain(1500);
    expect(amounts).not.toContain(850);
    expect(amounts).not.toContain(49.95);
  });

  it("finds nothing where no amount carries a basis", () => {
    expect(labelledStayPrices(loadHtml("<p><span>€80</span> <span>Book now</span></p>"), saysBasis)).toEqual([]);
  });

  it("reads an amount whose own short text says its basis, as a lodging's own page prints its rates", () => {
    const rates = labelledStayPrices(
      loadHtml(
        `<div><h2>l'olivier</h2><p class="infos"><strong>80€/nuit pour 1 à 2 personnes</strong></p></div>
         <div><p>A double room of 13 m² upstairs, a shared bathroom, linen supplied, air conditioning.</p><strong>Tarif : </strong><p>65€/nuit</p></div>
         <div><h3>Preise</h3><p>Übernachtung 2 Erwachsene 50,00 €</p><p>Endreinigung 50,00 €</p></div>`,
      ),
      saysBasis,
    );
    expect(rates.map((rate) => [rate.price.amount, rate.price.currency, priceBasisOf(rate.label)])).toEqual([
      [80, "EUR", "night"],
      [65, "EUR", "night"],
      [50, "EUR", "night"],
    ]);
  });
});
