// Bytes to text for pages whose declared charset cannot be trusted: valid UTF-8 wins
// (a page labelled iso-8859-1 is often UTF-8), then the declared charset, then windows-1252.

const SNIFF_BYTES = 4096;

/** The charset a Content-Type header or the page's own meta tags declare, lower-cased. */
export function declaredCharset(bytes: Uint8Array, contentType?: string | null): string | null {
  const fromHeader = contentType?.match(/charset\s*=\s*["']?([\w.:-]+)/i)?.[1];
  if (fromHeader) return fromHeader.toLowerCase();
  // Meta tags are ASCII, so a latin1 view of the head is enough to read them.
  const head = new TextDecoder("latin1").decode(bytes.subarray(0, SNIFF_BYTES));
  const fromMeta = head.match(/<meta[^>]+charset\s*=\s*["']?([\w.:-]+)/i)?.[1];
  return fromMeta?.toLowerCase() ?? null;
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

/** Decodes an HTML response body, whatever it claims to be. */
export function decodeHtml(bytes: Uint8Array, contentType?: string): string {
  const bom = bomCharset(bytes);
  if (bom) return decodeWith(bom, bytes, false) ?? "";
  const utf8 = decodeWith("utf-8", bytes, true);
  if (utf8 !== null) return utf8;
  const declared = declaredCharset(bytes, contentType);
  if (declared && !/^utf-?8$/.test(declared)) {
    const text = decodeWith(declared, bytes, false);
    if (text !== null && !text.includes("\ufffd")) return text;
  }
  return decodeWith("windows-1252", bytes, false) ?? decodeWith("utf-8", bytes, false) ?? "";
}
