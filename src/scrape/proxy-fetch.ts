import { connect } from "cloudflare:sockets";
import { BodyTooLarge } from "../net/read-body";
import { UpstreamTimeout } from "./errors";
import { MAX_PAGE_BYTES } from "./page-limits";
import type { ProxyEndpoint } from "./proxy-pool";

/** The proxy itself failed (refused, dropped mid-response, 403/407 on CONNECT): try another exit. */
export class ProxyFailure extends Error {
  constructor(
    readonly proxyId: string,
    message: string,
  ) {
    super(message);
    this.name = "ProxyFailure";
  }
}

type Bytes = Uint8Array<ArrayBuffer>;

/** Bytes on the wire for a page of `MAX_PAGE_BYTES`: chunked framing adds a little per chunk. */
const MAX_FRAMED_BYTES = MAX_PAGE_BYTES + MAX_PAGE_BYTES / 16;
/** A status line and headers longer than this are no HTTP answer worth reading. */
const MAX_HEAD_BYTES = 64 * 1024;
const encoder = new TextEncoder();
const decoder = new TextDecoder();

export interface ProxiedRequest {
  method?: string;
  headers?: Record<string, string>;
  body?: string;
  timeoutMs?: number;
}

/**
 * HTTP/1.1 through an egress proxy. `connect` proxies get an HTTP CONNECT tunnel over
 * `cloudflare:sockets`, with TLS started inside the tunnel for https targets; gateways get
 * a plain fetch of their URL template. Written by hand because no library speaks CONNECT
 * over Workers sockets.
 */
export async function fetchViaProxy(
  proxy: ProxyEndpoint,
  target: URL,
  request: ProxiedRequest = {},
): Promise<Response> {
  if (proxy.kind === "gateway") {
    return fetch(proxy.template!.replace("{url}", encodeURIComponent(target.toString())), {
      method: request.method ?? "GET",
      headers: request.headers,
      body: request.body,
      redirect: "manual",
      signal: AbortSignal.timeout(request.timeoutMs ?? 30_000),
    });
  }
  const timeout = request.timeoutMs ?? 30_000;
  let socket = connect(
    { hostname: proxy.hostname, port: proxy.port },
    { secureTransport: target.protocol === "https:" ? "starttls" : "off", allowHalfOpen: false },
  );
  let timedOut = false;
  let tunnelled = false;
  const timer = setTimeout(() => {
    timedOut = true;
    socket.close().catch(() => {});
  }, timeout);
  try {
    const port = target.port || (target.protocol === "https:" ? "443" : "80");
    const authority = `${target.hostname}:${port}`;
    let writer = socket.writable.getWriter();
    let reader = socket.readable.getReader();
    const auth = proxy.authorization ? `Proxy-Authorization: ${proxy.authorization}\r\n` : "";
    await writer
      .write(encoder.encode(`CONNECT ${authority} HTTP/1.1\r\nHost: ${authority}\r\n${auth}\r\n`))
      .catch((err) => {
        throw new ProxyFailure(proxy.id, `cannot reach proxy: ${err}`);
      });
    const tunnel = await readHead(reader, proxy.id);
    if (tunnel.status !== 200) throw new ProxyFailure(proxy.id, `CONNECT refused with ${tunnel.status}`);
    tunnelled = true;

    if (target.protocol === "https:") {
      writer.releaseLock();
      reader.releaseLock();
      socket = socket.startTls({ expectedServerHostname: target.hostname });
      writer = socket.writable.getWriter();
      reader = socket.readable.getReader();
    }
    const headers = {
      "User-Agent": "Mozilla/5.0",
      Accept: "*/*",
      ...request.headers,
      Host: target.host,
      Connection: "close",
      "Accept-Encoding": "identity",
    };
    if (request.body !== undefined)
      headers["Content-Length" as keyof typeof headers] = String(encoder.encode(request.body).byteLength);
    const head = `${request.method ?? "GET"} ${target.pathname}${target.search} HTTP/1.1\r\n${Object.entries(headers)
      .map(([k, v]) => `${k}: ${v}\r\n`)
      .join("")}\r\n`;
    await writer.write(encoder.encode(head + (request.body ?? ""))).catch((err) => {
      throw new ProxyFailure(proxy.id, `connection dropped while sending: ${err}`);
    });
    const response = await readHead(reader, proxy.id, tunnel.rest);
    const body = [101, 204, 304].includes(response.status)
      ? null
      : await readBody(reader, response.headers, response.rest, proxy.id);
    return new Response(body, { status: response.status, headers: response.headers });
  } catch (err) {
    if (!timedOut) throw err;
    // Through an open tunnel the wait is the site's, and another exit would wait as long;
    // before the tunnel is up it is the proxy's.
    if (tunnelled) throw new UpstreamTimeout(`no answer from ${target.host} within ${timeout / 1000} s`);
    throw new ProxyFailure(proxy.id, `no tunnel within ${timeout / 1000} s`);
  } finally {
    clearTimeout(timer);
    socket.close().catch(() => {});
  }
}

interface Head {
  status: number;
  headers: Headers;
  rest: Bytes;
}

async function readHead(
  reader: ReadableStreamDefaultReader<Uint8Array>,
  proxyId: string,
  initial: Bytes = new Uint8Array(),
): Promise<Head> {
  let buffer = initial;
  for (;;) {
    const end = indexOf(buffer, [13, 10, 13, 10]);
    if (end >= 0) {
      const lines = decoder.decode(buffer.slice(0, end)).split("\r\n");
      const status = Number(/^HTTP\/1\.[01] (\d{3})/.exec(lines[0] ?? "")?.[1] ?? 0);
      const headers = new Headers();
      for (const line of lines.slice(1)) {
        const colon = line.indexOf(":");
        if (colon > 0) headers.append(line.slice(0, colon).trim(), line.slice(colon + 1).trim());
      }
      return { status, headers, rest: buffer.slice(end + 4) };
    }
    if (buffer.byteLength > MAX_HEAD_BYTES) throw new ProxyFailure(proxyId, "a response head longer than 64 KB");
    const { done, value } = await reader.read().catch((err) => {
      throw new ProxyFailure(proxyId, `connection dropped: ${err}`);
    });
    if (done) throw new ProxyFailure(proxyId, "connection closed before a response");
    buffer = concat(buffer, value as Bytes);
  }
}

/**
 * The body, de-chunked, of at most `MAX_PAGE_BYTES` (`BodyTooLarge` past it, at once when the
 * length is declared). A connection that closes before the declared length or the last chunk is a
 * proxy (or its link) dying mid-response, never a short page.
 */
async function readBody(
  reader: ReadableStreamDefaultReader<Uint8Array>,
  headers: Headers,
  initial: Bytes,
  proxyId: string,
): Promise<Bytes> {
  const length = Number(headers.get("Content-Length") ?? Number.NaN);
  if (length > MAX_PAGE_BYTES) throw new BodyTooLarge(MAX_PAGE_BYTES);
  const parts = [initial];
  let size = initial.byteLength;
  while (!(Number.isFinite(length) && size >= length)) {
    const { done, value } = await reader.read().catch((err) => {
      throw new ProxyFailure(proxyId, `connection dropped mid-response: ${err}`);
    });
    if (done) break;
    parts.push(value as Bytes);
    size += value.byteLength;
    if (size > MAX_FRAMED_BYTES) throw new BodyTooLarge(MAX_PAGE_BYTES);
  }
  const buffer = joinBytes(parts);
  if (Number.isFinite(length) && buffer.byteLength < length)
    throw new ProxyFailure(proxyId, `connection closed after ${buffer.byteLength} of ${length} body bytes`);
  headers.delete("Content-Length");
  if (/chunked/i.test(headers.get("Transfer-Encoding") ?? "")) {
    headers.delete("Transfer-Encoding");
    const body = dechunk(buffer);
    if (!body) throw new ProxyFailure(proxyId, "connection closed before the last chunk");
    if (body.byteLength > MAX_PAGE_BYTES) throw new BodyTooLarge(MAX_PAGE_BYTES);
    return body;
  }
  if (buffer.byteLength > MAX_PAGE_BYTES) throw new BodyTooLarge(MAX_PAGE_BYTES);
  return Number.isFinite(length) ? buffer.slice(0, length) : buffer;
}

/** The chunked body's data, or null when it stops before the zero-size last chunk. */
function dechunk(data: Bytes): Bytes | null {
  const parts: Bytes[] = [];
  let offset = 0;
  for (;;) {
    const lineEnd = indexOf(data, [13, 10], offset);
    if (lineEnd < 0) return null;
    const size = parseInt(decoder.decode(data.slice(offset, lineEnd)).split(";")[0]!, 16);
    if (Number.isNaN(size)) return null;
    if (size === 0) break;
    if (lineEnd + 2 + size > data.byteLength) return null;
    parts.push(data.subarray(lineEnd + 2, lineEnd + 2 + size));
    offset = lineEnd + 2 + size + 2;
  }
  return joinBytes(parts);
}

/** The parts as one array, copied once. */
function joinBytes(parts: Bytes[]): Bytes {
  if (parts.length === 1) return parts[0]!;
  const out = new Uint8Array(parts.reduce((total, part) => total + part.byteLength, 0));
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.byteLength;
  }
  return out;
}

function concat(a: Bytes, b: Bytes): Bytes {
  const out = new Uint8Array(a.byteLength + b.byteLength);
  out.set(a);
  out.set(b, a.byteLength);
  return out;
}

function indexOf(haystack: Uint8Array, needle: number[], from = 0): number {
  outer: for (let i = from; i <= haystack.length - needle.length; i++) {
    for (let j = 0; j < needle.length; j++) if (haystack[i + j] !== needle[j]) continue outer;
    return i;
  }
  return -1;
}
