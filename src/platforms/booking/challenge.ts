// booking.com's walls: every site's challenges (scrape/extract/challenge.ts), and the empty page it
// serves a visitor it has flagged as a robot.
import { detectChallenge } from "../../scrape/extract/challenge";
import type { Challenge } from "../../scrape/types";

/** The challenge a booking.com page poses, or null for an ordinary page. */
export const bookingChallenge = (html: string, status: number): Challenge | null =>
  detectChallenge(html, status) ?? robotShell(html);

// booking.com states in its page's settings whether it took the visitor for a robot.
const FLAGGED_ROBOT = /b_agent_is_robot["']?\s*:\s*true/;
const HOTEL_CONTENT = /data-testid=["']property-card["']|class=["'][^"']*\bsr_item\b|<h1[\s>]|id=["']hp_hotel_name["']/;

/**
 * A page booking.com served to a visitor it flagged as a robot with nothing in it: no result card,
 * no heading, no hotel name, only its header, footer and dialogs. A flagged page that still shows
 * results or a hotel is read as usual.
 */
function robotShell(html: string): Challenge | null {
  return FLAGGED_ROBOT.test(html) && !HOTEL_CONTENT.test(html)
    ? { kind: "generic", siteKey: null, formAction: null }
    : null;
}
