// Name normalisation shared by the Worker and the gazetteer generator (so the seeded
// `search_name` column and a visitor's query always agree). No Worker or Node types here.

/** Letters that Unicode decomposition leaves whole but people type as ASCII. */
const FOLDED_LETTERS: Record<string, string> = {
  æ: "ae",
  œ: "oe",
  ß: "ss",
  ø: "o",
  ł: "l",
  đ: "d",
  ð: "d",
  þ: "th",
  ı: "i",
};

/** Lower-case, accents stripped, punctuation turned into spaces, whitespace collapsed: "Île-de-France" → "ile de france". */
export function normalisePlaceName(text: string): string {
  return text
    .toLowerCase()
    .normalize("NFKD")
    .replace(/\p{M}+/gu, "")
    .replace(/[æœßøłđðþı]/g, (letter) => FOLDED_LETTERS[letter] ?? letter)
    .replace(/[^\p{L}\p{N}]+/gu, " ")
    .trim();
}
