// Secrets are not in wrangler.toml, so `wrangler types` cannot see them.
// Set them with `wrangler secret put NAME` (production) or in `.dev.vars` (local).
interface Env {
  /** Guards `/v1/admin/*`; compared in constant time. Admin routes answer 503 while it is unset. */
  ADMIN_TOKEN?: string;
}
