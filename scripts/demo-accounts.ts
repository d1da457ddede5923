// `npm start`'s demo accounts, free and pro: each with a key whose secret the banner shows and a
// person who signs in to the dashboard with the printed email and password, so what the keys make
// shows there. Kept in a git-ignored file beside the local database, so a restart reuses the same
// accounts (a new key each start: only the hash of a secret is stored) until the database is wiped.
import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname } from "node:path";
import { createAccountKey } from "./local-stack.ts";

export interface DemoAccount {
  plan: "free" | "pro";
  accountId: string;
  email: string;
  password: string;
  /** The secret of the key made at this start. */
  secret: string;
}

type Stored = Record<string, Omit<DemoAccount, "secret">>;

async function admin(url: string, adminToken: string, method: string, path: string, body?: unknown) {
  const response = await fetch(`${url}${path}`, {
    method,
    headers: { "X-Admin-Token": adminToken, ...(body ? { "Content-Type": "application/json" } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  const json = (await response.json()) as { data?: { secret?: string }; error?: { message: string } };
  return { status: response.status, json };
}

/** A password the sign-up rules accept: long, mixed, and nobody else's. */
const newPassword = () => `Demo-${randomBytes(6).toString("hex")}`;

/** A new account of `plan` with its first key and a person who signs in to it. */
async function createDemo(url: string, adminToken: string, plan: DemoAccount["plan"]): Promise<DemoAccount> {
  const email = `demo-${plan}-${randomBytes(3).toString("hex")}@example.com`;
  const created = await createAccountKey(url, adminToken, { name: `Demo (${plan})`, plan, email, key_name: "demo" });
  const password = newPassword();
  const user = await admin(url, adminToken, "POST", `/v1/admin/accounts/${created.accountId}/user`, {
    email,
    password,
  });
  if (user.status !== 201) throw new Error(`the demo sign-in was refused: ${user.json.error?.message}`);
  return { plan, accountId: created.accountId, email, password, secret: created.secret };
}

/** The account kept in `file` when the database still has it, with a key made now; null otherwise. */
async function reuse(url: string, adminToken: string, kept: Stored[string] | undefined) {
  if (!kept) return null;
  const key = await admin(url, adminToken, "POST", `/v1/admin/accounts/${kept.accountId}/keys`, {
    name: `demo ${new Date().toISOString().slice(0, 16).replace("T", " ")}`,
  });
  const secret = key.json.data?.secret;
  return key.status === 201 && secret ? { ...kept, secret } : null;
}

/** The free and pro demo accounts, reused from `file` when it names accounts the database holds. */
export async function demoAccounts(url: string, adminToken: string, file: string): Promise<DemoAccount[]> {
  let stored: Stored = {};
  try {
    stored = existsSync(file) ? (JSON.parse(readFileSync(file, "utf8")) as Stored) : {};
  } catch {
    // An unreadable file: new accounts are made and the file written again.
  }
  const accounts: DemoAccount[] = [];
  for (const plan of ["free", "pro"] as const)
    accounts.push((await reuse(url, adminToken, stored[plan])) ?? (await createDemo(url, adminToken, plan)));
  mkdirSync(dirname(file), { recursive: true });
  const kept = Object.fromEntries(accounts.map(({ secret: _secret, ...account }) => [account.plan, account]));
  writeFileSync(file, `${JSON.stringify(kept, null, 2)}\n`, { mode: 0o600 });
  return accounts;
}
