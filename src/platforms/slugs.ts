// How a `{platform}` path value is read: once, for the routes that resolve it and for the usage count.

/** The slugs a `{platform}` value names (one or a comma list): trimmed, lower-case, each once, in the order given. */
export function platformSlugs(text: string): string[] {
  return [...new Set(text.split(",").map((slug) => slug.trim().toLowerCase()))];
}
