// A snapshot part in R2 (its key: src/db/objects.ts): its body (one JSON record a line), and where each line
// starts in bytes, so that a reader asks R2 for the bytes of the records it answers and no others.

const encoder = new TextEncoder();

/** The NDJSON body of these lines and the byte offset of each line, the body's length last. */
export function ndjsonPart(lines: string[]): { body: string; lineOffsets: number[] } {
  const lineOffsets = [0];
  let bytes = 0;
  for (const line of lines) {
    bytes += encoder.encode(line).length + 1;
    lineOffsets.push(bytes);
  }
  return { body: lines.length === 0 ? "" : `${lines.join("\n")}\n`, lineOffsets };
}

/** The lines of a byte range of a part read from R2 (its trailing newline dropped). */
export const linesOf = (text: string) => (text.endsWith("\n") ? text.slice(0, -1) : text).split("\n");
