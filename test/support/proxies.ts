// Real forward proxies on 127.0.0.1 for the scrape tests, built on the `proxy` package.
// Each counts the tunnels it opens and can be told to refuse, to die mid-request or to go
// away, over a small admin API on its own port (tests run in other processes than the one
// that starts it):
//   GET /_admin/stats -> { mode, connects, refused, dropped }
//   GET /_admin/mode?to=ok|forbid|cut|hangup
//     forbid: CONNECT answered 403 · cut: the tunnel opens and the response is cut off after
//     its head and a few body bytes · hangup: the tunnel opens and closes before any answer
//   GET /_admin/stop[?for=ms]   gone (connections refused) for good, or for `ms` and then back
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import { connect, type Socket } from "node:net";
import type { Duplex } from "node:stream";
import { createProxy } from "proxy";

export type ProxyMode = "ok" | "forbid" | "cut" | "hangup";
const MODES: readonly ProxyMode[] = ["ok", "forbid", "cut", "hangup"];

/** Body bytes a `cut` tunnel passes on before it dies: the page has begun but is not whole. */
const CUT_AFTER_BODY_BYTES = 64;

export interface TestProxy {
  url: string;
  /** The proxy URL with credentials, as it goes into PROXY_URLS. */
  proxyUrl: string;
  stop(): Promise<void>;
}

/**
 * A tunnel like the real one whose connection dies: right after `200 Connection established`
 * (hangup), or once the target's response head and a few body bytes have gone through (cut).
 */
function dyingTunnel(req: IncomingMessage, socket: Duplex, head: Buffer, mode: "cut" | "hangup", onDrop: () => void) {
  const [host, port] = (req.url ?? "").split(":");
  const target: Socket = connect(Number(port), host!, () => {
    socket.write("HTTP/1.1 200 Connection established\r\n\r\n");
    if (mode === "hangup") {
      onDrop();
      target.destroy();
      socket.destroy();
      return;
    }
    if (head.length) target.write(head);
    socket.pipe(target);
    let seen = Buffer.alloc(0);
    let forwarded = 0;
    target.on("data", (chunk: Buffer) => {
      seen = Buffer.concat([seen, chunk]);
      const headEnd = seen.indexOf("\r\n\r\n");
      const limit = headEnd < 0 ? seen.length : Math.min(seen.length, headEnd + 4 + CUT_AFTER_BODY_BYTES);
      if (limit > forwarded) socket.write(seen.subarray(forwarded, limit));
      forwarded = limit;
      if (headEnd >= 0 && limit < seen.length) {
        onDrop();
        target.destroy();
        socket.destroy();
      }
    });
    target.on("end", () => socket.end());
  });
  target.on("error", () => socket.destroy());
  socket.on("error", () => target.destroy());
}

export async function startProxy(credentials = { user: "scraper", pass: "s3cret" }): Promise<TestProxy> {
  const server = createProxy(createServer());
  const expected = `Basic ${Buffer.from(`${credentials.user}:${credentials.pass}`).toString("base64")}`;
  server.authenticate = (req) => req.headers["proxy-authorization"] === expected;

  let mode: ProxyMode = "ok";
  const stats = { connects: 0, refused: 0, dropped: 0 };

  const [onConnect] = server.listeners("connect") as ((req: IncomingMessage, socket: Duplex, head: Buffer) => void)[];
  server.removeAllListeners("connect");
  server.on("connect", (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    if (mode === "forbid") {
      stats.refused += 1;
      socket.end("HTTP/1.1 403 Forbidden\r\nContent-Length: 0\r\n\r\n");
      return;
    }
    stats.connects += 1;
    if (mode === "ok") return onConnect!.call(server, req, socket, head);
    if (req.headers["proxy-authorization"] !== expected) {
      socket.end("HTTP/1.1 407 Proxy Authentication Required\r\nContent-Length: 0\r\n\r\n");
      return;
    }
    dyingTunnel(req, socket, head, mode, () => (stats.dropped += 1));
  });

  const [onRequest] = server.listeners("request") as ((req: IncomingMessage, res: ServerResponse) => void)[];
  server.removeAllListeners("request");
  server.on("request", (req: IncomingMessage, res: ServerResponse) => {
    if (!req.url?.startsWith("/_admin/")) return onRequest!.call(server, req, res);
    const url = new URL(req.url, "http://proxy");
    const next = url.searchParams.get("to") as ProxyMode | null;
    if (url.pathname === "/_admin/mode") mode = next && MODES.includes(next) ? next : "ok";
    res.writeHead(200, { "Content-Type": "application/json" }).end(JSON.stringify({ mode, ...stats }));
    // Gone, like a proxy host that died: connections are refused (until it comes back, with `for`).
    if (url.pathname === "/_admin/stop") {
      const downFor = Number(url.searchParams.get("for"));
      res.on(
        "finish",
        () =>
          void close().then(() =>
            downFor > 0 ? setTimeout(() => void (retired || listen(port)), downFor).unref() : undefined,
          ),
      );
    }
  });

  let retired = false;
  const close = () =>
    new Promise<void>((resolve) => {
      if (!server.listening) return resolve();
      server.close(() => resolve());
      server.closeAllConnections();
    });
  const listen = (at: number) => new Promise<void>((resolve) => server.listen(at, "127.0.0.1", resolve));
  await listen(0);
  const { port } = server.address() as { port: number };
  const stop = () => {
    retired = true;
    return close();
  };
  return {
    url: `http://127.0.0.1:${port}`,
    proxyUrl: `http://${credentials.user}:${credentials.pass}@127.0.0.1:${port}`,
    stop,
  };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const proxy = await startProxy();
  console.log(proxy.proxyUrl);
}
