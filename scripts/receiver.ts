// `npm run receiver`: a local webhook endpoint for trying the events API. Each delivery's Standard
// Webhooks signature is checked with the endpoint's `whsec_` secret and the delivery printed on one
// line. A verified (or, without a secret, unchecked) delivery is answered 200; one whose signature
// does not verify is refused with 401, as a real receiver must, so the API's delivery log shows it
// failed. `npm start` puts 127.0.0.1:<port> on the development SSRF allow-list.
//   npm run receiver -- --port 8791 --secret whsec_…   (or RECEIVER_PORT and WEBHOOK_SECRET)
import { createServer, type IncomingHttpHeaders } from "node:http";
import { Webhook } from "standardwebhooks";
import { closeServer, isMainModule, listen, option, readBody } from "../replicas/http.ts";

export const DEFAULT_RECEIVER_PORT = 8791;

/** The port `npm start` allow-lists and the receiver listens on unless given `--port`. */
export const receiverPort = () => Number(process.env.RECEIVER_PORT ?? DEFAULT_RECEIVER_PORT);

export interface ReceivedWebhook {
  id: string | undefined;
  type: string | undefined;
  /** "unchecked" when the receiver was given no secret. */
  signature: "verified" | "invalid" | "unchecked";
  body: string;
}

export interface ReceiverOptions {
  port?: number;
  /** The endpoint's `whsec_…` secret, shown once when it was created or rotated. */
  secret?: string;
  log?: (line: string) => void;
}

export interface Receiver {
  url: string;
  deliveries: ReceivedWebhook[];
  stop(): Promise<void>;
}

const headerValues = (headers: IncomingHttpHeaders) =>
  Object.fromEntries(
    Object.entries(headers).map(([name, value]) => [name, Array.isArray(value) ? value.join(", ") : (value ?? "")]),
  );

function eventType(body: string): string | undefined {
  try {
    return (JSON.parse(body) as { type?: string }).type;
  } catch {
    return undefined;
  }
}

/** One line per delivery: when, webhook-id, event type, signature check and the start of the body. */
export function describeDelivery(delivery: ReceivedWebhook, reason?: string): string {
  const signature =
    delivery.signature === "invalid"
      ? `signature INVALID (${reason})`
      : delivery.signature === "unchecked"
        ? "signature not checked (no secret given)"
        : "signature verified";
  const body = delivery.body.length > 160 ? `${delivery.body.slice(0, 160)}…` : delivery.body;
  return `${new Date().toISOString()} ${delivery.id ?? "(no webhook-id)"} ${delivery.type ?? "(no type)"} ${signature} ${body}`;
}

export async function startReceiver(options: ReceiverOptions = {}): Promise<Receiver> {
  const verifier = options.secret ? new Webhook(options.secret) : undefined;
  const log = options.log ?? console.log;
  const deliveries: ReceivedWebhook[] = [];
  const server = createServer(async (req, res) => {
    let body: string;
    try {
      body = await readBody(req);
    } catch {
      res.writeHead(413).end();
      return;
    }
    const headers = headerValues(req.headers);
    const delivery: ReceivedWebhook = {
      id: headers["webhook-id"],
      type: eventType(body),
      signature: "unchecked",
      body,
    };
    let reason: string | undefined;
    if (verifier) {
      try {
        verifier.verify(body, headers);
        delivery.signature = "verified";
      } catch (err) {
        delivery.signature = "invalid";
        reason = (err as Error).message;
      }
    }
    deliveries.push(delivery);
    log(describeDelivery(delivery, reason));
    if (delivery.signature === "invalid") {
      res.writeHead(401, { "Content-Type": "application/json" }).end(JSON.stringify({ error: `signature ${reason}` }));
      return;
    }
    res.writeHead(200, { "Content-Type": "application/json" }).end('{"received":true}');
  });
  const url = await listen(server, options.port ?? 0);
  return { url, deliveries, stop: () => closeServer(server) };
}

if (isMainModule(import.meta.url)) {
  const secret = option("secret") ?? process.env.WEBHOOK_SECRET;
  const receiver = await startReceiver({ port: Number(option("port") ?? receiverPort()), secret });
  console.log(`Webhook receiver on ${receiver.url}/ (register it with POST /v1/webhooks {"url": "${receiver.url}/"})`);
  if (!secret) console.log("No secret given (--secret or WEBHOOK_SECRET): signatures cannot be checked.");
  for (const signal of ["SIGINT", "SIGTERM"] as const) {
    process.once(signal, () => void receiver.stop().then(() => process.exit(0)));
  }
}
