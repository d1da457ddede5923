// GET /v1/openapi.json, the customers' reference, and GET /v1/admin/openapi.json, the operator's:
// one registry of routes, split by each operation's declared access (`x-access`), so no admin route
// (nor a schema only admin routes use) shows in the document /docs renders and no customer route
// clutters the operator's.
import type { OpenAPIHono } from "@hono/zod-openapi";
import type { AppEnv } from "../../env";
import { requireAccess } from "../../middleware/auth";
import { ADMIN } from "../define-route";

type DocumentConfig = Parameters<OpenAPIHono<AppEnv>["getOpenAPI31Document"]>[0];
type Document = ReturnType<OpenAPIHono<AppEnv>["getOpenAPI31Document"]>;
type Operation = { "x-access"?: string };

const isAdmin = (operation: unknown) => (operation as Operation | undefined)?.["x-access"] === "admin";

/** The document with only the operations `keep` accepts, and no path left empty. */
function withOperations(doc: Document, keep: (operation: unknown) => boolean): Document {
  const paths: Document["paths"] = {};
  for (const [path, item] of Object.entries(doc.paths ?? {})) {
    const kept = Object.fromEntries(
      Object.entries(item as Record<string, unknown>).filter(([, operation]) => keep(operation)),
    );
    if (Object.keys(kept).length > 0) paths[path] = kept;
  }
  return { ...doc, paths };
}

/** Names of the component schemas `value` refers to (`$ref: #/components/schemas/Name`), anywhere inside it. */
function schemaRefs(value: unknown, into: Set<string>): Set<string> {
  if (Array.isArray(value)) for (const item of value) schemaRefs(item, into);
  else if (value && typeof value === "object") {
    for (const [key, inner] of Object.entries(value)) {
      if (key === "$ref" && typeof inner === "string" && inner.startsWith("#/components/schemas/"))
        into.add(inner.slice("#/components/schemas/".length));
      else schemaRefs(inner, into);
    }
  }
  return into;
}

/** The component schemas the document's operations reach (directly or through other schemas); no other. */
function reachedSchemas(doc: Document): Record<string, unknown> {
  const all = (doc.components?.schemas ?? {}) as Record<string, unknown>;
  const reached = schemaRefs(doc.paths, new Set());
  for (const name of reached) schemaRefs(all[name], reached); // a Set iterates what is added while it runs
  return Object.fromEntries(Object.entries(all).filter(([name]) => reached.has(name)));
}

/** The document with `keep`'s operations, the schemes given, and only the schemas they reach. */
function documentOf(doc: Document, keep: (operation: unknown) => boolean, securitySchemes: object): Document {
  const kept = withOperations(doc, keep);
  return { ...kept, components: { ...doc.components, securitySchemes, schemas: reachedSchemas(kept) } } as Document;
}

/** The customers' document: every route a key (or nobody) may call; no admin route, tag or scheme. */
export function customerDocument(doc: Document): Document {
  const { AdminToken: _adminToken, ...securitySchemes } = doc.components?.securitySchemes ?? {};
  return {
    ...documentOf(doc, (operation) => !isAdmin(operation), securitySchemes),
    tags: doc.tags?.filter((tag) => tag.name !== "admin"),
  };
}

/** The operator's document: the admin routes alone, with the admin token as the only scheme. */
export function adminDocument(doc: Document): Document {
  const { AdminToken } = doc.components?.securitySchemes ?? {};
  return {
    ...documentOf(doc, isAdmin, AdminToken ? { AdminToken } : {}),
    info: { ...doc.info, title: `${doc.info.title}: operator routes`, description: "Needs `X-Admin-Token`." },
    security: [{ AdminToken: [] }],
    tags: doc.tags?.filter((tag) => tag.name === "admin"),
  };
}

export function registerOpenApiDocuments(app: OpenAPIHono<AppEnv>, config: DocumentConfig) {
  // Built at the first request, when every route is registered; the same until the next deploy.
  let documents: { customer: Document; admin: Document } | undefined;
  const built = () => {
    if (!documents) {
      const whole = app.getOpenAPI31Document(config);
      documents = { customer: customerDocument(whole), admin: adminDocument(whole) };
    }
    return documents;
  };
  app.get("/v1/openapi.json", (c) => c.json(built().customer));
  app.get("/v1/admin/openapi.json", requireAccess(ADMIN), (c) => c.json(built().admin));
}
