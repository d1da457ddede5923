// Walmart's pages are Next.js: the product, search results and reviews sit in `__NEXT_DATA__` under
// initialData. What every Walmart page reads out of it: the state itself, prices and reviews.
import { asList, asNumber, asText, dig, scriptJson } from "../../scrape/extract/json-text";
import { moneyFromStructured, parseMoney, type MoneyHint } from "../../scrape/extract/money";
import type { Money, Review } from "../../scrape/types";

export const initialData = (html: string) =>
  dig(scriptJson(html, "__NEXT_DATA__"), "props", "pageProps", "initialData");

/** `{ price: 12.99, currencyUnit: "USD" }` as Walmart's price objects carry it. */
export function walmartMoney(value: unknown, hint: MoneyHint): Money | null {
  return (
    moneyFromStructured(dig(value, "price") ?? null, dig(value, "currencyUnit"), hint) ??
    parseMoney(asText(dig(value, "priceString")), hint)
  );
}

export function reviewFromNextData(review: Record<string, unknown>): Review {
  return {
    id: asText(review["reviewId"]),
    title: asText(review["reviewTitle"]),
    body: asText(review["reviewText"]),
    rating: asNumber(review["rating"]),
    author: asText(review["userNickname"]),
    date: asText(review["reviewSubmissionTime"]),
    verified: asList(review["badges"]).some((badge) =>
      /verified/i.test(asText(badge["id"]) ?? asText(badge["text"]) ?? ""),
    ),
  };
}
