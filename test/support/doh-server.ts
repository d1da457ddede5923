// The DNS-over-HTTPS stand-in as a real HTTP server on 127.0.0.1, for wrangler dev's `DOH_URL`.
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { dohResponse, type DnsRecords } from "./doh.ts";

export interface DohServer {
  /** The `DOH_URL` to configure. */
  url: string;
  /** Names asked for, in order. */
  queries: string[];
  stop(): Promise<void>;
}

/** `fallback` answers names not in `records` (none: NXDOMAIN). The server never keeps the process alive by itself. */
export async function startDohServer(records: DnsRecords, fallback?: DnsRecords[string]): Promise<DohServer> {
  const queries: string[] = [];
  const server = createServer(async (req, res) => {
    const url = `http://127.0.0.1${req.url ?? "/"}`;
    queries.push(new URL(url).searchParams.get("name") ?? "");
    const response = dohResponse(records, url, fallback);
    res.writeHead(response.status, { "Content-Type": response.headers.get("Content-Type") ?? "application/json" });
    res.end(await response.text());
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  server.unref();
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/dns-query`,
    queries,
    stop: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
