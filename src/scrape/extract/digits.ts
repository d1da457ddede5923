// Decimal digits of the scripts shops price in besides 0–9: Arabic-Indic, Persian, the Indic scripts,
// Thai, Lao, Myanmar, Khmer and East Asian full-width. Each script writes zero to nine in ten code points in a row.
const ZEROS = [
  0x660, 0x6f0, 0x966, 0x9e6, 0xa66, 0xae6, 0xb66, 0xbe6, 0xc66, 0xce6, 0xd66, 0xe50, 0xed0, 0x1040, 0x17e0, 0xff10,
];

/** The value (0–9) of a digit of another script than Latin, else -1; one comparison for most characters. */
export function otherScriptDigit(code: number): number {
  if (code < 0x660 || (code > 0x17e9 && code < 0xff10) || code > 0xff19) return -1;
  for (const zero of ZEROS) {
    if (code < zero) return -1;
    if (code <= zero + 9) return code - zero;
  }
  return -1;
}

const codePoint = (code: number) => `\\u{${code.toString(16)}}`;
const OTHER_DIGIT = new RegExp(`[${ZEROS.map((zero) => `${codePoint(zero)}-${codePoint(zero + 9)}`).join("")}]`, "u");
const OTHER_DIGITS = new RegExp(OTHER_DIGIT.source, "gu");
// Between digits, the Arabic comma and thousands sign and the full-width comma group thousands; the
// Arabic decimal sign and the full-width full stop are the point.
const OTHER_SEPARATORS = /(\d)([\u060c\u066c\u066b\uff0c\uff0e])(?=\d)/g;
const POINTS = new Set(["\u066b", "\uff0e"]);

/**
 * `text` with the digits of other scripts written as 0–9 and their separators as "," and ".":
 * "۳،۷۰۰،۰۰۰" is 3,700,000, "৳ ২০,০০০" ৳ 20,000, "１，２８０円" 1,280円. Unchanged (and not copied) when it holds none.
 */
export function westernDigits(text: string): string {
  if (!OTHER_DIGIT.test(text)) return text;
  return text
    .replace(OTHER_DIGITS, (digit) => String(otherScriptDigit(digit.charCodeAt(0))))
    .replace(OTHER_SEPARATORS, (_, digit: string, sign: string) => `${digit}${POINTS.has(sign) ? "." : ","}`);
}
