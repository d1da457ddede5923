// The currency a country uses, and the country a bare language most often means: what a page's domain
// or locale says about its prices when they print only an ambiguous sign ($, kr, Rs) or none, and the order
// a page's hints are weighed in.

const REGION_CURRENCY: Record<string, string> = {
  US: "USD",
  GB: "GBP",
  UK: "GBP",
  IE: "EUR",
  DE: "EUR",
  FR: "EUR",
  ES: "EUR",
  IT: "EUR",
  NL: "EUR",
  BE: "EUR",
  AT: "EUR",
  PT: "EUR",
  FI: "EUR",
  GR: "EUR",
  JP: "JPY",
  CN: "CNY",
  CA: "CAD",
  AU: "AUD",
  NZ: "NZD",
  IN: "INR",
  PK: "PKR",
  LK: "LKR",
  NP: "NPR",
  MU: "MUR",
  MX: "MXN",
  BR: "BRL",
  PE: "PEN",
  AR: "ARS",
  CL: "CLP",
  CO: "COP",
  UY: "UYU",
  EC: "USD",
  DO: "DOP",
  SE: "SEK",
  NO: "NOK",
  DK: "DKK",
  PL: "PLN",
  TR: "TRY",
  AE: "AED",
  SA: "SAR",
  SG: "SGD",
  KR: "KRW",
  CH: "CHF",
  EG: "EGP",
  HK: "HKD",
  TW: "TWD",
  MO: "MOP",
  CZ: "CZK",
  ZA: "ZAR",
  RO: "RON",
  MD: "MDL",
  BY: "BYN",
  IS: "ISK",
  TN: "TND",
  VE: "VES",
  BO: "BOB",
  DZ: "DZD",
  MA: "MAD",
  UZ: "UZS",
  QA: "QAR",
  OM: "OMR",
  YE: "YER",
  KW: "KWD",
  BH: "BHD",
  JO: "JOD",
  IQ: "IQD",
  LY: "LYD",
  SD: "SDG",
  RU: "RUB",
  UA: "UAH",
  KZ: "KZT",
  HU: "HUF",
  RS: "RSD",
  ID: "IDR",
  VN: "VND",
  TH: "THB",
  PH: "PHP",
  MY: "MYR",
  BD: "BDT",
  NG: "NGN",
  KE: "KES",
  GH: "GHS",
  IL: "ILS",
};

const LANGUAGE_REGION: Record<string, string> = {
  en: "US",
  de: "DE",
  fr: "FR",
  es: "ES",
  it: "IT",
  nl: "NL",
  pt: "PT",
  ja: "JP",
  zh: "CN",
  ko: "KR",
  sv: "SE",
  nb: "NO",
  da: "DK",
  pl: "PL",
  tr: "TR",
};

/** The usual currency of a locale such as `es-ES`, `en_GB` or `de`. */
export function currencyForLocale(locale: string | null | undefined): string | null {
  if (!locale) return null;
  const [language = "", region] = locale.replace("_", "-").split("-");
  const country = region?.toUpperCase() ?? LANGUAGE_REGION[language.toLowerCase()];
  return country ? (REGION_CURRENCY[country] ?? null) : null;
}

/** The currency of a country code such as `gb` or `US`. */
export function currencyForCountry(country: string | null | undefined): string | null {
  return country ? (REGION_CURRENCY[country.toUpperCase()] ?? null) : null;
}

/** What a page says about its currency when a price text does not: an explicit code, or its locale. */
export interface MoneyHint {
  currency?: string | null;
  locale?: string | null;
  /** The country the site's address names (its country-code domain), for signs several countries share. */
  country?: string | null;
}

/**
 * The currencies a page's hint names, strongest first: the site's own, its locale's where the locale names a
 * region (`es-CO`), its domain's country's, its bare language's (`en`, `de`).
 */
function hintedCurrencies(hint: MoneyHint): string[] {
  const code = hint.currency?.trim().toUpperCase();
  const regional = hint.locale && /[-_]/.test(hint.locale) ? currencyForLocale(hint.locale) : null;
  return [
    code && /^[A-Z]{3}$/.test(code) ? code : null,
    regional,
    currencyForCountry(hint.country),
    currencyForLocale(hint.locale),
  ].filter((currency): currency is string => currency !== null);
}

/** The strongest currency a page's hint names. */
export const hintedCurrency = (hint: MoneyHint): string | null => hintedCurrencies(hint)[0] ?? null;

/**
 * The strongest hinted currency a shared sign may stand for: a "$" on a Chilean shop whose template says `es_ES`
 * is the domain's peso, not Spain's euro (which "$" never means).
 */
export const hintedAmong = (signs: Set<string> | undefined, hint: MoneyHint): string | null =>
  (signs && hintedCurrencies(hint).find((currency) => signs.has(currency))) ?? null;
