// Where the API reference renderer lives among the Worker's static assets: the pinned version is in
// the file name, so its URL never serves two different scripts and may be cached for a year.
// Shared by the /docs page and scripts/docs-assets.ts, which puts the file there.

/** The npm package whose standalone browser bundle renders /docs. */
export const API_REFERENCE_PACKAGE = "@scalar/api-reference";

/** The script's path under public/ (and its URL path), for the pinned `version`. */
export const apiReferenceScriptPath = (version: string) => `docs/assets/scalar-api-reference-${version}.js`;
