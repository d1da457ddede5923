// Copies the API reference renderer into the Worker's static assets (public/), where /docs loads it
// from this origin: the standalone browser bundle of @scalar/api-reference, at the version
// package.json pins, under a file name that carries that version (so it can be cached for a year).
// wrangler.toml's [build] runs this before every `wrangler dev` and `wrangler deploy`.
import { copyFileSync, mkdirSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { API_REFERENCE_PACKAGE, apiReferenceScriptPath } from "../src/routes/docs/reference-asset.ts";

const ROOT = fileURLToPath(new URL("..", import.meta.url));
const pinned = (
  JSON.parse(readFileSync(join(ROOT, "package.json"), "utf8")) as { dependencies: Record<string, string> }
).dependencies[API_REFERENCE_PACKAGE];
// The package's main entry is dist/index.js; its browser bundle sits beside it.
const packageDir = dirname(dirname(fileURLToPath(import.meta.resolve("@scalar/api-reference"))));
const installed = (JSON.parse(readFileSync(join(packageDir, "package.json"), "utf8")) as { version: string }).version;
if (installed !== pinned) {
  throw new Error(`${API_REFERENCE_PACKAGE} ${installed} is installed but package.json pins ${pinned}; run npm ci.`);
}
const target = join(ROOT, "public", apiReferenceScriptPath(pinned));
mkdirSync(dirname(target), { recursive: true });
copyFileSync(join(packageDir, "dist", "browser", "standalone.js"), target);
