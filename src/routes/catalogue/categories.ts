import { z, type OpenAPIHono } from "@hono/zod-openapi";
import { apiKey, defineRoute } from "../define-route";
import type { AppEnv } from "../../env";
import { catalogueCache } from "../../middleware/edge-cache";
import { csvResponse, schemaColumns, wantsCsv } from "../../csv";
import { exampleEnvelope, FormatQuery, openApiErrorResponses, successBody, successEnvelope } from "../../envelope";
import { listCategories } from "../../db/catalogue-lookups";

const CategorySchema = z
  .object({
    slug: z.string().openapi({ example: "travel" }),
    name: z.string(),
    description: z.string(),
    dataset_count: z.number().int(),
  })
  .openapi("Category");

const route = defineRoute({
  access: apiKey("catalogue:read"),
  middleware: [catalogueCache],
  readsBesideLimiter: true,
  method: "get",
  path: "/v1/categories",
  tags: ["catalogue"],
  summary: "Category slugs with dataset counts",
  description:
    "Every catalogue category: its slug (the `category` filter of /v1/datasets), name, description and how many datasets it holds.",
  request: { query: z.object({ format: FormatQuery }) },
  responses: {
    200: {
      description: "Every category",
      content: {
        "application/json": {
          schema: successEnvelope(z.array(CategorySchema), "CategoryListEnvelope"),
          example: exampleEnvelope([
            {
              slug: "ecommerce",
              name: "E-commerce",
              description: "Product prices, listings and sellers from online marketplaces",
              dataset_count: 33,
            },
            {
              slug: "travel",
              name: "Travel",
              description: "Hotel rates, availability and short-term rentals",
              dataset_count: 27,
            },
          ] satisfies z.infer<typeof CategorySchema>[]),
        },
        "text/csv": { schema: z.string() },
      },
    },
    ...openApiErrorResponses,
  },
});

export function registerCategories(app: OpenAPIHono<AppEnv>) {
  app.openapi(route, async (c) => {
    const categories = await listCategories(c.get("db"), c.get("identity").accountId);
    if (wantsCsv(c)) return csvResponse(c, categories, "categories.csv", schemaColumns(CategorySchema));
    return c.json(successBody(c, categories), 200);
  });
}
