// tsc writes declarations for .ts files only; the generated types are a .d.ts, so they are copied
// beside index.d.ts. With --clean (after `npm pack`), dist/ is removed again: the tarball holds it,
// and the repository's type-check and lint read clients/typescript as source only.
import { copyFileSync, rmSync } from "node:fs";

const dist = new URL("../dist/", import.meta.url);
if (process.argv.includes("--clean")) rmSync(dist, { recursive: true, force: true });
else copyFileSync(new URL("../src/schema.d.ts", import.meta.url), new URL("schema.d.ts", dist));
