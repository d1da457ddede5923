// Prices and counts as pages print them, in any locale: "1.234,56 €", "US $349.99",
// "5.182 valoraciones", "4,1 de 5 estrellas". Hand-written: Intl formats numbers
// but cannot parse them, and no installed package does.
import type { Money } from "../types";
import { currencyFromText, minorUnitDigits, type MoneyHint } from "./currency";
import { hintedCurrency } from "./currency-regions";
import { westernDigits } from "./digits";

export type { MoneyHint };

// A run of digits with separators; space-grouped thousands ("1 234,56") only in groups of three.
const NUMBER = /\d{1,3}(?:[ \u00a0\u202f'’]\d{3})+(?:[.,]\d+)?(?!\d)|\d[\d.,]*/;

/** A price from its text; currency from a symbol or ISO code in the text, else the hint. */
export function parseMoney(text: string | null | undefined, hint: MoneyHint = {}): Money | null {
  const raw = collapse(text);
  if (!raw) return null;
  const western = withoutConversion(westernDigits(raw));
  const currency = currencyFromText(western, hint) ?? hintedCurrency(hint);
  const token = amountToken(western);
  const number = localeNumber(token, currency !== null && THOUSANDTHS.has(currency));
  if (number === null) return null;
  const unit = unitAfter(western, token);
  const amount = unit === 1 ? number : Math.round(number * unit * 100) / 100;
  // Iranians price in toman, ten rials each; the rial is the ISO currency.
  return { amount: currency === "IRR" && TOMAN.test(western) ? amount * 10 : amount, currency, raw };
}

const TOMAN = /تومان|toman/i;
// An amount in brackets after the price is the same price in another currency or unit ("20,980 yen (€167,01)",
// "12,50 € (1 kg = 25,00 €)"): the price is the one before it.
const CONVERSION_AFTER = /^(.*\d.*?)\s*[(（][^()（）]*\d[^()（）]*[)）]\s*$/;
const withoutConversion = (text: string) =>
  /[)）]\s*$/.test(text) ? (CONVERSION_AFTER.exec(text)?.[1] ?? text) : text;
// Prices in Chinese, Japanese and Korean count in ten-thousands and hundred-millions: "168.9万円" is
// 1,689,000 yen, "3억 원" 300,000,000 won; South Asian ones in lakhs and crores: "₹2.3 Cr" is 23,000,000 rupees.
const PRICE_UNITS: [RegExp, number][] = [
  [/^\s?(?:万|萬|만)/, 10_000],
  [/^\s?(?:億|亿|억)/, 100_000_000],
  [/^\s?(?:crores?|crs?)\.?(?![\p{L}\p{N}])/iu, 10_000_000],
  [/^\s?(?:lakhs?|lacs?)\.?(?![\p{L}\p{N}])/iu, 100_000],
];

/** The other end of a range the amount opens ("1.15 - 1.17 Cr"): the unit after it counts for both. */
const RANGE_END = /^\s?[-–]\s?\d[\d.,]*/;

/** What the sign right after the amount (or after the range it opens) multiplies it by (1 when none). */
function unitAfter(text: string, token: string): number {
  const at = token ? text.indexOf(token) : -1;
  if (at < 0) return 1;
  const after = text.slice(at + token.length);
  const unitText = after.replace(RANGE_END, "");
  return PRICE_UNITS.find(([unit]) => unit.test(unitText))?.[1] ?? 1;
}
// Currencies whose minor unit is a thousandth: "19,000 DT" is nineteen dinars, "1.250 KD" one and a quarter.
const THOUSANDTHS = new Set(["TND", "KWD", "BHD", "OMR", "JOD", "LYD", "IQD"]);

// How pages print amounts that a plain number reader would cut short or take from the wrong place.
const PRICE_SPELLINGS: [RegExp, string][] = [
  [/(\d)([.,]) (\d{2})(?!\d)/g, "$1$2$3"], // "$119. 95", "118, 99 TL": cents set apart
  [/(\d) ([.,])(\d{2})(?!\d)/g, "$1$2$3"], // "197 .60 KES": cents in a box of their own after the whole units
  [/(^|[\s$€£])\.{1,2}(\d{1,2})(?!\d)/g, "$10.$2"], // "$.75", ".75 €": no whole units
  [/(\d)€\s?(\d{2})(?!\d)/g, "$1.$2 €"], // "35€99", "35€ 99": the sign as the decimal point (never "Room 1 €61")
  [/[-–]?\d[\d.,]*\s?%/g, " "], // "40% OFF": a share, never the price
];
const NUMBERS = new RegExp(NUMBER.source, "g");
const RANGE = /^\s*(?:-|–|—|~|to|bis|à|a|al|до|tot)\s*$/i;

/** The number a price text means: where it prints several, the one beside a currency ("3 issues for 14,85 EUR"). */
function amountToken(raw: string): string {
  let text = raw;
  for (const [pattern, replacement] of PRICE_SPELLINGS) text = text.replace(pattern, replacement);
  const numbers = [...text.matchAll(NUMBERS)];
  if (numbers.length < 2) return numbers[0]?.[0] ?? "";
  const first = numbers[0]!;
  const besideCurrency = numbers.find(({ 0: token, index }) => {
    // After the number, a sign set against the next number is that one's ("Drive 1 TB $59.99").
    const after = text
      .slice(index + token.length, index + token.length + 8)
      .replace(/[^\s\d]+\d.*$/, "")
      .slice(0, 5);
    return currencyFromText(text.slice(Math.max(0, index - 5), index + token.length) + after) !== null;
  });
  if (!besideCurrency) return first[0];
  // "From 26 to 50 €": a range prints its currency once, after the upper end; its price is where it starts.
  const between = text.slice(first.index + first[0].length, besideCurrency.index);
  return RANGE.test(between) ? first[0] : besideCurrency[0];
}

/** A price from a structured value (JSON-LD `price`, `product:price:amount`), whose decimal point is a dot. */
export function moneyFromStructured(amount: unknown, currency: unknown, hint: MoneyHint = {}): Money | null {
  const raw = typeof amount === "number" ? String(amount) : typeof amount === "string" ? amount.trim() : "";
  if (!raw) return null;
  const given = typeof currency === "string" ? currency : null;
  // A currency given as the word the page prints ("DH", "zł") rather than its code.
  const code =
    normaliseCode(given) ??
    (given ? currencyFromText(given, hint) : null) ??
    currencyFromText(raw, hint) ??
    hintedCurrency(hint);
  const value = /^\d+(\.\d+)?$/.test(raw) ? Number(raw) : localeNumber(raw, code !== null && THOUSANDTHS.has(code));
  if (value === null || !Number.isFinite(value)) return null;
  return { amount: inSmallestCoin(value, raw, code), currency: code, raw };
}

/**
 * A structured price of one unit or more, to the smallest coin of an ISO currency that has cents or
 * finer: "210.852001" (a net price times the tax, written out by the shop's system) is 210.85, as the
 * page prints it, rounded half up on the digits as written. A price under one unit keeps its fractions
 * (a component sold by the piece may cost 0.0042), as does a currency without cents or none known.
 */
function inSmallestCoin(value: number, raw: string, code: string | null): number {
  const fraction = /^\d+\.(\d+)$/.exec(raw)?.[1];
  if (value < 1 || !fraction || code === null || !ISO_CURRENCIES.has(code)) return value;
  const digits = THOUSANDTHS.has(code) ? 3 : minorUnitDigits(code);
  if (digits < 2 || fraction.length <= digits) return value;
  const kept = BigInt(raw.slice(0, raw.length - fraction.length + digits).replace(".", ""));
  const roundedUp = Number(fraction[digits]) >= 5 ? kept + 1n : kept;
  return Number(roundedUp) / 10 ** digits;
}

// ISO 4217 codes (a crypto or a shop's own unit may look like one and keep its digits).
const ISO_CURRENCIES = new Set(Intl.supportedValuesOf("currency"));

/** The first number in `text`, reading "1.234" / "1,234" as thousands and "4,1" / "4.6" as decimals. */
export const parseLocaleNumber = (text: string | number | null | undefined): number | null => localeNumber(text, false);

/** A star average as its label writes it: "4.3 out of 5 stars", "4,3 von 5", or the scale first as in Japanese ("5つ星のうち4.3"). */
export const parseStars = (text: string | null | undefined): number | null =>
  parseLocaleNumber(text ? (/のうち\s*(\d+(?:[.,]\d+)?)/.exec(text)?.[1] ?? text) : text);

/** As `parseLocaleNumber`; with `thousandths`, a lone separator before three digits is the decimal one ("19,000 DT"). */
function localeNumber(text: string | number | null | undefined, thousandths: boolean): number | null {
  if (typeof text === "number") return Number.isFinite(text) ? text : null;
  const collapsed = collapse(text);
  const token = collapsed && westernDigits(collapsed).match(NUMBER)?.[0];
  if (!token) return null;
  const compact = token.replace(/[ \u00a0\u202f'’]/g, "").replace(/[.,]+$/, "");
  const value = Number(normaliseSeparators(compact, thousandths));
  return Number.isFinite(value) ? value : null;
}

// Words and signs that multiply a count, as shops abbreviate them: "1.2K", "7,3 mil" (es/pt thousand),
// "3,4 M", "2 Mio.", "5 tys.", "1,2 тыс.", "1,5 млн", "1.2万", "3千", "2억", "1.5 lakh".
const COUNT_UNITS: [RegExp, number][] = [
  [/^(?:k|mil|tys|тыс|tsd|千|천)$/i, 1_000],
  [/^(?:万|萬|만)$/, 10_000],
  [/^lakh$/i, 100_000],
  [/^(?:m|mn|mln|mio|mill|млн)$/i, 1_000_000],
  [/^(?:億|亿|억)$/, 100_000_000],
  [/^(?:b|bn)$/i, 1_000_000_000],
];
// A number, then a unit: a Latin or Cyrillic word must end there ("5 mins", "3 miles" are no counts);
// an East Asian sign may run into the next word ("3万件").
const ABBREVIATED = /(\d+(?:[.,]\d+)?)\s*(?:([a-zа-я]+)\.?(?![\p{L}\p{N}])|(千|천|万|萬|만|億|亿|억))/giu;

/** A count that may be abbreviated: "(1.2k)" → 1200, "7,3 mil" → 7300, "1,2 тыс." → 1200, "21,200 ratings" → 21200. */
export function parseCount(text: string | number | null | undefined): number | null {
  if (typeof text !== "string") return parseLocaleNumber(text);
  for (const [, amount, word, sign] of text.matchAll(ABBREVIATED)) {
    const unit = word ?? sign!;
    const multiplier = COUNT_UNITS.find(([pattern]) => pattern.test(unit))?.[1];
    if (multiplier !== undefined) return Math.round(Number(amount!.replace(",", ".")) * multiplier);
  }
  return parseLocaleNumber(text);
}

/** Rewrites a digit run to JavaScript's notation, deciding which separator is the decimal one. */
function normaliseSeparators(token: string, thousandths: boolean): string {
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
  if (separator === "," && isLakhGrouping(parts)) return parts.join("");
  // Several of one separator group thousands ("1.234.567"); in other groups they are a date ("15.08.2017").
  if (parts.length > 2 && parts.slice(1).some((part) => part.length !== 3)) return "NaN";
  // One separator followed by exactly three digits is a thousands group ("21,200", "5.182").
  const grouped = parts.length > 2 || (parts[1]?.length === 3 && parts[0] !== "0" && !thousandths);
  return grouped ? parts.join("") : parts.join(".");
}

/** South Asia's grouping: a thousand, then lakhs and crores in twos ("1,18,000", "2,50,00,000"). */
const isLakhGrouping = (parts: string[]) =>
  parts.length > 2 &&
  parts[0]!.length <= 2 &&
  parts.at(-1)!.length === 3 &&
  parts.slice(1, -1).every((part) => part.length === 2);

function normaliseCode(code: string | null | undefined): string | null {
  const upper = code?.trim().toUpperCase();
  return upper && /^[A-Z]{3}$/.test(upper) ? upper : null;
}

function collapse(text: string | null | undefined): string | null {
  const collapsed = text?.replace(/\s+/g, " ").trim();
  return collapsed || null;
}
