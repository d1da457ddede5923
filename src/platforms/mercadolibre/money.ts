// Mercado Libre prints every amount as an andes-money-amount: a symbol, the whole units with the
// site's thousands separator, and the cents (if any) in an element of their own.
import { visibleText, type HTMLElement } from "../../scrape/extract/dom";
import { parseMoney, type MoneyHint } from "../../scrape/extract/money";
import { selectOne } from "../../scrape/extract/select";
import type { Money } from "../../scrape/types";

/** The amount an `.andes-money-amount` shows, its currency from its symbol or the site's. */
export function andesMoney(amount: HTMLElement | null, hint: MoneyHint): Money | null {
  if (!amount) return null;
  const raw = visibleText(amount);
  const fraction = visibleText(selectOne(amount, ".andes-money-amount__fraction"))?.replace(/\D/g, "");
  if (!raw || !fraction) return null;
  const cents = visibleText(selectOne(amount, ".andes-money-amount__cents"))?.replace(/\D/g, "") ?? "";
  const currency = parseMoney(raw, hint)?.currency ?? hint.currency ?? null;
  return { amount: Number(fraction) + (cents ? Number(cents) / 10 ** cents.length : 0), currency, raw };
}

/** The current price inside `scope`, with the struck "Antes" price beside it as the original. */
export function andesPrice(current: HTMLElement | null, previous: HTMLElement | null, hint: MoneyHint): Money | null {
  const price = andesMoney(current, hint);
  const original = andesMoney(previous, hint);
  return price && original && original.amount > price.amount ? { ...price, original_amount: original.amount } : price;
}
