import { cloudflareTest, readD1Migrations } from "@cloudflare/vitest-plugin";
import { defineConfig } from "vitest/config";
import { INWARD_RECORDS, PUBLIC_ADDRESS } from "./test/support/doh.ts";
import { startDohServer } from "./test/support/doh-server.ts";

export const TEST_ADMIN_TOKEN = "test-admin-token-0123456789";

export default defineConfig({
  test: {
    projects: [
      {
        plugins: [
          cloudflareTest(async () => ({
            // The URL guard resolves names through a DNS-over-HTTPS stand-in on 127.0.0.1, started once for the
            // pool: the test names in INWARD_RECORDS resolve inward, every other name to a public address.
            // wrangler.toml's top level is production (what `wrangler deploy` ships); tests run as development.
            wrangler: { configPath: "./wrangler.toml", environment: "dev" },
            miniflare: {
              bindings: {
                TEST_MIGRATIONS: await readD1Migrations("./migrations"),
                ADMIN_TOKEN: TEST_ADMIN_TOKEN,
                DOH_URL: (await startDohServer(INWARD_RECORDS, { A: [PUBLIC_ADDRESS] })).url,
              },
            },
          })),
        ],
        test: {
          name: "workers",
          // test/security holds the attack suite; its *.node.test.ts files need Node (wrangler, files).
          include: ["test/workers/**/*.test.ts", "test/security/**/*.test.ts"],
          exclude: ["test/security/**/*.node.test.ts"],
          setupFiles: ["test/workers/apply-migrations.ts"],
        },
      },
      {
        test: {
          name: "security-node",
          environment: "node",
          include: ["test/security/**/*.node.test.ts"],
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
      {
        test: {
          name: "fixtures",
          environment: "node",
          include: ["test/fixtures/**/*.test.ts"],
        },
      },
      {
        test: {
          name: "e2e",
          environment: "node",
          // The typed client's tests need the same running stack.
          include: ["test/e2e/**/*.test.ts", "clients/typescript/test/**/*.test.ts"],
          globalSetup: ["test/e2e/global-setup.ts"],
          // One shared stack whose proxies and replicas some tests switch off: files run one at a time.
          fileParallelism: false,
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
});
