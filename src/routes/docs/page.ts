// GET /docs: the API reference, rendered in the browser by the pinned @scalar/api-reference bundle
// served from this origin's static assets (public/, filled by scripts/docs-assets.ts), under a
// policy that lets the page load nothing from anywhere else: it works with no network but this
// server's, and no third party's script ever sees a key typed into it.
import type { OpenAPIHono } from "@hono/zod-openapi";
import { secureHeaders } from "hono/secure-headers";
import { dependencies } from "../../../package.json";
import type { AppEnv } from "../../env";
import { requireAccess } from "../../middleware/auth";
import { PUBLIC } from "../define-route";
import { API_REFERENCE_PACKAGE, apiReferenceScriptPath } from "./reference-asset";

/** The renderer's URL: the version in the name, so a year's cache never serves a stale script. */
export const API_REFERENCE_SCRIPT = `/${apiReferenceScriptPath(dependencies[API_REFERENCE_PACKAGE])}`;

/** The renderer's settings: nothing it would fetch from elsewhere (fonts, telemetry, its AI agent, its MCP button). */
const CONFIGURATION = {
  url: "/v1/openapi.json",
  withDefaultFonts: false,
  telemetry: false,
  agent: { disabled: true },
  mcp: { disabled: true },
  hideClientButton: true,
  // Its toolbar (shown on localhost) offers to share and deploy through Scalar's own services.
  showDeveloperTools: "never",
  showToolbar: "never",
  persistAuth: false,
};

const attribute = (value: string) => value.replaceAll("&", "&amp;").replaceAll('"', "&quot;").replaceAll("<", "&lt;");

const PAGE = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Web Data API reference</title>
</head>
<body>
<noscript>The reference needs JavaScript. The document it renders is <a href="/v1/openapi.json">/v1/openapi.json</a>.</noscript>
<script id="api-reference" type="application/json" data-configuration="${attribute(JSON.stringify(CONFIGURATION))}"></script>
<script src="${API_REFERENCE_SCRIPT}"></script>
</body>
</html>
`;

/**
 * Scripts only from this origin, and no inline one. Styles may be inline: the renderer sets style
 * attributes as it draws, and a style cannot run script. Requests the page makes ("try it") go to
 * this origin only.
 */
const docsSecureHeaders = secureHeaders({
  contentSecurityPolicy: {
    defaultSrc: ["'self'"],
    scriptSrc: ["'self'"],
    styleSrc: ["'self'", "'unsafe-inline'"],
    imgSrc: ["'self'", "data:"],
    fontSrc: ["'self'", "data:"],
    connectSrc: ["'self'"],
    objectSrc: ["'none'"],
    baseUri: ["'none'"],
    formAction: ["'self'"],
    frameAncestors: ["'none'"],
  },
  xFrameOptions: "DENY",
  referrerPolicy: "no-referrer",
});

export function registerDocsPage(app: OpenAPIHono<AppEnv>) {
  app.get("/docs", requireAccess(PUBLIC), docsSecureHeaders, (c) => c.html(PAGE));
}
