// An HTTP server on 127.0.0.1 that answers each request with the next step of a script (the last
// step repeats) and records every attempt: a status with headers, or a connection dropped.
import { createServer, type IncomingMessage } from "node:http";
import type { AddressInfo } from "node:net";

export type Step =
  | { status: number; headers?: Record<string, string>; body?: unknown; delayMs?: number }
  | { drop: true }
  | { dropMidBody: true };

export interface Attempt {
  method: string;
  path: string;
  headers: IncomingMessage["headers"];
  at: number;
}

export const envelopeError = (status: number, code: string, message: string, headers: Record<string, string> = {}) => ({
  status,
  headers,
  body: { status: "error", error: { code, message, details: [] }, meta: { request_id: "req_flaky", timestamp: "" } },
});

export const ok = (data: unknown, meta: Record<string, unknown> = {}) => ({
  status: 200,
  body: { status: "success", data, meta: { request_id: "req_ok", ...meta } },
});

export async function startFlakyServer(script: Step[]) {
  const steps = [...script];
  const attempts: Attempt[] = [];
  const server = createServer((request, response) => {
    attempts.push({ method: request.method!, path: request.url!, headers: request.headers, at: Date.now() });
    request.resume();
    const step = steps.length > 1 ? steps.shift()! : steps[0]!;
    if ("drop" in step) return request.socket.destroy();
    if ("dropMidBody" in step) {
      response.writeHead(200, { "Content-Type": "application/json", "Content-Length": "1000" });
      response.write('{"status":"succ');
      setTimeout(() => request.socket.destroy(), 20);
      return;
    }
    const send = () => {
      const body = JSON.stringify(step.body ?? {});
      response.writeHead(step.status, {
        "Content-Type": "application/json",
        "X-Request-Id": "req_header",
        ...step.headers,
      });
      response.end(body);
    };
    if (step.delayMs) setTimeout(send, step.delayMs);
    else send();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    attempts,
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
