// GET /llms.txt and /llms-full.txt: the API described for agents, from the OpenAPI document.
// Public and limited per client IP like /v1/health; not in the OpenAPI document themselves, as /docs is not.
import type { OpenAPIHono } from "@hono/zod-openapi";
import type { AppEnv } from "../env";
import { llmsFullTxt, llmsTxt, type LlmsDocument } from "../llms-txt";
import { requireAccess } from "../middleware/auth";
import { publicOrigin } from "../public-origin";
import { PUBLIC } from "./define-route";

type DocumentConfig = Parameters<OpenAPIHono<AppEnv>["getOpenAPI31Document"]>[0];

export function registerLlmsTxt(app: OpenAPIHono<AppEnv>, config: DocumentConfig) {
  // Written once per isolate and public origin: the document only changes with a deploy.
  let cached: { base: string; short: string; full: string } | undefined;
  const texts = (base: string) => {
    if (cached?.base !== base) {
      const doc = app.getOpenAPI31Document(config) as unknown as LlmsDocument;
      cached = { base, short: llmsTxt(doc, base), full: llmsFullTxt(doc, base) };
    }
    return cached;
  };
  const guard = requireAccess(PUBLIC);
  app.get("/llms.txt", guard, (c) => c.text(texts(publicOrigin(c.env, c.req.url)).short));
  app.get("/llms-full.txt", guard, (c) => c.text(texts(publicOrigin(c.env, c.req.url)).full));
}
