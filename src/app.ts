import { isDevelopment } from "./net/guard-options";
import type { OpenAPIHono } from "@hono/zod-openapi";
import type { AppEnv } from "./env";
import { ApiError } from "./errors";
import { callerOf } from "./in-process";
import { limitAnonymous } from "./middleware/auth";
import { createBaseApp, registerDataRoutes } from "./routes/base-app";
import { allowedMethods } from "./routes/allowed-methods";
import { registerAdmin } from "./routes/admin";
import { registerAdminUsers } from "./routes/admin-users";
import { registerDashboard } from "./dashboard";
import { registerHealth } from "./routes/health";
import { registerKeys } from "./routes/account/keys";
import { registerWebhookDeliveries } from "./routes/events/webhook-deliveries";
import { registerWebhooks } from "./routes/events/webhooks";
import { registerWatches } from "./routes/events/watches";
import { registerSchedules } from "./routes/events/schedules";
import { registerJobs } from "./routes/jobs";
import { registerMcp } from "./routes/mcp";
import { registerLlmsTxt } from "./routes/llms";
import { registerOpenApiDocuments } from "./routes/docs/documents";
import { INTRODUCTION } from "./routes/docs/introduction";
import { registerDocsPage } from "./routes/docs/page";
import { version } from "../package.json";

/** A route without a declared access would answer unguarded: refuse to build such an app. */
function assertEveryRouteDeclaresAccess(app: OpenAPIHono<AppEnv>) {
  for (const definition of app.openAPIRegistry.definitions) {
    if (definition.type === "route" && !("x-access" in definition.route)) {
      throw new Error(
        `${definition.route.method.toUpperCase()} ${definition.route.path} declares no access; define it with defineRoute.`,
      );
    }
  }
}

/** Builds the whole API. Tests build their own copies to mount extra routes. */
export function createApp(configure?: (app: OpenAPIHono<AppEnv>) => void) {
  const app = createBaseApp();
  // Access is not decided here: each route carries its own guard (routes/define-route.ts).
  app.use(async function noSniff(c, next) {
    await next();
    c.header("X-Content-Type-Options", "nosniff");
  });

  registerHealth(app);
  registerKeys(app);
  registerAdmin(app);
  registerAdminUsers(app);
  registerDashboard(app);
  registerWebhooks(app);
  registerWebhookDeliveries(app);
  registerWatches(app);
  registerSchedules(app);
  registerJobs(app);
  configure?.(app);

  app.openAPIRegistry.registerComponent("securitySchemes", "ApiKeyHeader", {
    type: "apiKey",
    in: "header",
    name: "X-API-KEY",
  });
  app.openAPIRegistry.registerComponent("securitySchemes", "BearerAuth", {
    type: "http",
    scheme: "bearer",
    description: "The same API key as a bearer token",
  });
  app.openAPIRegistry.registerComponent("securitySchemes", "AdminToken", {
    type: "apiKey",
    in: "header",
    name: "X-Admin-Token",
  });
  const documentConfig: Parameters<typeof app.getOpenAPI31Document>[0] = {
    openapi: "3.1.0",
    info: {
      title: "Web Data API",
      version,
      description: INTRODUCTION,
    },
    servers: [{ url: "/", description: "This server" }],
    security: [{ ApiKeyHeader: [] }, { BearerAuth: [] }],
    tags: [
      { name: "system", description: "Health and documentation" },
      {
        name: "catalogue",
        description: "Ready-made datasets: list, inspect, search, download (catalogue interface 1.0.0)",
      },
      {
        name: "products",
        description: "Marketplace product data: product, search, reviews (products interface 1.0.0)",
      },
      { name: "pages", description: "Any page for agents: main content as Markdown, links, metadata" },
      { name: "travel", description: "Hotel search across travel platforms (travel interface 1.0.3)" },
      { name: "events", description: "Webhooks, price watches and scheduled calls" },
      { name: "jobs", description: "Batch jobs: many data calls in one request, on a queue, results to download" },
      { name: "keys", description: "Your keys, plan and usage" },
      { name: "admin", description: "Operator API (X-Admin-Token), documented at /v1/admin/openapi.json" },
    ],
  };
  // The customers' document (what /docs renders) and the operator's, split by each route's access.
  registerOpenApiDocuments(app, documentConfig);
  // Both read the document at their first request, when every route is registered.
  registerMcp(app);
  registerLlmsTxt(app, documentConfig);
  registerDataRoutes(app);
  registerDocsPage(app);
  app.get("/", (c) => c.redirect("/docs"));
  // A route with no middleware and no work, the yardstick for `npm run bench`; local only, as it
  // is not limited and a deployed one would answer anyone for free.
  app.get("/hello", async (c) => {
    if (isDevelopment(c.env)) return c.text("hello");
    await limitAnonymous(c);
    throw new ApiError("not_found", "No route matches GET /hello; see /docs for the routes.");
  });

  assertEveryRouteDeclaresAccess(app);
  const methodsFor = allowedMethods(app);
  app.notFound(async (c) => {
    // Probing for routes is limited like any call without a valid key; a call run in-process is not one.
    if (!callerOf(c.req.raw)) await limitAnonymous(c);
    const allowed = methodsFor(c.req.path);
    if (allowed.length > 0) {
      c.header("Allow", allowed.join(", "));
      throw new ApiError(
        "method_not_allowed",
        `${c.req.method} is not accepted here; this path answers ${allowed.join(", ")}.`,
      );
    }
    throw new ApiError(
      "not_found",
      `No route matches ${c.req.method} ${new URL(c.req.url).pathname}; see /docs for the routes.`,
    );
  });

  return app;
}
