// Recognises CAPTCHA and bot-check pages: reCAPTCHA, hCaptcha, Turnstile / Cloudflare
// challenges, Amazon's robot check, and the generic "are you a robot" pages
// (PerimeterX, DataDome). Screens the raw text first so normal pages are never parsed twice.
import type { Challenge } from "../types";
import { closest, loadHtml, visibleText, type HTMLElement } from "./dom";

const WIDGETS: { kind: Challenge["kind"]; marker: RegExp; selector: string }[] = [
  { kind: "turnstile", marker: /cf-turnstile|challenges\.cloudflare\.com\/turnstile/i, selector: ".cf-turnstile" },
  // Whole class tokens only: Etsy's seller-contact widget is `g-recaptcha-etsy` on an ordinary page.
  { kind: "hcaptcha", marker: /class=["']?(?:[^"'>]*\s)?h-captcha(?=[\s"'>])/i, selector: ".h-captcha" },
  { kind: "recaptcha", marker: /class=["']?(?:[^"'>]*\s)?g-recaptcha(?=[\s"'>])/i, selector: ".g-recaptcha" },
];

const AMAZON_MARKER =
  /\/errors\/validateCaptcha|Type the characters you see in (this|the) image|Enter the characters you see below/i;
const CLOUDFLARE_MARKER = /window\._cf_chl_opt|\/cdn-cgi\/challenge-platform\/h\/[bg]\/orchestrate/i;
const BOT_VENDOR_MARKER = /id=["']?px-captcha|captcha-delivery\.com|\/_Incapsula_Resource/i;
const ROBOT_TITLE =
  /are you (a )?(human|robot)|robot or human|verify (that )?you are (a )?human|captcha|access denied|attention required|just a moment|security check|unusual traffic|bot (check|detection)/i;
const ROBOT_TEXT =
  /are you a (human|robot)|not a robot|verify (that )?you are (a )?human|unusual traffic from your (computer|network)|press (&|and) hold|complete the security check|enable javascript and cookies to continue/i;

// Challenge pages are small; a full page that merely embeds a widget (a login or contact form) is not a wall.
const SMALL_PAGE = 100_000;

/** The challenge a page poses, or null for an ordinary page. */
export function detectChallenge(html: string, status: number): Challenge | null {
  const blocked = status === 403 || status === 429 || status === 503;
  const wall = blocked || html.length < SMALL_PAGE;
  const widget = wall ? WIDGETS.find((candidate) => candidate.marker.test(html)) : undefined;
  if (widget) {
    const root = loadHtml(html);
    const element = root.querySelector(widget.selector) ?? root.querySelector("[data-sitekey]");
    if (element || widget.kind === "turnstile") {
      return { kind: widget.kind, siteKey: siteKeyOf(element, root), formAction: formActionOf(element, root) };
    }
  }
  if (wall && AMAZON_MARKER.test(html)) {
    const root = loadHtml(html);
    const form = root.querySelector('form[action*="validateCaptcha"]') ?? root.querySelector("form");
    return { kind: "amazon", siteKey: null, formAction: form?.getAttribute("action") ?? null };
  }
  if (CLOUDFLARE_MARKER.test(html)) return { kind: "turnstile", siteKey: null, formAction: null };
  if (BOT_VENDOR_MARKER.test(html) || (wall && looksLikeRobotCheck(html))) {
    return {
      kind: "generic",
      siteKey: null,
      formAction: loadHtml(html).querySelector("form")?.getAttribute("action") ?? null,
    };
  }
  return null;
}

/** A page whose title or text asks the visitor to prove they are human. */
function looksLikeRobotCheck(html: string): boolean {
  const title = html.match(/<title[^>]*>([^<]*)<\/title>/i)?.[1] ?? "";
  return ROBOT_TITLE.test(title) || ROBOT_TEXT.test(visibleText(loadHtml(html)) ?? "");
}

function siteKeyOf(element: HTMLElement | null, root: HTMLElement): string | null {
  const fromWidget =
    element?.getAttribute("data-sitekey") ?? root.querySelector("[data-sitekey]")?.getAttribute("data-sitekey");
  if (fromWidget) return fromWidget;
  // Explicitly rendered widgets pass the key in script: render(el, {sitekey: "…"}).
  const fromScript = root.toString().match(/sitekey["']?\s*[:=]\s*["']([\w-]{10,})["']/i)?.[1];
  return fromScript ?? null;
}

function formActionOf(element: HTMLElement | null, root: HTMLElement): string | null {
  const form = closest(element, (el) => el.tagName === "FORM") ?? root.querySelector("form");
  return form?.getAttribute("action") ?? null;
}
