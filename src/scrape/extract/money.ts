// Prices and counts as pages print them, in any locale: "1.234,56 €", "US $349.99",
// "5.182 valoraciones", "4,1 de 5 estrellas". Hand-written: Intl formats numbers
// but cannot parse them, and no installed package does.
import type { Money } from "../types";
import { currencyFromText, currencyForLocale, type MoneyHint } from "./currency";

export type { MoneyHint };

// A run of digits with separators; space-grouped thousands ("1 234,56") only in groups of three.
const NUMBER = /\d{1,3}(?:[ \u00a0\u202f'’]\d{3})+(?:[.,]\d+)?(?!\d)|\d[\d.,]*/;

/** A price from its text; currency from a symbol or ISO code in the text, else the hint. */
export function parseMoney(text: string | null | undefined, hint: MoneyHint = {}): Money | null {
  const raw = collapse(text);
  if (!raw) return null;
  const amount = parseLocaleNumber(raw);
  if (amount === null) return null;
  const currency = currencyFromText(raw, hint) ?? normaliseCode(hint.currency) ?? currencyForLocale(hint.locale);
  return { amount, currency, raw };
}

/** A price from a structured value (JSON-LD `price`, `product:price:amount`), whose decimal point is a dot. */
export function moneyFromStructured(amount: unknown, currency: unknown, hint: MoneyHint = {}): Money | null {
  const raw = typeof amount === "number" ? String(amount) : typeof amount === "string" ? amount.trim() : "";
  if (!raw) return null;
  const value = /^\d+(\.\d+)?$/.test(raw) ? Number(raw) : parseLocaleNumber(raw);
  if (value === null || !Number.isFinite(value)) return null;
  const code = normaliseCode(typeof currency === "string" ? currency : null);
  return {
    amount: value,
    currency: code ?? currencyFromText(raw, hint) ?? normaliseCode(hint.currency) ?? currencyForLocale(hint.locale),
    raw,
  };
}

/** The first number in `text`, reading "1.234" / "1,234" as thousands and "4,1" / "4.6" as decimals. */
export function parseLocaleNumber(text: string | number | null | undefined): number | null {
  if (typeof text === "number") return Number.isFinite(text) ? text : null;
  const token = collapse(text)?.match(NUMBER)?.[0];
  if (!token) return null;
  const compact = token.replace(/[ \u00a0\u202f'’]/g, "").replace(/[.,]+$/, "");
  const value = Number(normaliseSeparators(compact));
  return Number.isFinite(value) ? value : null;
}

/** A count that may be abbreviated: "(1.2k)" → 1200, "3,4 M" → 3400000, "21,200 ratings" → 21200. */
export function parseCount(text: string | number | null | undefined): number | null {
  if (typeof text !== "string") return parseLocaleNumber(text);
  const abbreviated = /(\d+(?:[.,]\d+)?)\s*([kKmM])(?![a-zA-Z])/.exec(text);
  if (!abbreviated) return parseLocaleNumber(text);
  const value = Number(abbreviated[1]!.replace(",", "."));
  return Math.round(value * (abbreviated[2]!.toLowerCase() === "k" ? 1_000 : 1_000_000));
}

/** Rewrites a digit run to JavaScript's notation, deciding which separator is the decimal one. */
function normaliseSeparators(token: string): string {
  const lastDot = token.lastIndexOf(".");
  const lastComma = token.lastIndexOf(",");
  if (lastDot >= 0 && lastComma >= 0) {
    const decimal = lastDot > lastComma ? "." : ",";
    const thousands = decimal === "." ? "," : ".";
    return token.split(thousands).join("").replace(decimal, ".");
  }
  const separator = lastDot >= 0 ? "." : lastComma >= 0 ? "," : null;
  if (!separator) return token;
  const parts = token.split(separator);
  // One separator followed by exactly three digits is a thousands group ("21,200", "5.182").
  const grouped = parts.length > 2 || (parts[1]?.length === 3 && parts[0] !== "0");
  return grouped ? parts.join("") : parts.join(".");
}

function normaliseCode(code: string | null | undefined): string | null {
  const upper = code?.trim().toUpperCase();
  return upper && /^[A-Z]{3}$/.test(upper) ? upper : null;
}

function collapse(text: string | null | undefined): string | null {
  const collapsed = text?.replace(/\s+/g, " ").trim();
  return collapsed || null;
}
