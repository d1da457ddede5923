// The `id` parameter's rule. The product routes check it before they know the platform, so every
// platform whose ids travel in `id` takes the rule from here and adds what its own ids are; its URL
// builder then holds the id to the site's shape.
import type { IdRule } from "./types";

export const itemIdRule = (describes: string, example: string): IdRule => ({
  pattern: /^[\w.-]+$/,
  message: "id holds letters, digits, dots, dashes and underscores",
  minLength: 1,
  maxLength: 100,
  describes,
  example,
});
