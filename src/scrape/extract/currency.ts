// Which ISO 4217 currency a price text means: an ISO code, a symbol, or the page's locale.
import { hintedAmong, hintedCurrency, type MoneyHint } from "./currency-regions";

export type { MoneyHint };

// Prefixed dollar and other multi-character symbols come before the bare ones they contain.
// Signs are read anywhere in the text; they are not letters, so no word contains them.
const SYMBOLS: [RegExp, string][] = [
  [/US\s?\$/i, "USD"],
  [/R\$/, "BRL"],
  [/NT\$/, "TWD"],
  [/RD\$/, "DOP"],
  [/BZ\$/, "BZD"],
  [/J\$/, "JMD"],
  [/CUC\$/, "CUC"],
  [/MOP\$/, "MOP"],
  [/CDN\s?\$|(?:CA|C)\$/, "CAD"],
  [/(?:AU|A)\$/, "AUD"],
  [/NZ\$/, "NZD"],
  [/HK\$/, "HKD"],
  [/S\$/, "SGD"],
  [/MX\$/, "MXN"],
  [/CN[¥￥]|\bRMB\b|人民币/, "CNY"],
  [/JP[¥￥]/, "JPY"],
  [/€/, "EUR"],
  [/£/, "GBP"],
  [/₹/, "INR"],
  [/₩|[\d만억]\s?원/, "KRW"],
  [/₽/, "RUB"],
  [/₴/, "UAH"],
  [/₺/, "TRY"],
  [/₪/, "ILS"],
  [/฿/, "THB"],
  [/₱/, "PHP"],
  [/₫/, "VND"],
  [/৳/, "BDT"],
  [/₦/, "NGN"],
  [/₸/, "KZT"],
  [/₾/, "GEL"],
  [/₼/, "AZN"],
  [/֏/, "AMD"],
  [/₮/, "MNT"],
  [/₭/, "LAK"],
  [/៛/, "KHR"],
  [/₡/, "CRC"],
  [/₵/, "GHS"],
  [/؋/, "AFN"],
  [/₨/, "PKR"],
  [/﷼/, "IRR"],
  [/₲/, "PYG"],
];

// Symbols made of letters name a currency only beside a number ("199 руб.", "Rp 15.000", "12,99 zł"),
// so that "Brand", "Rating" or "TL;DR" name none. Longer spellings come before the ones they contain.
const WORD_SYMBOLS: [string, string][] = [
  ["рублей", "RUB"],
  ["рубля", "RUB"],
  ["рубль", "RUB"],
  ["руб", "RUB"],
  ["р", "RUB"],
  ["Р", "RUB"],
  ["гривен", "UAH"],
  ["грн", "UAH"],
  ["zł", "PLN"],
  ["Zł", "PLN"],
  ["ZŁ", "PLN"],
  ["Kč", "CZK"],
  ["lei", "RON"],
  ["Lei", "RON"],
  ["LEI", "RON"],
  // Moldova's pages print the leu in Russian too.
  ["леев", "MDL"],
  ["лей", "MDL"],
  ["Лей", "MDL"],
  ["Ft", "HUF"],
  ["yen", "JPY"],
  ["TL", "TRY"],
  ["лв", "BGN"],
  ["Br", "BYN"],
  ["Rp", "IDR"],
  ["RM", "MYR"],
  ["Rs", "INR"],
  ["R", "ZAR"],
  ["S/", "PEN"],
  ["so'm", "UZS"],
  ["сўм", "UZS"],
  ["сум", "UZS"],
  // Venezuela's bolívar, and Bolivia's boliviano, by the site's country.
  ["Bs", "VES"],
  // Morocco's dirham, and the UAE's (which also prints "AED"), by the site's country.
  ["DHs", "MAD"],
  ["Dhs", "MAD"],
  ["DH", "MAD"],
  ["دج", "DZD"],
  ["د.ج", "DZD"],
  ["тг", "KZT"],
  ["تومان", "IRR"],
  ["ریال", "IRR"],
  ["र", "NPR"],
  ["FCFA", "XOF"],
  ["CFA", "XOF"],
  ["KD", "KWD"],
  // The Swiss franc as Switzerland prints it ("Fr. 48.00", "SFr. 12.90").
  ["SFr", "CHF"],
  ["Fr", "CHF"],
  ["DT", "TND"],
  ["KM", "BAM"],
  ["kn", "HRK"],
  ["Lek", "ALL"],
  ["Nu", "BTN"],
  ["FBu", "BIF"],
  ["Fdj", "DJF"],
  ["Nfk", "ERN"],
  ["KShs", "KES"],
  ["KSh", "KES"],
  ["ƒ", "ANG"],
  // Currencies printed as their word in the country's own script.
  ["บาท", "THB"],
  ["VNĐ", "VND"],
  ["đ", "VND"],
  ["টাকা", "BDT"],
  ["Tk", "BDT"],
  ["тенге", "KZT"],
  ["ден", "MKD"],
  ["дин", "RSD"],
  ["din", "RSD"],
  ["сом", "KGS"],
  ["Ks", "MMK"],
  ["Gs", "PYG"],
  ["TSh", "TZS"],
  ["USh", "UGX"],
  // Arabic: the riyal, dinar, pound and dirham of several countries, by the site's country; the abbreviations name one.
  ["ر.س", "SAR"],
  // Saudi shops' Latin abbreviation, after the amount only ("250.00 SR"; "SR20" is a model).
  ["SR", "SAR"],
  ["ر.ق", "QAR"],
  ["ر.ع", "OMR"],
  ["ريال", "SAR"],
  ["د.إ", "AED"],
  ["درهم", "AED"],
  ["د.ك", "KWD"],
  ["د.ب", "BHD"],
  ["د.ا", "JOD"],
  ["دينار", "KWD"],
  ["ج.م", "EGP"],
  ["جنيه", "EGP"],
  // Egypt's pound in Latin letters ("L.E 12.00", "120 L.E.").
  ["L.E", "EGP"],
  ["ل.ل", "LBP"],
];

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&");
}

const WORD_SYMBOL_CODE = new Map(WORD_SYMBOLS);
const alternatives = (words: string[]) => words.map(escapeRegExp).join("|");
const WORD_ALTERNATIVES = alternatives(WORD_SYMBOLS.map(([word]) => word));
// Words that name a currency only after the amount.
const AFTER_ONLY = new Set(["SR"]);
const BEFORE_ALTERNATIVES = alternatives(WORD_SYMBOLS.map(([word]) => word).filter((word) => !AFTER_ONLY.has(word)));
// Before the number: not glued to a preceding letter or figure; after it: no letter may follow ("12 Brand" is
// no Br), and the number is not glued to a letter before it ("vivo T4R 5G" is a model, not 4 rand).
// Case counts: "5 km" is a distance, "5 KM" Bosnian marks. A word glued to seven or more digits ungrouped is a
// code ("Analog Watch - For Men R8871642003", a model), not an amount.
const WORD_BEFORE = new RegExp(
  `(?<![\\p{L}\\d])(${BEFORE_ALTERNATIVES})\\.?(?:\\s(?=\\d)|(?=\\d)(?!\\d{7,}(?![\\d.,])))`,
  "u",
);
// A dash may stand for no cents between them ("50,- Kč").
const WORD_AFTER = new RegExp(
  `(?<![\\p{L}\\d.,])\\d[\\d.,\\s]*?(?:[.,][-–]+)?\\s?(${WORD_ALTERNATIVES})(?![\\p{L}])`,
  "u",
);
// A label printed apart from its amount ("zł", "руб.").
const WORD_ALONE = new RegExp(`^(${WORD_ALTERNATIVES})\\.?$`, "u");

function currencyFromWord(text: string): string | null {
  const word = text.match(WORD_AFTER)?.[1] ?? text.match(WORD_BEFORE)?.[1] ?? text.trim().match(WORD_ALONE)?.[1];
  return word ? (WORD_SYMBOL_CODE.get(word) ?? null) : null;
}

// "$" is the dollar's sign and also the peso's across Latin America (and Uruguay's, Chile's, Colombia's…).
const DOLLAR_CURRENCIES = new Set([
  "USD",
  "CAD",
  "AUD",
  "NZD",
  "HKD",
  "SGD",
  "MXN",
  "TWD",
  "ARS",
  "CLP",
  "COP",
  "UYU",
  "DOP",
]);
const YEN_CURRENCIES = new Set(["JPY", "CNY"]);
const YUAN_CURRENCIES = new Set(["CNY", "TWD", "HKD", "MOP"]);
const KRONA_CURRENCIES = new Set(["SEK", "NOK", "DKK", "ISK"]);
// Words that several countries' currencies share: "lei" is Romania's leu and Moldova's, "Rs" the rupee of
// India, Pakistan, Sri Lanka, Nepal and Mauritius, "р." and "руб." Russia's rouble and Belarus's, "Bs"
// Venezuela's bolívar and Bolivia's boliviano, "DH" Morocco's dirham and the UAE's, ريال the Gulf's riyals,
// دينار the dinars of the Gulf and the Levant, جنيه Egypt's pound and Sudan's; the site's country picks among them.
const SHARED_WORDS = [
  new Set(["RON", "MDL"]),
  new Set(["INR", "PKR", "LKR", "NPR", "MUR"]),
  new Set(["RUB", "BYN"]),
  new Set(["VES", "BOB"]),
  new Set(["MAD", "AED"]),
  new Set(["SAR", "QAR", "OMR", "YER"]),
  new Set(["KWD", "JOD", "BHD", "IQD", "LYD"]),
  new Set(["EGP", "SDG"]),
];

// Digits, spaces and punctuation alone name no currency: each test below needs a letter or a sign.
// Most texts the card readers try are such ("4.5", "(1,234)", "12 - 15").
const NO_CURRENCY = /^[\d\s.,:;%()+\-–/|]*$/;

let isoCodes: Set<string> | null = null;

function knownCodes(): Set<string> {
  isoCodes ??= new Set(Intl.supportedValuesOf("currency"));
  return isoCodes;
}

/** The currency a price text names by ISO code or symbol; ambiguous symbols ($, ¥, kr) lean on the hint. */
export function currencyFromText(text: string, hint: MoneyHint = {}): string | null {
  if (NO_CURRENCY.test(text)) return null;
  // Only a code beside the amount counts: "EUR 12,50", "12.50 USD" (never "ALL items", "TOP deal").
  for (const match of text.matchAll(/\b([A-Z]{3})\s?\$?(?=\d)|\d(?:[.,][-–]+)?\s?([A-Z]{3})\b/g)) {
    const code = match[1] ?? match[2];
    if (code && knownCodes().has(code)) return code;
  }
  // A label that is a code alone, printed apart from its amount ("<span>EUR</span>").
  const alone = text.trim();
  if (/^[A-Z]{3}$/.test(alone) && knownCodes().has(alone)) return alone;
  for (const [pattern, code] of SYMBOLS) if (pattern.test(text)) return code;
  const word = currencyFromWord(text);
  // A lone "R" is the rand only where the site names no other currency: on a Greek shop "R32" is a refrigerant.
  if (word === "ZAR") return (hintedCurrency(hint) ?? "ZAR") === "ZAR" ? word : null;
  const sharedWith = word ? SHARED_WORDS.find((set) => set.has(word)) : undefined;
  if (word) return hintedAmong(sharedWith, hint) ?? word;
  if (text.includes("$")) return hintedAmong(DOLLAR_CURRENCIES, hint) ?? "USD";
  if (/[¥￥円]/.test(text)) return hintedAmong(YEN_CURRENCIES, hint) ?? "JPY";
  // 元 is the yuan's word, and the Taiwan and Hong Kong dollars' in their own writing; never the yen's (円).
  if (text.includes("元")) return hintedAmong(YUAN_CURRENCIES, hint) ?? "CNY";
  if (/\bkr\b/i.test(text)) return hintedAmong(KRONA_CURRENCIES, hint) ?? "SEK";
  return null;
}

// A currency a page's data names for its prices: "priceCurrency": "CAD", a shop platform's "currency":"AUD", a
// script's `currencyCode: 'COP'`, a template's `data-currency-iso-code="COP"`. Found by the letters every such key
// holds ("urrency"), a literal the search can skip to, then checked for where the key starts (`keyStarts`).
const DECLARED_CURRENCY = /urrency(?:(?:_?[Cc]ode)?["']?\s*(:)\s*|(?:-iso)?(?:-code)?=)["']([A-Z]{3})["']/g;

/** Whether the key before `at` ("…urrency") names a currency: `currency`, `priceCurrency`, `data-currency`. */
function keyStarts(html: string, at: number, keyed: boolean): boolean {
  const before = html.slice(Math.max(0, at - 8), at);
  return keyed ? /(?:^|[^\w-]|[Pp]rice)["']?[Cc]$/.test(before) : /\bdata-c$/.test(before);
}

/**
 * The one currency a page's data names for its prices, where it names one only: the shop's, for the signs several
 * currencies share ("$" on a Canadian shop's .com). Null where it names none or several (a currency switcher).
 */
export function declaredCurrency(html: string): string | null {
  const named = new Set<string>();
  for (const match of html.matchAll(DECLARED_CURRENCY)) {
    const code = match[2]!;
    if (!keyStarts(html, match.index, match[1] === ":") || !knownCodes().has(code)) continue;
    named.add(code);
    if (named.size > 1) return null;
  }
  return named.values().next().value ?? null;
}

const minorDigits = new Map<string, number>();

/** The digits of a currency's smallest coin (2 for EUR, 0 for JPY, 3 for KWD), from ICU's currency data rather than a hand-kept list. */
export function minorUnitDigits(currency: string): number {
  let digits = minorDigits.get(currency);
  if (digits === undefined) {
    digits = new Intl.NumberFormat("en", { style: "currency", currency }).resolvedOptions().maximumFractionDigits ?? 2;
    minorDigits.set(currency, digits);
  }
  return digits;
}
