// Review dates as sites print them ("Reviewed in the United States on March 3, 2023",
// "Revisado en España el 25 de agosto de 2017") to ISO `YYYY-MM-DD`. Hand-written:
// Intl formats dates but cannot parse them, and no installed package does.

const MONTHS: Record<string, number> = {};
const MONTH_NAMES = [
  [
    "january",
    "february",
    "march",
    "april",
    "may",
    "june",
    "july",
    "august",
    "september",
    "october",
    "november",
    "december",
  ],
  [
    "enero",
    "febrero",
    "marzo",
    "abril",
    "mayo",
    "junio",
    "julio",
    "agosto",
    "septiembre",
    "octubre",
    "noviembre",
    "diciembre",
  ],
  [
    "januar",
    "februar",
    "märz",
    "april",
    "mai",
    "juni",
    "juli",
    "august",
    "september",
    "oktober",
    "november",
    "dezember",
  ],
  [
    "janvier",
    "février",
    "mars",
    "avril",
    "mai",
    "juin",
    "juillet",
    "août",
    "septembre",
    "octobre",
    "novembre",
    "décembre",
  ],
  [
    "gennaio",
    "febbraio",
    "marzo",
    "aprile",
    "maggio",
    "giugno",
    "luglio",
    "agosto",
    "settembre",
    "ottobre",
    "novembre",
    "dicembre",
  ],
];
for (const names of MONTH_NAMES) {
  names.forEach((name, index) => {
    MONTHS[name] ??= index + 1;
  });
}
// Abbreviations as sites print them ("Mar 3, 2023", "20 abr 2025", "3 févr. 2024", "12 sept 2024"): every
// prefix of three letters or more that names one month only, whichever language it comes from.
const prefixes = new Map<string, Set<number>>();
for (const names of MONTH_NAMES) {
  names.forEach((name, index) => {
    for (let length = 3; length < name.length; length += 1) {
      const prefix = name.slice(0, length);
      prefixes.set(prefix, (prefixes.get(prefix) ?? new Set()).add(index + 1));
    }
  });
}
for (const [prefix, months] of prefixes) if (months.size === 1) MONTHS[prefix] ??= [...months][0]!;

const pad = (value: number) => String(value).padStart(2, "0");

/** An ISO date from printed text, or null when the text holds none this can read. */
export function parseDisplayDate(text: string | null | undefined): string | null {
  if (!text) return null;
  const iso = text.match(/\b(\d{4})-(\d{2})-(\d{2})\b/);
  if (iso) return `${iso[1]}-${iso[2]}-${iso[3]}`;
  // "28-04-2025", "28.04.2025", "28/04/2025": day first as most of the world writes it, unless
  // the second number cannot be a month ("04/28/2025").
  const numeric = text.match(/\b(\d{1,2})[-./](\d{1,2})[-./](\d{4})\b/);
  if (numeric) {
    const [first, second] = [Number(numeric[1]), Number(numeric[2])];
    const [day, month] = second > 12 ? [second, first] : [first, second];
    if (month >= 1 && month <= 12 && day >= 1 && day <= 31) return `${numeric[3]}-${pad(month)}-${pad(day)}`;
  }
  const lower = text.toLowerCase();
  // "March 3, 2023" / "Mar 3 2023"
  const monthFirst = lower.match(/([a-zäéû]+)\.?\s+(\d{1,2}),?\s+(\d{4})/);
  if (monthFirst && MONTHS[monthFirst[1]!])
    return `${monthFirst[3]}-${pad(MONTHS[monthFirst[1]!]!)}-${pad(Number(monthFirst[2]))}`;
  // "3 March 2023", "25 de agosto de 2017", "3. März 2023", "3 mars 2023"
  const dayFirst = lower.match(/(\d{1,2})\.?\s+(?:de\s+)?([a-zäéû]+)\.?\s+(?:de\s+)?(\d{4})/);
  if (dayFirst && MONTHS[dayFirst[2]!])
    return `${dayFirst[3]}-${pad(MONTHS[dayFirst[2]!]!)}-${pad(Number(dayFirst[1]))}`;
  return null;
}
