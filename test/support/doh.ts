// A DNS-over-HTTPS stand-in speaking the JSON API of cloudflare-dns.com, so tests decide what a
// name resolves to without the internet. Served on 127.0.0.1 by `startDohServer` (doh-server.ts).

/** What each name resolves to. */
export type DnsRecords = Record<string, { A?: string[]; AAAA?: string[]; CNAME?: string }>;

/**
 * Names that resolve inward, as the public DNS has them (localtest.me, nip.io) or as an attacker
 * could set them up; every other name answers with `PUBLIC_ADDRESS` in the workers pool.
 */
export const INWARD_RECORDS: DnsRecords = {
  "localtest.me": { A: ["127.0.0.1"], AAAA: ["::1"] },
  "127.0.0.1.nip.io": { A: ["127.0.0.1"] },
  "10.0.0.5.nip.io": { A: ["10.0.0.5"] },
  "169.254.169.254.nip.io": { A: ["169.254.169.254"] },
  "metadata.attacker.example": { A: ["169.254.169.254"] },
  "v6-loopback.attacker.example": { AAAA: ["::1"] },
  "mapped.attacker.example": { AAAA: ["::ffff:127.0.0.1"] },
  "mixed.attacker.example": { A: ["93.184.216.34"], AAAA: ["fd00::1"] },
  "cgnat.attacker.example": { A: ["100.64.1.1"] },
  "cname.attacker.example": { CNAME: "localtest.me" },
  "empty.attacker.example": {},
  "public.example.net": { A: ["93.184.216.34"], AAAA: ["2606:2800:220:1::1"] },
};
export const PUBLIC_ADDRESS = "93.184.216.34";

const TYPES = { A: 1, AAAA: 28, CNAME: 5 } as const;

/**
 * The resolver's answer to `?name=…&type=A|AAAA`, following CNAMEs as a recursive resolver does.
 * A name not in `records` is NXDOMAIN, or has `fallback` when one is given.
 */
export function dohResponse(records: DnsRecords, url: string, fallback?: DnsRecords[string]): Response {
  const query = new URL(url).searchParams;
  const type = query.get("type") as "A" | "AAAA" | null;
  let name = (query.get("name") ?? "").replace(/\.$/, "").toLowerCase();
  if (!name || (type !== "A" && type !== "AAAA"))
    return Response.json({ error: "name and type=A|AAAA required" }, { status: 400 });
  const answer: { name: string; type: number; TTL: number; data: string }[] = [];
  for (let hops = 0; records[name]?.CNAME && hops < 8; hops++) {
    const target = records[name]!.CNAME!;
    answer.push({ name, type: TYPES.CNAME, TTL: 30, data: `${target}.` });
    name = target;
  }
  const entry = records[name] ?? fallback;
  if (!entry)
    return Response.json(
      { Status: 3, Question: [{ name: query.get("name"), type: TYPES[type] }] },
      { headers: { "Content-Type": "application/dns-json" } },
    );
  for (const data of entry[type] ?? []) answer.push({ name, type: TYPES[type], TTL: 30, data });
  return Response.json(
    { Status: 0, Question: [{ name: query.get("name"), type: TYPES[type] }], Answer: answer },
    { headers: { "Content-Type": "application/dns-json" } },
  );
}
