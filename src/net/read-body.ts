// Reading a body into memory with a ceiling: a page, an answer of our own routes, a stored result
// or a resolver's reply never makes one request hold more than its cap. Reading stops at the cap
// and the rest of the stream is cancelled, never downloaded. Written by hand: it is one loop over
// a stream reader, which no installed library offers for workerd's streams.

/** A body that went past the cap it was read with; only the cap's worth was read. */
export class BodyTooLarge extends Error {
  override name = "BodyTooLarge";

  constructor(readonly limitBytes: number) {
    super(`larger than ${sizeText(limitBytes)}`);
  }
}

/** A size as the caps are set and documented: "10 MB", "64 KB", "900 bytes". */
export function sizeText(bytes: number): string {
  if (bytes >= 1024 * 1024 && bytes % (1024 * 1024) === 0) return `${bytes / (1024 * 1024)} MB`;
  if (bytes >= 1024 && bytes % 1024 === 0) return `${bytes / 1024} KB`;
  return `${bytes.toLocaleString("en-US")} bytes`;
}

/** A Response, an R2 object or anything else with a body stream. */
interface HasBody {
  body: ReadableStream<Uint8Array> | null;
  headers?: Headers;
}

/**
 * At most the first `limitBytes` of `source`'s body; `complete` is false when more followed, and
 * that rest is cancelled unread.
 */
export async function readAtMost(
  source: HasBody,
  limitBytes: number,
): Promise<{ bytes: Uint8Array; complete: boolean }> {
  if (!source.body) return { bytes: new Uint8Array(), complete: true };
  const reader = source.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return { bytes: joined(chunks, total), complete: true };
    if (total + value.byteLength > limitBytes) {
      chunks.push(value.subarray(0, limitBytes - total));
      await reader.cancel().catch(() => {});
      return { bytes: joined(chunks, limitBytes), complete: false };
    }
    chunks.push(value);
    total += value.byteLength;
  }
}

/** The whole body, or `BodyTooLarge` as soon as it passes `limitBytes` (at once when it declares more). */
export async function readBytes(source: HasBody, limitBytes: number): Promise<Uint8Array> {
  if (Number(source.headers?.get("Content-Length")) > limitBytes) {
    await source.body?.cancel().catch(() => {});
    throw new BodyTooLarge(limitBytes);
  }
  const { bytes, complete } = await readAtMost(source, limitBytes);
  if (!complete) throw new BodyTooLarge(limitBytes);
  return bytes;
}

export async function readText(source: HasBody, limitBytes: number): Promise<string> {
  return new TextDecoder().decode(await readBytes(source, limitBytes));
}

export async function readJson<T = unknown>(source: HasBody, limitBytes: number): Promise<T> {
  return JSON.parse(await readText(source, limitBytes)) as T;
}

function joined(chunks: Uint8Array[], total: number): Uint8Array {
  if (chunks.length === 1) return chunks[0]!;
  const bytes = new Uint8Array(total);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return bytes;
}
