// A real webhook receiver on 127.0.0.1 for the end-to-end tests. It records every request with
// its headers and raw body and answers per path as told, through an admin API over HTTP (the
// tests run in another process than the global setup that starts it):
//   POST /_admin/behaviour {path, statuses?: (number | "hang")[], redirect?: string, hang?: boolean}
//   GET  /_admin/deliveries?path=/x   → [{path, headers, body, status, at}]
//   POST /_admin/reset
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo, Socket } from "node:net";

export interface Behaviour {
  /** Answered in order, one per request ("hang": that request is never answered); 200 once the list is used up. */
  statuses?: (number | "hang")[];
  /** Answer 302 to this location. */
  redirect?: string;
  /** Never answer any request. */
  hang?: boolean;
}

export interface ReceivedDelivery {
  path: string;
  headers: Record<string, string>;
  body: string;
  status: number | "hung";
  at: number;
}

export interface WebhookReceiver {
  url: string;
  stop(): Promise<void>;
}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString("utf8");
}

function sendJson(res: ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { "Content-Type": "application/json" });
  res.end(JSON.stringify(body));
}

export async function startWebhookReceiver(): Promise<WebhookReceiver> {
  const behaviours = new Map<string, Behaviour>();
  const received: ReceivedDelivery[] = [];
  const sockets = new Set<Socket>();

  const server = createServer(async (req, res) => {
    const url = new URL(req.url ?? "/", "http://receiver");
    const body = await readBody(req);
    if (url.pathname === "/_admin/behaviour") {
      const { path, ...behaviour } = JSON.parse(body) as Behaviour & { path: string };
      behaviours.set(path, { ...behaviour, statuses: behaviour.statuses ? [...behaviour.statuses] : undefined });
      return sendJson(res, 200, { ok: true });
    }
    if (url.pathname === "/_admin/deliveries")
      return sendJson(
        res,
        200,
        received.filter((d) => d.path === url.searchParams.get("path")),
      );
    if (url.pathname === "/_admin/reset") {
      behaviours.clear();
      received.length = 0;
      return sendJson(res, 200, { ok: true });
    }
    const behaviour = behaviours.get(url.pathname) ?? {};
    const headers = Object.fromEntries(
      Object.entries(req.headers).map(([k, v]) => [k, Array.isArray(v) ? v.join(", ") : (v ?? "")]),
    );
    const record: ReceivedDelivery = { path: url.pathname, headers, body, status: 200, at: Date.now() };
    received.push(record);
    const next = behaviour.hang ? "hang" : behaviour.statuses?.shift();
    if (next === "hang") {
      record.status = "hung";
      return;
    }
    if (behaviour.redirect) {
      record.status = 302;
      res.writeHead(302, { Location: behaviour.redirect });
      return res.end();
    }
    record.status = next ?? 200;
    sendJson(res, record.status, { received: true });
  });
  server.on("connection", (socket) => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    stop: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
