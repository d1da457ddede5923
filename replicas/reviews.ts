// Deterministic customer reviews for products and stays. A review's rating is drawn so the
// ratings average near the subject's own rating; dates count back from a fixed day so pages
// never change between runs.
import { FIRST_NAMES, LAST_INITIALS } from "./product-data.ts";
import { rng } from "./random.ts";

export interface ReviewItem {
  id: string;
  author: string;
  /** 1–5 stars. */
  rating: number;
  title: string;
  body: string;
  /** `YYYY-MM-DD` */
  date: string;
  verified: boolean;
  helpful: number;
}

export type ReviewTopic = "product" | "stay";

const TITLES: Record<ReviewTopic, string[][]> = {
  product: [
    ["Stopped working after a week", "Not as described", "Disappointed"],
    ["Meh, it's okay", "Expected more", "Does the job, barely"],
    ["Decent for the price", "Good, not great", "Solid enough"],
    ["Really good value", "Happy with it", "Works as advertised"],
    ["Absolutely love it!", "Best purchase this year", "Five stars, would buy again"],
  ],
  stay: [
    ["Would not stay again", "Very noisy room", "Not as pictured"],
    ["Okay for one night", "Mixed feelings", "Needs renovation"],
    ["Good location, basic room", "Fine for the price", "Pleasant stay"],
    ["Lovely stay", "Great location & staff", "Very comfortable"],
    ["Perfect in every way", "Exceptional!", "Can't wait to come back"],
  ],
};

const SENTENCES: Record<ReviewTopic, string[][]> = {
  product: [
    [
      "The {subject} broke within days & support never replied.",
      "Build quality feels cheap.",
      "Returned it after two days.",
      "Nothing like the photos.",
    ],
    [
      "The {subject} works, but not as well as I'd hoped.",
      "Instructions were confusing.",
      "Feels flimsy for the money.",
      'It\'s "fine", I guess.',
    ],
    [
      "Does what it says. Nothing more, nothing less.",
      "Packaging was a bit damaged but the {subject} was fine.",
      "Decent value at this price.",
      "A few rough edges, nothing serious.",
    ],
    [
      "I've used the {subject} daily for a month and it's been great.",
      "Setup took 5 minutes.",
      "Solid build, looks great on my desk.",
      "Would recommend to a friend.",
    ],
    [
      "Honestly the best {subject} I've owned.",
      "Bought a second one as a gift <3",
      "Exceeded every expectation.",
      "Fast shipping & perfect condition.",
    ],
  ],
  stay: [
    [
      "The room smelled of smoke and the shower was cold.",
      "Staff at the desk were unhelpful.",
      "Street noise all night.",
      "Nothing like the photos.",
    ],
    [
      "Location is fine but the walls are thin.",
      "Breakfast was average.",
      "Room was smaller than expected.",
      "Check-in took ages.",
    ],
    [
      "Clean room, friendly staff, a short walk to the centre.",
      "Bed was comfy enough.",
      "Good value for a short stay.",
      "Wi-Fi was patchy but usable.",
    ],
    [
      "Great location near {subject}, spotless room.",
      "Staff gave us excellent tips for dinner.",
      "Quiet at night & a great breakfast.",
      "Would happily stay again.",
    ],
    [
      "Everything was perfect, from check-in to the view.",
      "We'll be back to {subject} for sure!",
      "The staff went above & beyond.",
      "Best stay of our trip.",
    ],
  ],
};

/** A rating 1–5 that averages close to `average`. */
function drawRating(random: () => number, average: number): number {
  const base = Math.floor(average);
  const stars = random() < average - base ? base + 1 : base;
  // Now and then an outlier, as real review lists have.
  const roll = random();
  if (roll < 0.06) return 1;
  if (roll < 0.1) return Math.max(1, stars - 2);
  return Math.min(5, Math.max(1, stars));
}

const REFERENCE_DAY = Date.UTC(2025, 9, 1);

/**
 * Review `position` (0-based) of a subject. `seed` identifies the subject, `subject` is the
 * word the text talks about ("Power Bank", "Dublin"), `average` is on a 1–5 scale.
 */
export function reviewAt(
  seed: string,
  position: number,
  subject: string,
  average: number,
  topic: ReviewTopic,
): ReviewItem {
  const random = rng(`${seed}-review-${position}`);
  const rating = drawRating(random.next, average);
  const bucket = rating - 1;
  const fill = (text: string) => text.replace(/\{subject\}/g, subject);
  const daysAgo = position * 3 + random.int(0, 2);
  return {
    id: `R${random.chars(13, "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789")}`,
    author: `${random.pick(FIRST_NAMES)} ${random.pick(LAST_INITIALS)}`,
    rating,
    title: random.pick(TITLES[topic][bucket]!),
    body: random.sample(SENTENCES[topic][bucket]!, 2).map(fill).join(" "),
    date: new Date(REFERENCE_DAY - daysAgo * 86_400_000).toISOString().slice(0, 10),
    verified: random.chance(0.8),
    helpful: random.int(0, 40),
  };
}

/** How many written reviews a subject has: a share of its ratings, capped like real review pages. */
export function writtenReviewCount(ratingCount: number): number {
  return Math.min(60, Math.max(0, Math.round(ratingCount * 0.3)));
}

/** All written reviews of a subject, newest first. */
export function reviewsOf(
  seed: string,
  ratingCount: number,
  subject: string,
  average: number,
  topic: ReviewTopic,
): ReviewItem[] {
  return Array.from({ length: writtenReviewCount(ratingCount) }, (_, position) =>
    reviewAt(seed, position, subject, average, topic),
  );
}

/** Orders review pages offer; each site maps its own sort parameter onto one. */
export type ReviewOrder = "newest" | "oldest" | "helpful" | "highest" | "lowest";

const ORDERS: Record<ReviewOrder, (a: ReviewItem, b: ReviewItem) => number> = {
  newest: (a, b) => b.date.localeCompare(a.date),
  oldest: (a, b) => a.date.localeCompare(b.date),
  helpful: (a, b) => b.helpful - a.helpful,
  highest: (a, b) => b.rating - a.rating,
  lowest: (a, b) => a.rating - b.rating,
};

/**
 * The reviews a review page lists: only those with `stars` (1–5) when given, in `order`
 * (newest first by default; ties keep their newest-first order, the sort being stable).
 */
export function selectReviews(
  reviews: readonly ReviewItem[],
  options: { order?: ReviewOrder; stars?: number | null } = {},
): ReviewItem[] {
  const { order = "newest", stars } = options;
  return reviews.filter((review) => !stars || review.rating === stars).sort(ORDERS[order]);
}

const MONTHS = [
  "January",
  "February",
  "March",
  "April",
  "May",
  "June",
  "July",
  "August",
  "September",
  "October",
  "November",
  "December",
];

/** "March 3, 2025" */
export function longDate(isoDate: string): string {
  const [year, month, day] = isoDate.split("-").map(Number);
  return `${MONTHS[month! - 1]} ${day}, ${year}`;
}

/** "Mar 3, 2025" */
export function shortDate(isoDate: string): string {
  const [year, month, day] = isoDate.split("-").map(Number);
  return `${MONTHS[month! - 1]!.slice(0, 3)} ${day}, ${year}`;
}
