// tsc writes declarations for .ts files only; the generated types are a .d.ts, so they are copied beside index.d.ts.
import { copyFileSync } from "node:fs";

copyFileSync(new URL("../src/schema.d.ts", import.meta.url), new URL("../dist/schema.d.ts", import.meta.url));
