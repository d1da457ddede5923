// The places the travel replicas list: eight cities with their centres, streets and a landmark,
// and the properties in each, then the places added later (hotel-places-added.ts). Pure data;
// hotel-catalogue.ts turns it into listings.
import { ADDED_CITIES } from "./hotel-places-added.ts";

export type PropertyKind = "hotel" | "hostel" | "apartment" | "aparthotel";

export interface City {
  name: string;
  country: string;
  /** ISO 3166-1 alpha-2, lower case, as booking.com paths use it. */
  countryCode: string;
  latitude: number;
  longitude: number;
  /** Price level against an average European city. */
  priceLevel: number;
  streets: string[];
  landmark: string;
  postcodePrefix: string;
  /** The optional amenities are ones a property always has, on top of its seeded sample. */
  properties: [name: string, kind: PropertyKind, stars: number, amenities?: string[]][];
}

/** The first catalogue's cities, whose properties keep the first keys. */
export const FIRST_CITIES: City[] = [
  {
    name: "Dublin",
    country: "Ireland",
    countryCode: "ie",
    latitude: 53.3498,
    longitude: -6.2603,
    priceLevel: 1.1,
    landmark: "Trinity College",
    postcodePrefix: "D02",
    streets: [
      "Crow St",
      "Dame St",
      "Westmoreland St",
      "Pearse St",
      "Camden St",
      "Parnell Sq",
      "Grand Canal Quay",
      "Merrion Row",
    ],
    properties: [
      ["The Grand Canal Hotel", "hotel", 4],
      ["Temple Bar Apartments", "apartment", 4],
      ["The Liffey Quay Hotel", "hotel", 3],
      ["Merrion Square Townhouse", "hotel", 4],
      ["Parnell Square Inn", "hotel", 3],
      ["Docklands Aparthotel", "aparthotel", 4],
      ["St Stephen's Green Hostel", "hostel", 0],
      ["Ha'penny Bridge Suites", "apartment", 3],
      ["Smithfield Market Hotel", "hotel", 3],
    ],
  },
  {
    name: "Paris",
    country: "France",
    countryCode: "fr",
    latitude: 48.8566,
    longitude: 2.3522,
    priceLevel: 1.35,
    landmark: "the Louvre",
    postcodePrefix: "750",
    streets: [
      "Rue de Rivoli",
      "Rue des Rosiers",
      "Boulevard Saint-Germain",
      "Rue Lepic",
      "Quai de Valmy",
      "Rue de la Roquette",
      "Avenue de l'Opéra",
    ],
    properties: [
      ["Hôtel du Marais", "hotel", 4],
      ["Le Petit Montmartre", "hotel", 3],
      ["Hôtel Rive Gauche", "hotel", 4],
      ["Résidence Opéra Suites", "aparthotel", 4],
      ["Hôtel Saint-Germain Lumière", "hotel", 5],
      ["Canal Saint-Martin Lofts", "apartment", 3],
      ["Hôtel Bastille Garden", "hotel", 3],
    ],
  },
  {
    name: "London",
    country: "United Kingdom",
    countryCode: "gb",
    latitude: 51.5074,
    longitude: -0.1278,
    priceLevel: 1.4,
    landmark: "Covent Garden",
    postcodePrefix: "WC2",
    streets: [
      "Long Acre",
      "Southwark St",
      "Kensington High St",
      "Shoreditch High St",
      "Great Russell St",
      "Camden High St",
      "Praed St",
      "Tooley St",
    ],
    properties: [
      ["The Covent Garden Hotel", "hotel", 5],
      ["Southbank Riverside Inn", "hotel", 3],
      ["Kensington Park Residences", "aparthotel", 4],
      ["The Shoreditch Loft", "apartment", 4],
      ["Bloomsbury Square Hotel", "hotel", 4],
      ["Camden Lock Hostel", "hostel", 0],
      ["Paddington Gardens Hotel", "hotel", 3],
      ["Tower Bridge Apartments", "apartment", 4],
    ],
  },
  {
    name: "Berlin",
    country: "Germany",
    countryCode: "de",
    latitude: 52.52,
    longitude: 13.405,
    priceLevel: 0.95,
    landmark: "Museum Island",
    postcodePrefix: "101",
    streets: [
      "Friedrichstraße",
      "Oranienstraße",
      "Torstraße",
      "Kastanienallee",
      "Kurfürstendamm",
      "Karl-Marx-Allee",
      "Schönhauser Allee",
    ],
    properties: [
      ["Hotel am Tiergarten", "hotel", 4],
      ["Kreuzberg Lofts", "apartment", 3],
      ["Mitte Boutique Hotel", "hotel", 4],
      ["Prenzlauer Berg Apartments", "apartment", 4],
      ["Hotel Spreeblick", "hotel", 3],
      ["Alexanderplatz Central Hostel", "hostel", 0],
      ["Charlottenburg Palace Hotel", "hotel", 5],
    ],
  },
  {
    name: "Rome",
    country: "Italy",
    countryCode: "it",
    latitude: 41.9028,
    longitude: 12.4964,
    priceLevel: 1.05,
    landmark: "the Pantheon",
    postcodePrefix: "001",
    streets: [
      "Via della Lungaretta",
      "Via del Corso",
      "Via dei Coronari",
      "Via Cavour",
      "Via Panisperna",
      "Via Veneto",
      "Via Marsala",
    ],
    properties: [
      ["Hotel Trastevere", "hotel", 3],
      ["Albergo del Pantheon", "hotel", 4],
      ["Residenza Piazza Navona", "aparthotel", 4],
      ["Hotel Colosseo View", "hotel", 4],
      ["Monti Suites", "apartment", 3],
      ["Villa Borghese Hotel", "hotel", 5],
      ["Hostel Termini Central", "hostel", 0],
    ],
  },
  {
    name: "Madrid",
    country: "Spain",
    countryCode: "es",
    latitude: 40.4168,
    longitude: -3.7038,
    priceLevel: 0.9,
    landmark: "Plaza Mayor",
    postcodePrefix: "280",
    streets: [
      "Calle de Alcalá",
      "Gran Vía",
      "Calle de Toledo",
      "Calle de Serrano",
      "Calle del Pez",
      "Calle Mayor",
      "Calle de Almagro",
    ],
    properties: [
      ["Hotel Puerta del Sol", "hotel", 4],
      ["Gran Vía Suites", "aparthotel", 4],
      ["Hostal La Latina", "hostel", 2],
      ["Hotel Retiro Park", "hotel", 4],
      ["Malasaña Apartments", "apartment", 3],
      ["Hotel Plaza Mayor", "hotel", 3],
      ["Chamberí Boutique Hotel", "hotel", 5],
    ],
  },
  {
    name: "Amsterdam",
    country: "Netherlands",
    countryCode: "nl",
    latitude: 52.3676,
    longitude: 4.9041,
    priceLevel: 1.3,
    landmark: "the Rijksmuseum",
    postcodePrefix: "101",
    streets: [
      "Herengracht",
      "Prinsengracht",
      "Vondelstraat",
      "Albert Cuypstraat",
      "Damrak",
      "Oosterparkstraat",
      "Keizersgracht",
      "NDSM-Plein",
    ],
    properties: [
      ["Canal House Hotel", "hotel", 4],
      ["Jordaan Boutique Rooms", "hotel", 3],
      ["Hotel Vondelpark", "hotel", 4],
      ["De Pijp Apartments", "apartment", 3],
      ["Dam Square Hotel", "hotel", 4],
      ["Hostel Oosterpark", "hostel", 0],
      ["Herengracht Residence", "aparthotel", 5],
      ["NDSM Wharf Lofts", "apartment", 3],
    ],
  },
  {
    name: "Lisbon",
    country: "Portugal",
    countryCode: "pt",
    latitude: 38.7223,
    longitude: -9.1393,
    priceLevel: 0.85,
    landmark: "Praça do Comércio",
    postcodePrefix: "1100",
    streets: [
      "Rua de São Miguel",
      "Rua Augusta",
      "Rua da Rosa",
      "Avenida da Liberdade",
      "Rua da Escola Politécnica",
      "Rua Rodrigues de Faria",
      "Rua de Belém",
    ],
    properties: [
      ["Hotel Alfama Miradouro", "hotel", 4],
      ["Baixa Chiado Suites", "aparthotel", 4],
      ["Casa do Bairro Alto", "hotel", 3],
      ["Hotel Avenida Liberdade", "hotel", 5],
      ["Príncipe Real Apartments", "apartment", 4],
      ["LX Factory Lofts", "apartment", 3],
      ["Belém Riverside Hotel", "hotel", 4],
    ],
  },
];

/** Every city the replicas list. */
export const CITIES: City[] = [...FIRST_CITIES, ...ADDED_CITIES];

export const AMENITIES = [
  "Free WiFi",
  "Air conditioning",
  "Restaurant",
  "Bar",
  "Fitness centre",
  "24-hour front desk",
  "Non-smoking rooms",
  "Family rooms",
  "Room service",
  "Parking",
  "Airport shuttle",
  "Spa",
  "Swimming pool",
  "Pet friendly",
  "Elevator",
  "Breakfast included",
];
export const APARTMENT_AMENITIES = ["Kitchen", "Washing machine", "Dishwasher", "Coffee maker", "Balcony"];

export const ROOM_TYPES: Record<PropertyKind, [name: string, multiplier: number, sleeps: number][]> = {
  hotel: [
    ["Standard Double Room", 1, 2],
    ["Superior Twin Room", 1.2, 2],
    ["Deluxe King Room", 1.45, 2],
    ["Junior Suite", 2.1, 3],
  ],
  hostel: [
    ["Bed in 8-Bed Mixed Dormitory", 1, 1],
    ["Bed in 4-Bed Female Dormitory", 1.3, 1],
    ["Private Double Room", 2.6, 2],
  ],
  apartment: [
    ["Studio Apartment", 1, 2],
    ["One-Bedroom Apartment", 1.35, 4],
    ["Two-Bedroom Apartment", 1.9, 5],
  ],
  aparthotel: [
    ["Studio Apartment", 1, 2],
    ["One-Bedroom Apartment", 1.3, 4],
    ["Two-Bedroom Apartment", 1.85, 5],
    ["Penthouse Apartment", 2.8, 6],
  ],
};
