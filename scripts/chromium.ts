// Local Browser Rendering: wrangler/miniflare launch "their" Chrome from a cache folder and
// would download it on first use, which fails offline. We place a launcher for Debian's
// Chromium there instead, under the version the installed miniflare expects.
import { chmodSync, existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { homedir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

const ROOT = fileURLToPath(new URL("..", import.meta.url));

const CANDIDATES = [process.env.CHROMIUM_PATH, "/usr/bin/chromium", "/usr/bin/chromium-browser"];
/** Browser-UI features puppeteer's default arguments turn off and miniflare's do not. */
const WEBUI_FEATURES = "WebUIReloadButton,WebUIOmniboxPopup,WebUIOmniboxAimPopup";

export function systemChromium(): string | null {
  return CANDIDATES.find((path): path is string => !!path && existsSync(path)) ?? null;
}

/** Every BROWSER_VERSION the installed miniflare copies were built for. */
function expectedVersions(): string[] {
  const versions = new Set<string>();
  const visit = (dir: string, depth: number) => {
    if (depth > 4 || !existsSync(dir)) return;
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      if (!entry.isDirectory()) continue;
      const path = join(dir, entry.name);
      if (entry.name === "miniflare") {
        const index = join(path, "dist/src/index.js");
        if (existsSync(index)) {
          const match = /var BROWSER_VERSION = "([^"]+)"/.exec(readFileSync(index, "utf8"));
          if (match) versions.add(match[1]!);
        }
      } else if (entry.name === "node_modules" || entry.name.startsWith("@") || depth < 2) {
        visit(path, depth + 1);
      }
    }
  };
  visit(join(ROOT, "node_modules"), 0);
  return [...versions];
}

/**
 * Links the system Chromium into wrangler's browser cache. Returns the launcher paths,
 * or throws with the package to install when there is no Chromium.
 */
export function linkChromium(): string[] {
  const chromium = systemChromium();
  if (!chromium) {
    throw new Error(
      "No Chromium found for local Browser Rendering. Install Debian's package: apt-get install -y chromium (or set CHROMIUM_PATH).",
    );
  }
  const cacheRoot = join(process.env.XDG_CACHE_HOME ?? join(homedir(), ".cache"), ".wrangler", "chrome");
  return expectedVersions().map((version) => {
    const installDir = join(cacheRoot, `linux-${version}`);
    const binDir = join(installDir, "chrome-linux64");
    mkdirSync(binDir, { recursive: true });
    const launcher = join(binDir, "chrome");
    // --no-sandbox: CI and containers run as root; the background flags stop Chromium
    // from calling home, which a closed network refuses many times a second. Miniflare's own
    // --disable-features list lacks the browser-UI features puppeteer's defaults turn off: without
    // them every browser runs two WebUI renderers (toolbar, omnibox) that redraw for each tab a
    // job opens, costing the 2 cores more than the job's page. Chromium keeps only the last
    // --disable-features, so they are added to miniflare's list rather than passed beside it.
    writeFileSync(
      launcher,
      `#!/bin/sh
extra=${WEBUI_FEATURES}
for arg do
  shift
  case "$arg" in --disable-features=*) arg="$arg,$extra"; extra="" ;; esac
  set -- "$@" "$arg"
done
if [ -n "$extra" ]; then set -- "$@" "--disable-features=$extra"; fi
exec "${chromium}" --no-sandbox --disable-gpu --disable-quic --disable-background-networking --disable-component-update "$@"
`,
    );
    chmodSync(launcher, 0o755);
    writeFileSync(join(installDir, ".miniflare-install-complete"), "");
    return launcher;
  });
}

if (import.meta.url === `file://${process.argv[1]}`) {
  for (const launcher of linkChromium()) console.log(`linked ${launcher}`);
}
