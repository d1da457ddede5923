import { Hono } from "hono";
import { csrf } from "hono/csrf";
import { HTTPException } from "hono/http-exception";
import type { OpenAPIHono } from "@hono/zod-openapi";
import type { AppEnv } from "../env";
import { registerApiSettings } from "./api-settings";
import { registerEvents } from "./events";
import { registerEventActions } from "./events-actions";
import { registerCataloguePage } from "./catalogue-page";
import { registerDatasetCreate } from "./dataset-create";
import { registerDatasetPage } from "./dataset-page";
import { registerHistoryPage } from "./history-page";
import { registerRequestsPage } from "./requests-page";
import { registerDatasetsPage } from "./datasets-page";
import { registerJobActions } from "./jobs-actions";
import { registerJobsPage } from "./jobs-page";
import { registerPlayground } from "./playground";
import { registerScheduleRuns } from "./schedule-runs";
import { registerUsagePage } from "./usage-page";
import { registerWebhookLog } from "./webhook-log";
import { checkCsrfToken } from "./csrf";
import { guardPosts } from "./post-guard";
import type { DashboardEnv } from "./env";
import { ErrorMessage, Layout } from "./layout";
import { registerLogIn } from "./login";
import { registerOverview } from "./overview";
import { dashboardSecureHeaders } from "./secure-headers";
import { loadSession, requireSignedIn } from "./session";
import { registerSignUp } from "./signup";
import { log } from "../log";

/** The account dashboard under `/dashboard`: server-rendered pages, signed in by session cookie (no API key). */
export function registerDashboard(app: OpenAPIHono<AppEnv>) {
  const dashboard = new Hono<DashboardEnv>();
  // First, so every answer carries the headers, error pages and redirects included.
  dashboard.use(dashboardSecureHeaders());
  // Origin check first (cheap), then the per-address limit and the body limit (no form read yet),
  // then the per-session token in every form.
  dashboard.use(csrf());
  dashboard.use(loadSession());
  dashboard.use(guardPosts());
  dashboard.use(checkCsrfToken());
  registerSignUp(dashboard);
  registerLogIn(dashboard);
  dashboard.use(requireSignedIn());
  registerOverview(dashboard);
  registerApiSettings(dashboard);
  registerEvents(dashboard);
  registerEventActions(dashboard);
  registerWebhookLog(dashboard);
  registerScheduleRuns(dashboard);
  registerPlayground(dashboard);
  registerUsagePage(dashboard);
  registerJobsPage(dashboard);
  registerJobActions(dashboard);
  registerDatasetCreate(dashboard);
  registerDatasetsPage(dashboard);
  registerCataloguePage(dashboard);
  registerDatasetPage(dashboard);
  registerHistoryPage(dashboard);
  registerRequestsPage(dashboard);

  dashboard.onError((err, c) => {
    const status = err instanceof HTTPException ? err.status : 500;
    if (status >= 500) log.error("dashboard error", { error: err });
    const message =
      err instanceof HTTPException
        ? err.message || "This form was sent from another site and was refused."
        : "Something went wrong on our side; try again in a moment.";
    const signedIn = c.get("signedIn");
    return c.html(
      <Layout
        title={status === 404 ? "Not found" : "That did not work"}
        csrfToken={c.get("csrfToken") ?? ""}
        nonce={c.get("secureHeadersNonce")}
        email={signedIn?.user.email}
      >
        <section>
          <ErrorMessage message={message} />
          <p>
            <a href="/dashboard">Back to the dashboard</a>
          </p>
        </section>
      </Layout>,
      status as 400,
    );
  });

  app.route("/dashboard", dashboard);
}
