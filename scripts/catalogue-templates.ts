// The shapes of the catalogue's datasets: categories, and per template its fields with a value
// generator each, and the countries (and platform) it is offered for. Read by generate-catalogue.ts.

export type FieldType = "string" | "integer" | "number" | "boolean" | "date" | "datetime" | "url";
type Random = () => number;

export interface FieldSpec {
  name: string;
  type: FieldType;
  description: string;
  nullable: boolean;
  nullRate?: number;
  generate: (random: Random, index: number, country: string) => unknown;
}

export interface Variant {
  countries: string[];
  platform?: string;
}

export interface Template {
  category: string;
  sources: string[];
  tags: string[];
  frequency: "hourly" | "daily" | "weekly" | "monthly";
  fields: FieldSpec[];
  variants: Variant[];
  slug(variant: Variant): string;
  name(variant: Variant): string;
  description(variant: Variant): string;
}

export const CATEGORIES = [
  {
    slug: "ecommerce",
    name: "E-commerce",
    description: "Product prices, listings and sellers from online marketplaces",
  },
  { slug: "travel", name: "Travel", description: "Hotel rates, availability and short-term rentals" },
  { slug: "real-estate", name: "Real estate", description: "Properties for sale and rent" },
  { slug: "jobs", name: "Jobs", description: "Job postings and salaries" },
  { slug: "reviews", name: "Reviews", description: "Customer reviews and ratings" },
  { slug: "social", name: "Social media", description: "Public profiles and post engagement" },
  { slug: "finance", name: "Finance", description: "Market prices and company financials" },
  { slug: "automotive", name: "Automotive", description: "New and used car listings and prices" },
  { slug: "food-delivery", name: "Food delivery", description: "Restaurant menus, delivery fees and grocery prices" },
  { slug: "news", name: "News", description: "News articles and press releases" },
  { slug: "healthcare", name: "Healthcare", description: "Clinics, practitioners and drug prices" },
  { slug: "education", name: "Education", description: "University programmes and online courses" },
];

const COUNTRY = {
  US: {
    name: "United States",
    currency: "USD",
    cities: ["New York", "Los Angeles", "Chicago", "Houston", "Seattle", "Miami"],
  },
  GB: {
    name: "United Kingdom",
    currency: "GBP",
    cities: ["London", "Manchester", "Birmingham", "Edinburgh", "Bristol", "Leeds"],
  },
  DE: {
    name: "Germany",
    currency: "EUR",
    cities: ["Berlin", "Munich", "Hamburg", "Cologne", "Frankfurt", "Stuttgart"],
  },
  FR: { name: "France", currency: "EUR", cities: ["Paris", "Lyon", "Marseille", "Nice", "Bordeaux", "Toulouse"] },
  ES: { name: "Spain", currency: "EUR", cities: ["Madrid", "Barcelona", "Valencia", "Seville", "Málaga", "Bilbao"] },
  IT: { name: "Italy", currency: "EUR", cities: ["Rome", "Milan", "Naples", "Florence", "Turin", "Venice"] },
  NL: {
    name: "Netherlands",
    currency: "EUR",
    cities: ["Amsterdam", "Rotterdam", "Utrecht", "The Hague", "Eindhoven", "Groningen"],
  },
  SE: {
    name: "Sweden",
    currency: "SEK",
    cities: ["Stockholm", "Gothenburg", "Malmö", "Uppsala", "Västerås", "Örebro"],
  },
  PL: { name: "Poland", currency: "PLN", cities: ["Warsaw", "Kraków", "Wrocław", "Gdańsk", "Poznań", "Łódź"] },
  JP: { name: "Japan", currency: "JPY", cities: ["Tokyo", "Osaka", "Kyoto", "Yokohama", "Sapporo", "Fukuoka"] },
  IN: { name: "India", currency: "INR", cities: ["Mumbai", "Delhi", "Bengaluru", "Hyderabad", "Chennai", "Pune"] },
  BR: {
    name: "Brazil",
    currency: "BRL",
    cities: ["São Paulo", "Rio de Janeiro", "Brasília", "Salvador", "Curitiba", "Recife"],
  },
  MX: {
    name: "Mexico",
    currency: "MXN",
    cities: ["Mexico City", "Guadalajara", "Monterrey", "Cancún", "Puebla", "Tijuana"],
  },
  CA: {
    name: "Canada",
    currency: "CAD",
    cities: ["Toronto", "Montreal", "Vancouver", "Calgary", "Ottawa", "Edmonton"],
  },
  AU: {
    name: "Australia",
    currency: "AUD",
    cities: ["Sydney", "Melbourne", "Brisbane", "Perth", "Adelaide", "Canberra"],
  },
  KR: { name: "South Korea", currency: "KRW", cities: ["Seoul", "Busan", "Incheon", "Daegu", "Daejeon", "Gwangju"] },
  SG: { name: "Singapore", currency: "SGD", cities: ["Singapore"] },
  AE: { name: "United Arab Emirates", currency: "AED", cities: ["Dubai", "Abu Dhabi", "Sharjah"] },
  TR: { name: "Turkey", currency: "TRY", cities: ["Istanbul", "Ankara", "Izmir", "Antalya", "Bursa"] },
  ZA: { name: "South Africa", currency: "ZAR", cities: ["Johannesburg", "Cape Town", "Durban", "Pretoria"] },
  NG: { name: "Nigeria", currency: "NGN", cities: ["Lagos", "Abuja", "Kano", "Ibadan", "Port Harcourt"] },
  AR: { name: "Argentina", currency: "ARS", cities: ["Buenos Aires", "Córdoba", "Rosario", "Mendoza"] },
  CH: { name: "Switzerland", currency: "CHF", cities: ["Zurich", "Geneva", "Basel", "Bern", "Lausanne"] },
  BE: { name: "Belgium", currency: "EUR", cities: ["Brussels", "Antwerp", "Ghent", "Bruges", "Liège"] },
  AT: { name: "Austria", currency: "EUR", cities: ["Vienna", "Salzburg", "Innsbruck", "Graz", "Linz"] },
  IE: { name: "Ireland", currency: "EUR", cities: ["Dublin", "Cork", "Galway", "Limerick"] },
  PT: { name: "Portugal", currency: "EUR", cities: ["Lisbon", "Porto", "Faro", "Coimbra", "Braga"] },
  DK: { name: "Denmark", currency: "DKK", cities: ["Copenhagen", "Aarhus", "Odense", "Aalborg"] },
} as const;
type CountryCode = keyof typeof COUNTRY;

/** Rough size of one unit of each currency against USD, so prices look plausible locally. */
const PER_USD: Record<string, number> = {
  USD: 1,
  GBP: 0.79,
  EUR: 0.92,
  SEK: 10.5,
  PLN: 4,
  JPY: 150,
  INR: 83,
  BRL: 5,
  MXN: 17,
  CAD: 1.36,
  AUD: 1.52,
  KRW: 1330,
  SGD: 1.35,
  AED: 3.67,
  TRY: 32,
  ZAR: 18.5,
  NGN: 1500,
  ARS: 900,
  CHF: 0.88,
  DKK: 6.9,
};

const countryOf = (code: string) => COUNTRY[code as CountryCode];
const pick = <T>(random: Random, list: readonly T[]): T => list[Math.floor(random() * list.length)]!;
const int = (random: Random, min: number, max: number) => min + Math.floor(random() * (max - min + 1));
const round = (value: number, digits = 2) => Math.round(value * 10 ** digits) / 10 ** digits;
const localPrice = (random: Random, country: string, minUsd: number, maxUsd: number) => {
  const rate = PER_USD[countryOf(country).currency] ?? 1;
  const amount = (minUsd + random() * (maxUsd - minUsd)) * rate;
  return rate >= 100 ? Math.round(amount / 10) * 10 : round(amount);
};
const isoDate = (random: Random, from = Date.UTC(2026, 0, 1), to = Date.UTC(2026, 10, 20)) =>
  new Date(from + Math.floor(random() * (to - from))).toISOString().slice(0, 10);
const isoDateTime = (random: Random) =>
  new Date(Date.UTC(2026, 10, 1) + Math.floor(random() * 20 * 86_400_000)).toISOString().replace(/\.\d{3}Z$/, "Z");
const hex = (random: Random, length: number) =>
  Array.from({ length }, () => "0123456789abcdef"[int(random, 0, 15)]).join("");

const field = (
  name: string,
  type: FieldType,
  description: string,
  generate: FieldSpec["generate"],
  nullable = false,
  nullRate?: number,
): FieldSpec => ({
  name,
  type,
  description,
  generate,
  nullable,
  nullRate,
});

// Shared field builders.
const currencyField = field(
  "currency",
  "string",
  "ISO 4217 currency code of the price",
  (_r, _i, c) => countryOf(c).currency,
);
const capturedAt = field("captured_at", "datetime", "When the record was captured (UTC)", (r) => isoDateTime(r));
const cityField = field("city", "string", "City", (r, _i, c) => pick(r, countryOf(c).cities));
const ratingField = (max = 5) =>
  field("rating", "number", `Average rating out of ${max}`, (r) => round(max * (0.55 + r() * 0.45), 1), true);
const reviewCount = field("review_count", "integer", "Number of reviews", (r) => int(r, 0, 25_000));

const BRANDS = [
  "Anker",
  "Sony",
  "Logitech",
  "Samsung",
  "Apple",
  "Bose",
  "JBL",
  "Philips",
  "Lenovo",
  "Ninja",
  "Instant Pot",
  "Kindle",
];
const ITEMS = [
  "USB-C charger 65W",
  "Wireless earbuds",
  "Bluetooth speaker",
  "4K monitor 27in",
  "Mechanical keyboard",
  "Air fryer 5.5L",
  "Electric toothbrush",
  "Portable SSD 1TB",
  "Smart plug 4-pack",
  "Noise cancelling headphones",
  "Robot vacuum",
  "Fitness tracker",
];
const HANDMADE = [
  "Ceramic mug",
  "Silver ring",
  "Linen tote bag",
  "Macramé wall hanging",
  "Leather wallet",
  "Soy candle",
  "Knitted scarf",
  "Watercolour print",
];
const HOTEL_WORDS = [
  "Grand",
  "Central",
  "Park",
  "Harbour",
  "Royal",
  "Garden",
  "Riverside",
  "Old Town",
  "Plaza",
  "Boutique",
];
const JOB_TITLES = [
  "Software Engineer",
  "Data Analyst",
  "Product Manager",
  "Nurse",
  "Sales Representative",
  "Accountant",
  "Warehouse Associate",
  "UX Designer",
  "DevOps Engineer",
  "Customer Success Manager",
];
const COMPANIES = [
  "Northwind",
  "Contoso",
  "Globex",
  "Initech",
  "Umbrella Retail",
  "Stark Logistics",
  "Wayne Health",
  "Acme Foods",
];
const CAR_MAKES = [
  ["Volkswagen", "Golf"],
  ["Toyota", "Corolla"],
  ["BMW", "3 Series"],
  ["Ford", "Focus"],
  ["Renault", "Clio"],
  ["Hyundai", "Tucson"],
  ["Tesla", "Model 3"],
  ["Skoda", "Octavia"],
  ["Kia", "Sportage"],
  ["Mercedes-Benz", "C-Class"],
] as const;
const DISHES = [
  "Margherita pizza",
  "Chicken tikka masala",
  "Pad thai",
  "Cheeseburger",
  "Caesar salad",
  "Sushi platter",
  "Falafel wrap",
  "Ramen",
  "Burrito bowl",
  "Poke bowl",
];
const CUISINES = ["Italian", "Indian", "Thai", "American", "Japanese", "Mexican", "Lebanese", "Chinese"];
const TOPICS = ["politics", "business", "technology", "sports", "health", "science", "culture", "climate"];
const SPECIALTIES = ["General practice", "Dentistry", "Dermatology", "Physiotherapy", "Paediatrics", "Cardiology"];
const DRUGS = [
  "Atorvastatin 20mg",
  "Metformin 500mg",
  "Amoxicillin 500mg",
  "Ibuprofen 400mg",
  "Omeprazole 20mg",
  "Lisinopril 10mg",
];
const SUBJECTS = [
  "Computer Science",
  "Economics",
  "Mechanical Engineering",
  "Medicine",
  "Law",
  "Psychology",
  "Data Science",
  "Architecture",
];

const PLATFORM_NAMES: Record<string, string> = {
  amazon: "Amazon",
  ebay: "eBay",
  walmart: "Walmart",
  etsy: "Etsy",
  bestbuy: "Best Buy",
  booking: "Booking.com",
  expedia: "Expedia",
  hotels: "Hotels.com",
  airbnb: "Airbnb",
};

const each = (codes: string[], platform?: string): Variant[] => codes.map((code) => ({ countries: [code], platform }));
const countryName = (variant: Variant) => countryOf(variant.countries[0]!).name;
const cc = (variant: Variant) => variant.countries[0]!.toLowerCase();

/** A template whose name reads "<title> — <Country>" and whose slug is "<key>-<cc>". */
function perCountry(
  key: string,
  title: string,
  about: string,
  rest: Omit<Template, "slug" | "name" | "description" | "variants"> & { countries: string[]; platform?: string },
): Template {
  const platformName = rest.platform ? PLATFORM_NAMES[rest.platform]! : undefined;
  return {
    ...rest,
    variants: each(rest.countries, rest.platform),
    slug: (v) => `${key}-${cc(v)}`,
    name: (v) => `${platformName ? `${platformName} ` : ""}${title} — ${countryName(v)}`,
    description: (v) => `${about} in ${countryName(v)}${platformName ? `, captured from ${platformName}` : ""}.`,
  };
}

const productFields = (idField: FieldSpec, names: string[], minUsd: number, maxUsd: number): FieldSpec[] => [
  idField,
  field("title", "string", "Product title as listed", (r) => `${pick(r, BRANDS)} ${pick(r, names)}`),
  field("brand", "string", "Brand or maker", (r) => pick(r, BRANDS), true),
  field("price", "number", "Current price of the main offer", (r, _i, c) => localPrice(r, c, minUsd, maxUsd)),
  currencyField,
  ratingField(),
  reviewCount,
  field("in_stock", "boolean", "Whether the listing can be bought now", (r) => r() > 0.1),
  capturedAt,
];

const hotelFields: FieldSpec[] = [
  field("hotel_id", "string", "Platform identifier of the property", (r) => String(int(r, 100_000, 9_999_999))),
  field(
    "name",
    "string",
    "Property name",
    (r, _i, c) => `${pick(r, HOTEL_WORDS)} Hotel ${pick(r, countryOf(c).cities)}`,
  ),
  cityField,
  field("star_rating", "integer", "Official star rating (1-5)", (r) => int(r, 1, 5), true),
  field("price_per_night", "number", "Cheapest nightly rate for two adults", (r, _i, c) => localPrice(r, c, 45, 420)),
  currencyField,
  field("review_score", "number", "Guest review score out of 10", (r) => round(6 + r() * 3.9, 1), true),
  field("review_count", "integer", "Number of guest reviews", (r) => int(r, 0, 9_000)),
  field("check_in", "date", "Check-in date the rate applies to", (r) =>
    isoDate(r, Date.UTC(2026, 11, 1), Date.UTC(2027, 2, 1)),
  ),
  capturedAt,
];

export const TEMPLATES: Template[] = [
  perCountry("amazon-product-prices", "product prices", "Prices, ratings and stock of best-selling products", {
    category: "ecommerce",
    platform: "amazon",
    sources: ["amazon"],
    tags: ["prices", "products", "marketplace", "asin"],
    frequency: "daily",
    countries: ["US", "GB", "DE", "FR", "ES", "IT", "JP", "IN", "CA", "MX", "BR", "AU", "NL", "SE", "PL"],
    fields: [
      ...productFields(
        field("asin", "string", "Amazon Standard Identification Number", (r) => `B0${hex(r, 8).toUpperCase()}`),
        ITEMS,
        9,
        499,
      ).slice(0, -1),
      field("department", "string", "Top-level department", (r) =>
        pick(r, ["Electronics", "Computers", "Home & Kitchen", "Health", "Smart Home", "Sports"]),
      ),
      capturedAt,
    ],
  }),
  perCountry(
    "ebay-listings",
    "listings and sold prices",
    "Active and sold listings with prices, condition and seller",
    {
      category: "ecommerce",
      platform: "ebay",
      sources: ["ebay"],
      tags: ["auctions", "used", "listings", "sold prices"],
      frequency: "daily",
      countries: ["US", "GB", "DE", "AU", "IT", "FR", "CA"],
      fields: [
        ...productFields(
          field("item_id", "string", "eBay item number", (r) => String(int(r, 100_000_000_000, 399_999_999_999))),
          ITEMS,
          5,
          800,
        ),
        field("condition", "string", "New, used or refurbished", (r) =>
          pick(r, ["New", "Used", "Refurbished", "For parts"]),
        ),
        field("seller", "string", "Seller username", (r) => `seller_${hex(r, 6)}`),
      ],
    },
  ),
  perCountry("walmart-product-prices", "product prices", "Everyday prices, rollbacks and ratings", {
    category: "ecommerce",
    platform: "walmart",
    sources: ["walmart"],
    tags: ["prices", "retail", "rollback"],
    frequency: "daily",
    countries: ["US", "CA", "MX"],
    fields: productFields(
      field("item_id", "string", "Walmart item id", (r) => String(int(r, 10_000_000, 999_999_999))),
      ITEMS,
      5,
      600,
    ),
  }),
  perCountry("etsy-handmade-listings", "handmade listings", "Handmade and vintage items with prices and shop ratings", {
    category: "ecommerce",
    platform: "etsy",
    sources: ["etsy"],
    tags: ["handmade", "vintage", "craft", "listings"],
    frequency: "weekly",
    countries: ["US", "GB", "DE", "FR", "CA", "AU"],
    fields: productFields(
      field("listing_id", "string", "Etsy listing id", (r) => String(int(r, 1_000_000_000, 1_999_999_999))),
      HANDMADE,
      8,
      160,
    ),
  }),
  perCountry(
    "bestbuy-electronics-prices",
    "electronics prices",
    "Consumer electronics prices, open-box offers and ratings",
    {
      category: "ecommerce",
      platform: "bestbuy",
      sources: ["bestbuy"],
      tags: ["electronics", "prices", "open box"],
      frequency: "daily",
      countries: ["US", "CA"],
      fields: productFields(
        field("sku", "string", "Best Buy SKU", (r) => String(int(r, 1_000_000, 9_999_999))),
        ITEMS,
        19,
        2_500,
      ),
    },
  ),
  perCountry("booking-hotel-prices", "hotel prices", "Nightly hotel rates, star ratings and guest review scores", {
    category: "travel",
    platform: "booking",
    sources: ["booking"],
    tags: ["hotels", "accommodation", "rates", "availability"],
    frequency: "daily",
    countries: ["FR", "ES", "IT", "DE", "GB", "NL", "PT", "AT", "CH", "IE", "BE"],
    fields: hotelFields,
  }),
  perCountry("expedia-hotel-prices", "hotel prices", "Hotel rates and availability for the coming months", {
    category: "travel",
    platform: "expedia",
    sources: ["expedia"],
    tags: ["hotels", "accommodation", "rates"],
    frequency: "daily",
    countries: ["US", "CA", "MX", "GB", "AU"],
    fields: hotelFields,
  }),
  perCountry("hotels-com-hotel-prices", "hotel prices", "Hotel rates with member prices and guest scores", {
    category: "travel",
    platform: "hotels",
    sources: ["hotels"],
    tags: ["hotels", "accommodation", "rates"],
    frequency: "daily",
    countries: ["US", "JP", "SG", "AE"],
    fields: hotelFields,
  }),
  perCountry(
    "airbnb-listings",
    "short-term rental listings",
    "Short-term rentals with nightly prices, capacity and host ratings",
    {
      category: "travel",
      platform: "airbnb",
      sources: ["airbnb"],
      tags: ["vacation rentals", "apartments", "short-term rentals"],
      frequency: "weekly",
      countries: ["US", "FR", "ES", "IT", "PT", "GB", "BR"],
      fields: [
        field("listing_id", "string", "Airbnb listing id", (r) => String(int(r, 10_000_000, 99_999_999))),
        field(
          "title",
          "string",
          "Listing title",
          (r, _i, c) =>
            `${pick(r, ["Cosy studio", "Bright loft", "Family house", "Sea-view flat"])} in ${pick(r, countryOf(c).cities)}`,
        ),
        cityField,
        field("guests", "integer", "Maximum guests", (r) => int(r, 1, 10)),
        field("bedrooms", "integer", "Bedrooms", (r) => int(r, 0, 5), true),
        field("price_per_night", "number", "Nightly price before fees", (r, _i, c) => localPrice(r, c, 35, 380)),
        currencyField,
        ratingField(),
        field("superhost", "boolean", "Host has Superhost status", (r) => r() > 0.7),
        capturedAt,
      ],
    },
  ),
  ...(["residential-property-listings", "rental-listings"] as const).map((key) =>
    perCountry(
      key,
      key === "rental-listings" ? "Rental listings" : "Residential property listings",
      key === "rental-listings"
        ? "Flats and houses to rent with monthly rents and sizes"
        : "Homes for sale with asking prices, sizes and locations",
      {
        category: "real-estate",
        sources: ["portals"],
        tags:
          key === "rental-listings"
            ? ["rent", "apartments", "housing"]
            : ["homes for sale", "property", "housing", "real estate prices"],
        frequency: "daily",
        countries:
          key === "rental-listings"
            ? ["US", "GB", "DE", "NL", "SE", "IE", "PL", "DK"]
            : ["US", "GB", "DE", "FR", "ES", "IT", "NL", "AU", "CA", "AE"],
        fields: [
          field("listing_id", "string", "Portal listing id", (r) => `L${int(r, 1_000_000, 9_999_999)}`),
          cityField,
          field("property_type", "string", "Flat, house, townhouse…", (r) =>
            pick(r, ["flat", "house", "townhouse", "studio", "villa"]),
          ),
          field("bedrooms", "integer", "Bedrooms", (r) => int(r, 0, 6)),
          field("area_sqm", "number", "Living area in square metres", (r) => int(r, 18, 320), true),
          field(
            key === "rental-listings" ? "monthly_rent" : "asking_price",
            "number",
            key === "rental-listings" ? "Monthly rent" : "Asking price",
            (r, _i, c) =>
              key === "rental-listings" ? localPrice(r, c, 600, 5_000) : localPrice(r, c, 90_000, 2_500_000),
          ),
          currencyField,
          field("listed_at", "date", "Date first listed", (r) => isoDate(r)),
        ],
      },
    ),
  ),
  perCountry("job-postings", "Job postings", "Open positions with titles, employers, locations and salary ranges", {
    category: "jobs",
    sources: ["job boards"],
    tags: ["jobs", "hiring", "vacancies", "salaries"],
    frequency: "daily",
    countries: ["US", "GB", "DE", "FR", "IN", "CA", "AU", "SG", "NL"],
    fields: [
      field("job_id", "string", "Posting id", (r) => `J-${hex(r, 10)}`),
      field("title", "string", "Job title", (r) => pick(r, JOB_TITLES)),
      field("company", "string", "Employer", (r) => pick(r, COMPANIES)),
      cityField,
      field("remote", "boolean", "Remote work allowed", (r) => r() > 0.6),
      field(
        "salary_min",
        "number",
        "Lower bound of the advertised yearly salary",
        (r, _i, c) => localPrice(r, c, 30_000, 90_000),
        true,
        0.35,
      ),
      field(
        "salary_max",
        "number",
        "Upper bound of the advertised yearly salary",
        (r, _i, c) => localPrice(r, c, 90_000, 180_000),
        true,
        0.35,
      ),
      currencyField,
      field("posted_at", "date", "Date posted", (r) => isoDate(r)),
    ],
  }),
  perCountry("tech-salaries", "Tech salaries", "Reported software and data salaries by role, seniority and city", {
    category: "jobs",
    sources: ["salary surveys"],
    tags: ["salaries", "compensation", "software engineers"],
    frequency: "monthly",
    countries: ["US", "GB", "DE", "IN", "PL"],
    fields: [
      field("role", "string", "Role", (r) => pick(r, JOB_TITLES.slice(0, 4))),
      field("seniority", "string", "Junior, mid, senior, staff", (r) => pick(r, ["junior", "mid", "senior", "staff"])),
      cityField,
      field("base_salary", "number", "Yearly base salary", (r, _i, c) => localPrice(r, c, 35_000, 220_000)),
      currencyField,
      field("bonus", "number", "Yearly bonus", (r, _i, c) => localPrice(r, c, 0, 40_000), true, 0.4),
      field("reported_at", "date", "Report date", (r) => isoDate(r)),
    ],
  }),
  perCountry(
    "amazon-product-reviews",
    "product reviews",
    "Customer reviews with star ratings, verified-purchase flags and helpful votes",
    {
      category: "reviews",
      platform: "amazon",
      sources: ["amazon"],
      tags: ["reviews", "ratings", "customer feedback", "sentiment"],
      frequency: "daily",
      countries: ["US", "GB", "DE", "JP", "IN"],
      fields: [
        field("review_id", "string", "Review id", (r) => `R${hex(r, 12).toUpperCase()}`),
        field("asin", "string", "Product reviewed", (r) => `B0${hex(r, 8).toUpperCase()}`),
        field("stars", "integer", "Stars given (1-5)", (r) => int(r, 1, 5)),
        field("title", "string", "Review headline", (r) =>
          pick(r, [
            "Works great",
            "Stopped working after a month",
            "Good value",
            "Not as described",
            "Exactly what I needed",
          ]),
        ),
        field("verified_purchase", "boolean", "Reviewer bought the product", (r) => r() > 0.15),
        field("helpful_votes", "integer", "Helpful votes", (r) => int(r, 0, 400)),
        field("reviewed_at", "date", "Review date", (r) => isoDate(r)),
      ],
    },
  ),
  perCountry("restaurant-reviews", "Restaurant reviews", "Restaurant ratings and review texts", {
    category: "reviews",
    sources: ["review sites"],
    tags: ["restaurants", "reviews", "ratings", "dining"],
    frequency: "weekly",
    countries: ["US", "GB", "FR", "IT", "ES", "JP"],
    fields: [
      field(
        "restaurant",
        "string",
        "Restaurant name",
        (r) =>
          `${pick(r, ["Chez", "Casa", "The", "Trattoria", "Bistro"])} ${pick(r, ["Marco", "Lumière", "Oak", "Sakura", "Olivo"])}`,
      ),
      cityField,
      field("cuisine", "string", "Cuisine", (r) => pick(r, CUISINES)),
      ratingField(),
      field(
        "review_text",
        "string",
        "Review text",
        (r) =>
          pick(r, [
            "Lovely staff and quick service.",
            "Portions were small for the price.",
            "Best pasta in town.",
            "Too noisy on weekends.",
          ]),
        true,
      ),
      field("reviewed_at", "date", "Review date", (r) => isoDate(r)),
    ],
  }),
  perCountry("app-store-reviews", "App store reviews", "Mobile app reviews with ratings and versions", {
    category: "reviews",
    sources: ["app stores"],
    tags: ["apps", "reviews", "mobile", "ratings"],
    frequency: "daily",
    countries: ["US", "GB", "DE", "KR", "BR"],
    fields: [
      field("app", "string", "App name", (r) =>
        pick(r, ["Budget Buddy", "FitTrack", "PhotoLab", "Commute", "Recipes Daily"]),
      ),
      field("stars", "integer", "Stars given (1-5)", (r) => int(r, 1, 5)),
      field("version", "string", "App version reviewed", (r) => `${int(r, 1, 9)}.${int(r, 0, 20)}.${int(r, 0, 9)}`),
      field(
        "text",
        "string",
        "Review text",
        (r) => pick(r, ["Crashes on start", "Love the new design", "Too many ads", "Does what it says"]),
        true,
      ),
      field("reviewed_at", "date", "Review date", (r) => isoDate(r)),
    ],
  }),
  perCountry(
    "influencer-profiles",
    "Influencer profiles",
    "Public creator profiles with follower counts and engagement rates",
    {
      category: "social",
      sources: ["social networks"],
      tags: ["influencers", "creators", "followers", "engagement"],
      frequency: "weekly",
      countries: ["US", "BR", "IN", "GB", "KR"],
      fields: [
        field(
          "handle",
          "string",
          "Public handle",
          (r) => `@${pick(r, ["travel", "fit", "chef", "tech", "style"])}_${hex(r, 4)}`,
        ),
        field("network", "string", "Network", (r) => pick(r, ["instagram", "tiktok", "youtube", "x"])),
        field("followers", "integer", "Followers", (r) => int(r, 1_000, 5_000_000)),
        field("engagement_rate", "number", "Average engagement rate (0-1)", (r) => round(r() * 0.12, 4)),
        field("niche", "string", "Main topic", (r) => pick(r, ["travel", "fitness", "food", "technology", "fashion"])),
        field("verified", "boolean", "Verified account", (r) => r() > 0.8),
      ],
    },
  ),
  perCountry("social-post-engagement", "Social post engagement", "Public posts with likes, shares and comments", {
    category: "social",
    sources: ["social networks"],
    tags: ["posts", "engagement", "likes", "social listening"],
    frequency: "hourly",
    countries: ["US", "GB", "DE", "JP", "BR"],
    fields: [
      field("post_id", "string", "Post id", (r) => hex(r, 16)),
      field("network", "string", "Network", (r) => pick(r, ["instagram", "tiktok", "youtube", "x"])),
      field("likes", "integer", "Likes", (r) => int(r, 0, 200_000)),
      field("shares", "integer", "Shares", (r) => int(r, 0, 20_000)),
      field("comments", "integer", "Comments", (r) => int(r, 0, 8_000)),
      field("hashtags", "string", "Hashtags, space separated", (r) => `#${pick(r, TOPICS)} #${pick(r, TOPICS)}`, true),
      field("posted_at", "datetime", "When posted (UTC)", (r) => isoDateTime(r)),
    ],
  }),
  perCountry(
    "stock-prices-daily",
    "Daily stock prices",
    "End-of-day open, high, low, close and volume for listed equities",
    {
      category: "finance",
      sources: ["exchanges"],
      tags: ["stocks", "equities", "market data", "ohlc"],
      frequency: "daily",
      countries: ["US", "GB", "DE", "JP", "IN", "CA", "CH"],
      fields: [
        field("ticker", "string", "Ticker symbol", (r) =>
          Array.from({ length: 4 }, () => "ABCDEFGHIJKLMNOPQRSTUVWXYZ"[int(r, 0, 25)]).join(""),
        ),
        field("date", "date", "Trading day", (r) => isoDate(r)),
        field("open", "number", "Opening price", (r) => round(10 + r() * 400)),
        field("high", "number", "Day high", (r) => round(12 + r() * 410)),
        field("low", "number", "Day low", (r) => round(8 + r() * 390)),
        field("close", "number", "Closing price", (r) => round(10 + r() * 400)),
        field("volume", "integer", "Shares traded", (r) => int(r, 10_000, 90_000_000)),
        currencyField,
      ],
    },
  ),
  perCountry("company-financials", "Company financials", "Annual revenue, profit and headcount of listed companies", {
    category: "finance",
    sources: ["filings"],
    tags: ["revenue", "earnings", "companies", "fundamentals"],
    frequency: "monthly",
    countries: ["US", "GB", "DE", "FR", "JP"],
    fields: [
      field(
        "company",
        "string",
        "Company name",
        (r) => `${pick(r, COMPANIES)} ${pick(r, ["plc", "AG", "Inc.", "SA", "KK"])}`,
      ),
      field("fiscal_year", "integer", "Fiscal year", (r) => int(r, 2019, 2025)),
      field("revenue", "number", "Revenue (millions)", (r) => round(50 + r() * 90_000, 1)),
      field("net_income", "number", "Net income (millions)", (r) => round(-500 + r() * 9_000, 1), true),
      field("employees", "integer", "Employees", (r) => int(r, 50, 300_000), true),
      currencyField,
    ],
  }),
  perCountry(
    "used-car-listings",
    "Used car listings",
    "Second-hand cars for sale with make, model, year, mileage and price",
    {
      category: "automotive",
      sources: ["car marketplaces"],
      tags: ["used cars", "vehicles", "second hand", "car prices"],
      frequency: "daily",
      countries: ["US", "GB", "DE", "FR", "IT", "PL", "ES"],
      fields: [
        field("listing_id", "string", "Listing id", (r) => `C${int(r, 10_000_000, 99_999_999)}`),
        field("make", "string", "Manufacturer", (r, i) => CAR_MAKES[(i + int(r, 0, 9)) % CAR_MAKES.length]![0]),
        field("model", "string", "Model", (r, i) => CAR_MAKES[(i + int(r, 0, 9)) % CAR_MAKES.length]![1]),
        field("year", "integer", "First registration year", (r) => int(r, 2008, 2025)),
        field("mileage_km", "integer", "Odometer reading in km", (r) => int(r, 3_000, 240_000)),
        field("fuel", "string", "Petrol, diesel, hybrid, electric", (r) =>
          pick(r, ["petrol", "diesel", "hybrid", "electric"]),
        ),
        field("price", "number", "Asking price", (r, _i, c) => localPrice(r, c, 3_000, 60_000)),
        currencyField,
        cityField,
      ],
    },
  ),
  perCountry("new-car-prices", "New car prices", "List prices of new cars by trim", {
    category: "automotive",
    sources: ["manufacturers"],
    tags: ["new cars", "msrp", "car prices"],
    frequency: "monthly",
    countries: ["US", "DE", "JP", "KR"],
    fields: [
      field("make", "string", "Manufacturer", (r) => pick(r, CAR_MAKES)[0]),
      field("model", "string", "Model", (r) => pick(r, CAR_MAKES)[1]),
      field("trim", "string", "Trim level", (r) => pick(r, ["Base", "Sport", "Premium", "Limited"])),
      field("list_price", "number", "Manufacturer list price", (r, _i, c) => localPrice(r, c, 18_000, 95_000)),
      currencyField,
      field("model_year", "integer", "Model year", (r) => int(r, 2025, 2027)),
    ],
  }),
  perCountry(
    "food-delivery-menus",
    "Food delivery menus",
    "Restaurant menus on delivery apps with dish prices and delivery fees",
    {
      category: "food-delivery",
      sources: ["delivery apps"],
      tags: ["restaurants", "menus", "delivery fees", "takeaway"],
      frequency: "daily",
      countries: ["US", "GB", "DE", "FR", "ES", "AE", "IN", "BR", "MX"],
      fields: [
        field(
          "restaurant",
          "string",
          "Restaurant",
          (r) =>
            `${pick(r, ["Golden", "Little", "Urban", "Mama's"])} ${pick(r, ["Kitchen", "Wok", "Grill", "Trattoria"])}`,
        ),
        field("cuisine", "string", "Cuisine", (r) => pick(r, CUISINES)),
        field("dish", "string", "Menu item", (r) => pick(r, DISHES)),
        field("price", "number", "Dish price", (r, _i, c) => localPrice(r, c, 4, 28)),
        field("delivery_fee", "number", "Delivery fee", (r, _i, c) => localPrice(r, c, 0, 7), true),
        currencyField,
        cityField,
      ],
    },
  ),
  perCountry(
    "grocery-delivery-prices",
    "Grocery delivery prices",
    "Supermarket product prices on grocery delivery services",
    {
      category: "food-delivery",
      sources: ["grocery apps"],
      tags: ["groceries", "supermarket", "prices", "inflation"],
      frequency: "daily",
      countries: ["US", "GB", "DE", "NL"],
      fields: [
        field("product", "string", "Product", (r) =>
          pick(r, [
            "Whole milk 1L",
            "Bananas 1kg",
            "Free-range eggs 12",
            "Sourdough loaf",
            "Coffee beans 500g",
            "Olive oil 750ml",
          ]),
        ),
        field("store", "string", "Store", (r) => pick(r, ["FreshMart", "GreenGrocer", "QuickBasket"])),
        field("price", "number", "Shelf price", (r, _i, c) => localPrice(r, c, 0.8, 14)),
        currencyField,
        field("unit_price", "number", "Price per kg or litre", (r, _i, c) => localPrice(r, c, 0.8, 30), true),
        field("on_promotion", "boolean", "On promotion", (r) => r() > 0.8),
        capturedAt,
      ],
    },
  ),
  perCountry("news-articles", "News articles", "Headlines, sections and publication times from national news sites", {
    category: "news",
    sources: ["news sites"],
    tags: ["news", "headlines", "media monitoring"],
    frequency: "hourly",
    countries: ["US", "GB", "DE", "FR", "IN", "ZA", "NG", "AR"],
    fields: [
      field("url", "url", "Article URL", (r) => `https://news.example/${pick(r, TOPICS)}/${hex(r, 8)}`),
      field(
        "headline",
        "string",
        "Headline",
        (r) =>
          `${pick(r, ["Markets rally", "New rules for", "Record heat in", "Elections set for"])} ${pick(r, TOPICS)}`,
      ),
      field("section", "string", "Section", (r) => pick(r, TOPICS)),
      field(
        "author",
        "string",
        "Byline",
        (r) => pick(r, ["A. Rivera", "K. Osei", "M. Schmidt", "L. Dubois"]),
        true,
        0.25,
      ),
      field("published_at", "datetime", "Publication time (UTC)", (r) => isoDateTime(r)),
      field("word_count", "integer", "Words", (r) => int(r, 120, 3_000)),
    ],
  }),
  perCountry("press-releases", "Press releases", "Corporate press releases with issuer and topic", {
    category: "news",
    sources: ["newswires"],
    tags: ["press releases", "corporate news", "announcements"],
    frequency: "daily",
    countries: ["US", "GB", "DE"],
    fields: [
      field("issuer", "string", "Issuing company", (r) => pick(r, COMPANIES)),
      field(
        "title",
        "string",
        "Title",
        (r) =>
          `${pick(r, COMPANIES)} announces ${pick(r, ["third-quarter results", "a new chief executive", "an acquisition", "a product launch"])}`,
      ),
      field("topic", "string", "Topic", (r) => pick(r, ["earnings", "leadership", "m&a", "product"])),
      field("url", "url", "Release URL", (r) => `https://wire.example/releases/${hex(r, 10)}`),
      field("published_at", "datetime", "Publication time (UTC)", (r) => isoDateTime(r)),
    ],
  }),
  perCountry("clinic-directory", "Clinic directory", "Clinics and practices with specialties, addresses and ratings", {
    category: "healthcare",
    sources: ["directories"],
    tags: ["clinics", "doctors", "healthcare providers"],
    frequency: "monthly",
    countries: ["US", "GB", "DE", "TR"],
    fields: [
      field(
        "clinic",
        "string",
        "Clinic name",
        (r) =>
          `${pick(r, ["City", "Riverside", "Family", "Central"])} ${pick(r, ["Clinic", "Medical Centre", "Practice"])}`,
      ),
      field("specialty", "string", "Specialty", (r) => pick(r, SPECIALTIES)),
      cityField,
      field(
        "phone",
        "string",
        "Phone number",
        (r) => `+${int(r, 1, 99)} ${int(r, 100, 999)} ${int(r, 100_000, 999_999)}`,
        true,
      ),
      ratingField(),
      field("accepts_new_patients", "boolean", "Accepting new patients", (r) => r() > 0.3),
    ],
  }),
  perCountry("pharmacy-drug-prices", "Pharmacy drug prices", "Retail prices of common prescription drugs", {
    category: "healthcare",
    sources: ["pharmacies"],
    tags: ["drugs", "medication", "pharmacy prices"],
    frequency: "weekly",
    countries: ["US", "CA", "GB"],
    fields: [
      field("drug", "string", "Drug and strength", (r) => pick(r, DRUGS)),
      field("pack_size", "integer", "Tablets per pack", (r) => pick(r, [14, 28, 30, 56, 90])),
      field("pharmacy", "string", "Pharmacy chain", (r) => pick(r, ["MedPlus", "HealthWay", "CarePoint"])),
      field("price", "number", "Pack price", (r, _i, c) => localPrice(r, c, 2, 120)),
      currencyField,
      capturedAt,
    ],
  }),
  perCountry(
    "university-programs",
    "University programmes",
    "Degree programmes with tuition fees, duration and language",
    {
      category: "education",
      sources: ["universities"],
      tags: ["universities", "degrees", "tuition", "study abroad"],
      frequency: "monthly",
      countries: ["US", "GB", "DE", "AU", "CA", "NL"],
      fields: [
        field("university", "string", "University", (r, _i, c) => `University of ${pick(r, countryOf(c).cities)}`),
        field("programme", "string", "Programme", (r) => `${pick(r, ["BSc", "MSc", "BA", "MA"])} ${pick(r, SUBJECTS)}`),
        field("duration_years", "number", "Duration in years", (r) => pick(r, [1, 1.5, 2, 3, 4])),
        field(
          "tuition_per_year",
          "number",
          "Yearly tuition for international students",
          (r, _i, c) => localPrice(r, c, 0, 45_000),
          true,
        ),
        currencyField,
        field("language", "string", "Language of instruction", (r) =>
          pick(r, ["English", "German", "Dutch", "French"]),
        ),
      ],
    },
  ),
  perCountry("online-courses", "Online courses", "Online courses with prices, ratings and enrolments", {
    category: "education",
    sources: ["course platforms"],
    tags: ["online courses", "e-learning", "moocs"],
    frequency: "weekly",
    countries: ["US", "IN", "BR"],
    fields: [
      field(
        "course",
        "string",
        "Course title",
        (r) => `${pick(r, ["Intro to", "Mastering", "Practical"])} ${pick(r, SUBJECTS)}`,
      ),
      field("provider", "string", "Provider", (r) => pick(r, ["LearnHub", "SkillPath", "OpenCampus"])),
      field("price", "number", "Price", (r, _i, c) => localPrice(r, c, 0, 200)),
      currencyField,
      ratingField(),
      field("enrolments", "integer", "Learners enrolled", (r) => int(r, 10, 800_000)),
    ],
  }),
];
