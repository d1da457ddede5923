import { pingDatabase } from "../db/client";
import { z, type OpenAPIHono } from "@hono/zod-openapi";
import { PUBLIC, defineRoute } from "./define-route";
import type { AppEnv } from "../env";
import { jsonResponse, openApiErrorResponses, successBody } from "../envelope";
import puppeteer from "@cloudflare/puppeteer";
import { version } from "../../package.json";
import { withTimeout } from "../timeout";
import { log } from "../log";

const ComponentSchema = z.object({
  status: z.enum(["ok", "down"]),
  latency_ms: z.number().int(),
  error: z.string().optional(),
});

const HealthSchema = z.object({
  status: z.enum(["operational", "degraded"]),
  components: z.record(z.string(), ComponentSchema),
  version: z.string().openapi({ example: "0.1.0" }),
});

export type Health = z.infer<typeof HealthSchema>;

const route = defineRoute({
  access: PUBLIC,
  method: "get",
  path: "/v1/health",
  tags: ["system"],
  summary: "Service health",
  description:
    "Answers without an API key. `operational` when D1, KV and Browser Rendering all answer, else `degraded`; each component with its status and latency, and the deployed version.",
  responses: {
    200: jsonResponse(HealthSchema, "HealthEnvelope", "Health of each component", {
      status: "operational",
      components: {
        d1: { status: "ok", latency_ms: 4 },
        kv: { status: "ok", latency_ms: 3 },
        browser: { status: "ok", latency_ms: 41 },
      },
      version: "1.0.0",
    }),
    // Every route refuses an unknown parameter and is limited (per client IP here); no 404, the path is fixed.
    400: openApiErrorResponses[400],
    429: openApiErrorResponses[429],
    500: openApiErrorResponses[500],
    503: openApiErrorResponses[503],
  },
});

const CHECK_TIMEOUT_MS = 2_000;

async function check(probe: () => Promise<unknown>): Promise<z.infer<typeof ComponentSchema>> {
  const started = Date.now();
  try {
    await withTimeout(probe(), CHECK_TIMEOUT_MS, () => new Error(`no answer within ${CHECK_TIMEOUT_MS} ms`));
    return { status: "ok", latency_ms: Date.now() - started };
  } catch (err) {
    // The component name is enough for a client; the cause goes to the log.
    log.error("health check failed", { error: err });
    return { status: "down", latency_ms: Date.now() - started, error: "not answering" };
  }
}

export async function checkHealth(env: Env): Promise<Health> {
  const [d1, kv, browser] = await Promise.all([
    check(() => pingDatabase(env.DB)),
    check(() => env.CACHE.get("health:probe")),
    // Asks Browser Rendering for its limits: proves the binding answers without starting a browser.
    check(() => puppeteer.limits(env.BROWSER)),
  ]);
  const components = { d1, kv, browser };
  const operational = Object.values(components).every((component) => component.status === "ok");
  return { status: operational ? "operational" : "degraded", components, version };
}

export function registerHealth(app: OpenAPIHono<AppEnv>) {
  app.openapi(route, async (c) => c.json(successBody(c, await checkHealth(c.env)), 200));
}
