// Small pieces the travel replicas share: review-score words, party descriptions and the
// stay dates a hotel link carries.
import type { Listing, Stay } from "../hotel-catalogue.ts";

/** Booking-style words for a 0–10 score. */
export function scoreWord(score: number): string {
  if (score >= 9) return "Superb";
  if (score >= 8.6) return "Fabulous";
  if (score >= 8) return "Very good";
  if (score >= 7) return "Good";
  if (score >= 6) return "Pleasant";
  return "Review score";
}

/** Expedia-style superlatives for a 0–5 score. */
export function superlative(score: number): string {
  if (score >= 4.5) return "Exceptional!";
  if (score >= 4.2) return "Excellent!";
  if (score >= 4) return "Very good!";
  if (score >= 3.5) return "Good!";
  return "Okay";
}

const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? "" : "s"}`;

/** "2 adults for 3 nights" */
export function partyText(stay: Stay): string {
  return `${plural(stay.adults, "adult")} for ${plural(stay.nights, "night")}`;
}

export function nightsText(nights: number): string {
  return plural(nights, "night");
}

/**
 * The place a results heading names: the matched city as the site spells it when every result
 * is in one city ("dublin, ireland" -> "Dublin"), else the destination as typed, else `fallback`.
 */
export function placeName(results: Listing[], destination: string, fallback: string): string {
  const cities = new Set(results.map((listing) => listing.property.city.name));
  if (cities.size === 1) return [...cities][0]!;
  return destination.split(",")[0]?.trim() || fallback;
}

/** Weekday names for the nightly breakdown tables ("Saturday 15"). */
export function dayLabel(isoDate: string, offsetDays: number): string {
  const day = new Date(Date.parse(`${isoDate}T00:00:00Z`) + offsetDays * 86_400_000);
  return `${["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"][day.getUTCDay()]} ${day.getUTCDate()}`;
}
