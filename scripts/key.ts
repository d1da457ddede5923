// `npm run key -- create --plan free [--name NAME] [--url http://127.0.0.1:8787]`
// Creates an account with one key on a running local server (npm start) and prints the key. The
// server is found where `npm start` put it: `--url`, else 127.0.0.1 on `PORT` (8787 by default).
import { readFileSync } from "node:fs";
import { parseArgs } from "node:util";
import { isMainModule } from "../replicas/http.ts";
import { createAccountKey, ROOT } from "./local-stack.ts";

/** The local server's URL when no `--url` is given: the port `npm start` listens on. */
export const localServerUrl = (env: NodeJS.ProcessEnv = process.env) => `http://127.0.0.1:${env.PORT || 8787}`;

async function main() {
  const { positionals, values } = parseArgs({
    allowPositionals: true,
    options: {
      plan: { type: "string", default: "free" },
      name: { type: "string", default: "local" },
      url: { type: "string", default: localServerUrl() },
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
}

if (isMainModule(import.meta.url)) await main();
