// `npm run key -- create --plan free [--name NAME] [--url http://127.0.0.1:8787]`
// Creates an account with one key on a running local server (npm start) and prints the key.
import { readFileSync } from "node:fs";
import { parseArgs } from "node:util";
import { createAccountKey, ROOT } from "./local-stack.ts";

const { positionals, values } = parseArgs({
  allowPositionals: true,
  options: {
    plan: { type: "string", default: "free" },
    name: { type: "string", default: "local" },
    url: { type: "string", default: "http://127.0.0.1:8787" },
  },
});

if (positionals[0] !== "create") {
  console.error("usage: npm run key -- create --plan free|pro|enterprise [--name NAME] [--url URL]");
  process.exit(2);
}

const adminToken = /^ADMIN_TOKEN=(.+)$/m.exec(readFileSync(`${ROOT}.dev.vars`, "utf8"))?.[1]?.trim();
if (!adminToken) throw new Error(".dev.vars has no ADMIN_TOKEN; run npm start once first");
const created = await createAccountKey(values.url!, adminToken, { name: values.name, plan: values.plan });
console.log(`account ${created.accountId}\nkey     ${created.keyId}\nsecret  ${created.secret}`);
