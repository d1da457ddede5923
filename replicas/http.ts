// Node HTTP plumbing the replica server and the solver stand-in share: bounded body reading,
// JSON bodies, and running a module as a command-line program.
import type { IncomingMessage, Server } from "node:http";
import type { AddressInfo } from "node:net";
import { resolve } from "node:path";
import { pathToFileURL } from "node:url";

const MAX_BODY_BYTES = 64 * 1024;

export async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > MAX_BODY_BYTES) throw new RangeError("request body too large");
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks).toString("utf8");
}

export async function readJson(req: IncomingMessage): Promise<Record<string, unknown>> {
  const text = await readBody(req);
  const value: unknown = text.trim() ? JSON.parse(text) : {};
  if (typeof value !== "object" || value === null || Array.isArray(value))
    throw new RangeError("the body must be a JSON object");
  return value as Record<string, unknown>;
}

/** `--name value` from the command line. */
export function option(name: string): string | undefined {
  const at = process.argv.indexOf(`--${name}`);
  return at > 0 ? process.argv[at + 1] : undefined;
}

/** Whether the module at `moduleUrl` is the program node was started with. */
export function isMainModule(moduleUrl: string): boolean {
  return Boolean(process.argv[1]) && moduleUrl === pathToFileURL(resolve(process.argv[1]!)).href;
}

/** Starts `server` listening and returns its base URL, e.g. http://127.0.0.1:8790. */
export async function listen(server: Server, port = 0, host = "127.0.0.1"): Promise<string> {
  await new Promise<void>((done, fail) => {
    server.once("error", fail);
    server.listen(port, host, () => done());
  });
  const address = server.address() as AddressInfo;
  return `http://${address.family === "IPv6" ? `[${address.address}]` : address.address}:${address.port}`;
}

/** Stops accepting connections and drops idle keep-alive ones, so stopping never hangs. */
export function closeServer(server: Server): Promise<void> {
  return new Promise<void>((done, fail) => {
    server.close((err) => (err ? fail(err) : done()));
    server.closeAllConnections();
  });
}
