// HTML building for the replica pages. Every interpolated value goes through `html`, which
// escapes it unless it is already markup (`Raw`), so catalogue text ("Ha'penny", "<3", "&")
// can never break a page. JSON placed inside <script> goes through `jsonScript`.

/** Markup that is already safe to emit as-is. */
export class Raw {
  readonly value: string;
  constructor(value: string) {
    this.value = value;
  }
  toString(): string {
    return this.value;
  }
}

const ENTITIES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };

export function escapeHtml(value: unknown): string {
  return String(value).replace(/[&<>"']/g, (char) => ENTITIES[char]!);
}

/** Trusted markup, e.g. a fixed entity such as `&nbsp;`. Never pass catalogue text here. */
export function raw(value: string): Raw {
  return new Raw(value);
}

function render(value: unknown): string {
  if (value instanceof Raw) return value.value;
  if (Array.isArray(value)) return value.map(render).join("");
  if (value === null || value === undefined || value === false) return "";
  return escapeHtml(value);
}

/** Tagged template: interpolations are escaped, arrays are joined, `Raw` passes through. */
export function html(strings: TemplateStringsArray, ...values: unknown[]): Raw {
  let out = strings[0]!;
  values.forEach((value, i) => {
    out += render(value) + strings[i + 1]!;
  });
  return new Raw(out);
}

/**
 * JSON for a <script> body: `<`, `>`, `&` and the JS line separators are \u-escaped so that
 * no string value can close the script element (the way Next.js and Rails emit it).
 */
export function jsonScript(value: unknown): Raw {
  const json = JSON.stringify(value).replace(
    /[<>&\u2028\u2029]/g,
    (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, "0")}`,
  );
  return new Raw(json);
}

/** A `<script type="application/ld+json">` element. */
export function jsonLd(value: unknown, attributes: Raw = raw("")): Raw {
  return html`<script type="application/ld+json"${attributes}>${jsonScript(value)}</script>`;
}

export interface PageParts {
  title: string;
  lang?: string;
  head?: Raw | Raw[];
  body: Raw | Raw[];
  bodyAttributes?: Raw;
}

export function page(parts: PageParts): string {
  return html`<!doctype html>
<html lang="${parts.lang ?? "en-us"}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${parts.title}</title>
${parts.head ?? ""}
</head>
<body${parts.bodyAttributes ?? raw("")}>
${parts.body}
</body>
</html>
`.value;
}

const SYMBOLS: Record<string, string> = { USD: "$", EUR: "€", GBP: "£" };

/** "$1,234.56": a currency symbol and two decimals, US grouping. */
export function money(amount: number, currency = "USD"): string {
  const text = amount.toLocaleString("en-US", { minimumFractionDigits: 2, maximumFractionDigits: 2 });
  return `${SYMBOLS[currency] ?? `${currency} `}${text}`;
}

/** "€540" or "€540.50": whole amounts without decimals, as travel sites show them. */
export function wholeMoney(amount: number, currency = "EUR", separator = ""): string {
  const whole = Math.abs(amount - Math.round(amount)) < 0.005;
  const text = amount.toLocaleString("en-US", {
    minimumFractionDigits: whole ? 0 : 2,
    maximumFractionDigits: whole ? 0 : 2,
  });
  return `${SYMBOLS[currency] ?? `${currency} `}${separator}${text}`;
}

/** "1,234" */
export function count(value: number): string {
  return value.toLocaleString("en-US");
}

/** Price with two decimals as a plain string ("24.00"), as JSON-LD and microdata carry it. */
export function decimal(amount: number): string {
  return amount.toFixed(2);
}
