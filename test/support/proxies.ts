// Real forward proxies on 127.0.0.1 for the scrape tests, built on the `proxy` package.
// Each counts the tunnels it opens and can be told to refuse (403) or go away, over a small
// admin API on its own port (tests run in other processes than the one that starts it):
//   GET /_admin/stats -> { mode, connects, refused }, /_admin/mode?to=ok|forbid, /_admin/stop
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { Duplex } from "node:stream";
import { createProxy } from "proxy";

export interface TestProxy {
  url: string;
  /** The proxy URL with credentials, as it goes into PROXY_URLS. */
  proxyUrl: string;
  stop(): Promise<void>;
}

export async function startProxy(credentials = { user: "scraper", pass: "s3cret" }): Promise<TestProxy> {
  const server = createProxy(createServer());
  const expected = `Basic ${Buffer.from(`${credentials.user}:${credentials.pass}`).toString("base64")}`;
  server.authenticate = (req) => req.headers["proxy-authorization"] === expected;

  let mode: "ok" | "forbid" = "ok";
  const stats = { connects: 0, refused: 0 };

  const [onConnect] = server.listeners("connect") as ((req: IncomingMessage, socket: Duplex, head: Buffer) => void)[];
  server.removeAllListeners("connect");
  server.on("connect", (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    if (mode === "forbid") {
      stats.refused += 1;
      socket.end("HTTP/1.1 403 Forbidden\r\nContent-Length: 0\r\n\r\n");
      return;
    }
    stats.connects += 1;
    onConnect!.call(server, req, socket, head);
  });

  const [onRequest] = server.listeners("request") as ((req: IncomingMessage, res: ServerResponse) => void)[];
  server.removeAllListeners("request");
  server.on("request", (req: IncomingMessage, res: ServerResponse) => {
    if (!req.url?.startsWith("/_admin/")) return onRequest!.call(server, req, res);
    const url = new URL(req.url, "http://proxy");
    if (url.pathname === "/_admin/mode") mode = url.searchParams.get("to") === "forbid" ? "forbid" : "ok";
    res.writeHead(200, { "Content-Type": "application/json" }).end(JSON.stringify({ mode, ...stats }));
    // Gone for good, like a proxy host that died: later connections are refused.
    if (url.pathname === "/_admin/stop") res.on("finish", () => void stop());
  });

  const stop = () =>
    new Promise<void>((resolve) => {
      server.close(() => resolve());
      server.closeAllConnections();
    });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as { port: number };
  return { url: `http://127.0.0.1:${port}`, proxyUrl: `http://${credentials.user}:${credentials.pass}@127.0.0.1:${port}`, stop };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const proxy = await startProxy();
  console.log(proxy.proxyUrl);
}
