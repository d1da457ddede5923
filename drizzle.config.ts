import { defineConfig } from "drizzle-kit";

export default defineConfig({
  dialect: "sqlite",
  schema: [
    "./src/db/schema.ts",
    "./src/db/schema-dashboard.ts",
    "./src/db/schema-events.ts",
    "./src/db/schema-jobs.ts",
    "./src/db/schema-datasets.ts",
    "./src/db/schema-history.ts",
    "./src/db/schema-request-log.ts",
    "./src/db/schema-shops.ts",
  ],
  out: "./migrations",
});
