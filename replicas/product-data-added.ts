// Products the marketplace replicas gained after their first catalogue, so every documented example
// has results locally: laptops on amazon (the OpenAPI example searches `laptop`, $200 to $600) and
// more speaker listings on eBay, where many sellers list the same goods (docs/products.md reads the
// second page of `speaker` between $20 and $80). catalogue.ts numbers them after the first
// catalogue, so earlier products keep their seeded ids, titles and prices. Pure data.
import { GENERAL_TEMPLATES, type ProductTemplate } from "./product-data.ts";
import type { Marketplace } from "./catalogue.ts";

const LAPTOP: ProductTemplate = {
  noun: "Laptop",
  path: ["Electronics", "Computers & Accessories", "Laptops"],
  price: 420,
  brands: ["Lenovo", "ASUS", "Acer", "HP"],
  specs: {
    "Screen Size": ['14"', '15.6"'],
    RAM: ["8GB RAM", "16GB RAM"],
    "Hard Disk Description": ["256GB SSD", "512GB SSD"],
  },
  feature: "Thin and Light Laptop with FHD IPS Display",
};

const SPEAKER = GENERAL_TEMPLATES.find((template) => template.noun === "Bluetooth Speaker")!;

/** Per marketplace: what its added products are and how many. */
export const ADDED_PRODUCTS: Partial<Record<Marketplace, { template: ProductTemplate; count: number }>> = {
  amazon: { template: LAPTOP, count: 6 },
  ebay: { template: SPEAKER, count: 24 },
};
