// Bytes to text for pages whose declared charset cannot be trusted: valid UTF-8 wins (a page
// labelled iso-8859-1 is often UTF-8; so does one with a few broken characters), then the declared
// charset, then the legacy charsets of the page's language (a GBK page labelled UTF-8) or its address's country (a
// Polish page that declares none), then windows-1252.

const SNIFF_BYTES = 4096;

/** A head may carry hundreds of kilobytes of inline scripts and styles before its `<meta charset>`. */
const HEAD_SCAN_BYTES = 512 * 1024;

/** The page's head as Latin-1 (meta tags are ASCII): up to its `<body`, within the first HEAD_SCAN_BYTES. */
function headText(bytes: Uint8Array): string {
  const text = new TextDecoder("latin1").decode(bytes.subarray(0, HEAD_SCAN_BYTES));
  const body = text.search(/<body[\s>]/i);
  return body === -1 ? text : text.slice(0, body);
}

/** The charset a Content-Type header or the page's own meta tags (anywhere in its head) declare, lower-cased. */
export function declaredCharset(bytes: Uint8Array, contentType?: string | null): string | null {
  const fromHeader = contentType?.match(/charset\s*=\s*["']?([\w.:-]+)/i)?.[1];
  if (fromHeader) return fromHeader.toLowerCase();
  const fromMeta = headText(bytes).match(/<meta[^>]+charset\s*=\s*["']?([\w.:-]+)/i)?.[1];
  return fromMeta?.toLowerCase() ?? null;
}

// Legacy charsets a page in this language may really be in, most common first.
const LANGUAGE_CHARSETS: Record<string, string[]> = {
  zh: ["gb18030", "big5"],
  "zh-tw": ["big5", "gb18030"],
  "zh-hk": ["big5", "gb18030"],
  ja: ["shift_jis", "euc-jp"],
  ko: ["euc-kr"],
  ru: ["windows-1251", "koi8-r"],
  uk: ["windows-1251", "koi8-u"],
  bg: ["windows-1251"],
  el: ["windows-1253"],
  tr: ["windows-1254"],
  pl: ["windows-1250", "iso-8859-2"],
  cs: ["windows-1250", "iso-8859-2"],
  hu: ["windows-1250", "iso-8859-2"],
};

// The language whose legacy charsets a browser falls back to for a page that declares none, by the country its
// address names (as Firefox does): a Polish forum of 2010 sends ISO-8859-2 bytes with no label and `lang="en"`.
const COUNTRY_LANGUAGES: Record<string, string> = {
  pl: "pl",
  cz: "cs",
  sk: "cs",
  hu: "hu",
  ru: "ru",
  by: "ru",
  kz: "ru",
  ua: "uk",
  bg: "bg",
  gr: "el",
  tr: "tr",
  jp: "ja",
  cn: "zh",
  tw: "zh-tw",
  hk: "zh-hk",
  kr: "ko",
};

function countryCharsets(address: string | undefined): string[] {
  if (!address || !URL.canParse(address)) return [];
  const language = COUNTRY_LANGUAGES[new URL(address).hostname.split(".").pop() ?? ""];
  return language ? (LANGUAGE_CHARSETS[language] ?? []) : [];
}

/** The share of a text's characters beyond ASCII that are letters: a wrong single-byte charset reads symbols ("±"). */
function letterShare(text: string): number {
  let beyond = 0;
  let letters = 0;
  for (const char of text) {
    if (char.charCodeAt(0) < 0x80) continue;
    beyond++;
    if (/\p{L}/u.test(char)) letters++;
  }
  return beyond === 0 ? 1 : letters / beyond;
}

/** The legacy charsets of the language the page's `<html lang>` names. */
function languageCharsets(bytes: Uint8Array): string[] {
  const head = new TextDecoder("latin1").decode(bytes.subarray(0, SNIFF_BYTES));
  const lang = head.match(/<html[^>]*\slang\s*=\s*["']?([a-z]{2,3}(?:-[a-z]{2})?)/i)?.[1]?.toLowerCase();
  if (!lang) return [];
  return LANGUAGE_CHARSETS[lang] ?? LANGUAGE_CHARSETS[lang.slice(0, 2)] ?? [];
}

function decodeWith(label: string, bytes: Uint8Array, fatal: boolean): string | null {
  try {
    return new TextDecoder(label, { fatal, ignoreBOM: false }).decode(bytes);
  } catch {
    return null; // unknown label in this runtime, or invalid bytes under `fatal`
  }
}

function bomCharset(bytes: Uint8Array): string | null {
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) return "utf-8";
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return "utf-16le";
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return "utf-16be";
  return null;
}

/**
 * Characters written in UTF-8 beyond ASCII, for each broken sequence, of a page that is UTF-8 nonetheless. In the
 * corpus a Latin-1 page reads none, a GBK page read as UTF-8 one for every three to five broken ones, and a UTF-8
 * page with a teaser cut short or a Latin-1 meta tag three or more.
 */
const UTF8_PER_BROKEN = 2;

/**
 * A UTF-8 page with a few broken sequences (a teaser cut inside a character, a meta tag left in Latin-1): read as
 * UTF-8, each broken sequence one U+FFFD, as browsers do. Another charset's accented letters or Chinese characters
 * break far more often than they happen to read as UTF-8.
 */
function lossyUtf8(bytes: Uint8Array): string | null {
  const text = decodeWith("utf-8", bytes, false);
  if (text === null) return null;
  let broken = 0;
  let written = 0;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code === 0xfffd) broken++;
    else if (code > 0x7f) written++;
  }
  return written >= broken * UTF8_PER_BROKEN ? text : null;
}

/**
 * Decodes an HTML response body, whatever it claims to be. `address` (the page's URL) names the country whose
 * legacy charsets a page that declares none may be in; of several that read it, the one reading most letters.
 */
export function decodeHtml(bytes: Uint8Array, contentType?: string, address?: string): string {
  const bom = bomCharset(bytes);
  if (bom) return decodeWith(bom, bytes, false) ?? "";
  const utf8 = decodeWith("utf-8", bytes, true);
  if (utf8 !== null) return utf8;
  const mostlyUtf8 = lossyUtf8(bytes);
  if (mostlyUtf8 !== null) return mostlyUtf8;
  const declared = declaredCharset(bytes, contentType);
  // Latin-1 cannot write Russian or Chinese: on such a page that label is a server default, not the page's.
  const western = !!declared && /^(iso-8859-1|latin-?1|windows-1252|us-ascii|ascii)$/.test(declared);
  const language = languageCharsets(bytes);
  const candidates = (western ? [...language, declared] : [declared, ...language]).filter(
    (label): label is string => !!label && !/^utf-?8$/.test(label),
  );
  if (declared && !western) {
    for (const label of candidates) {
      const text = decodeWith(label, bytes, true);
      if (text !== null) return text;
    }
  }
  let best: { text: string; share: number } | null = null;
  for (const label of [...candidates, ...countryCharsets(address)]) {
    const text = decodeWith(label, bytes, true);
    const share = text === null ? -1 : letterShare(text);
    if (text !== null && (!best || share > best.share)) best = { text, share };
  }
  const western1252 = decodeWith("windows-1252", bytes, false);
  if (best && (western1252 === null || best.share >= letterShare(western1252))) return best.text;
  return western1252 ?? decodeWith("utf-8", bytes, false) ?? "";
}
