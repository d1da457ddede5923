// Recognises CAPTCHA and bot-check pages: reCAPTCHA, hCaptcha, Turnstile / Cloudflare
// challenges, Amazon's robot check, and the generic "are you a robot" pages
// (PerimeterX, DataDome). Screens the raw text first so normal pages are never parsed twice.
import type { Challenge } from "../types";
import { closest, loadHtml, type HTMLElement } from "./dom";

const WIDGETS: { kind: Challenge["kind"]; marker: RegExp; selector: string }[] = [
  { kind: "turnstile", marker: /cf-turnstile|challenges\.cloudflare\.com\/turnstile/i, selector: ".cf-turnstile" },
  // Whole class tokens only: Etsy's seller-contact widget is `g-recaptcha-etsy` on an ordinary page.
  { kind: "hcaptcha", marker: /class=["']?(?:[^"'>]*\s)?h-captcha(?=[\s"'>])/i, selector: ".h-captcha" },
  { kind: "recaptcha", marker: /class=["']?(?:[^"'>]*\s)?g-recaptcha(?=[\s"'>])/i, selector: ".g-recaptcha" },
];

const AMAZON_MARKER =
  /\/errors\/validateCaptcha|Type the characters you see in (this|the) image|Enter the characters you see below/i;
// Its challenge pages' own script and form, today's and the older "Checking your browser" check's (a `jschl`
// answer posted to `/cdn-cgi/l/chk_jschl`), whose hidden puzzle text outweighs its few words.
const CLOUDFLARE_MARKER =
  /window\._cf_chl_opt|\/cdn-cgi\/challenge-platform\/h\/[bg]\/orchestrate|name=["']?jschl_(?:vc|answer)\b|\/cdn-cgi\/l\/chk_(?:jschl|captcha)|__cf_chl_(?:jschl|captcha)_tk__/i;
// Bot vendors' interstitials: PerimeterX, DataDome, Imperva, Akamai's behavioural challenge, challenge
// bundles served from a `/challenges/antibot` path.
const BOT_VENDOR_MARKER =
  /id=["']?px-captcha|captcha-delivery\.com|\/_Incapsula_Resource|sec-if-cpt-container|\/_sec\/cp_challenge|\/__zenedge\/|\/challenges?\/(?:antibot|captcha)\//i;
// A browser's own page for a connection the site cut ("This site can't be reached", ERR_HTTP2_PROTOCOL_ERROR):
// what a site that drops automated clients leaves a browser showing.
const BROWSER_ERROR_MARKER = /id=["']?main-frame-error\b|class=["']?neterror\b/i;
// Titles of walls and of the error pages a site serves a visitor it turned away, in the corpus's languages.
const ROBOT_TITLE =
  /are you (a )?(human|robot)|robot or human|bot or not|pardon our interruption|verify (that )?you are (a )?human|captcha|access denied|attention required|just a moment|one more step|security check|unusual traffic|bot (check|detection)|something went wrong|почти готово|один момент|доступ (?:ограничен|запрещ)|un instant|einen moment|un momento|acceso denegado|accès refusé|zugriff verweigert/i;
// The page a site serves a client whose browser it will not serve ("Your browser is out of date", "Поточна версія
// вашого браузера застаріла"): in place of the page, whatever the reason given.
const OUTDATED_BROWSER =
  "your browser is (?:out of date|outdated|too old|not supported)|unsupported browser|вашого браузера застаріла|ваш браузер устарел|версия вашего браузера устарела|ihr browser ist veraltet|tu navegador (?:está )?desactualizado|votre navigateur est obsolète|twoja przeglądarka jest przestarzała";
const ROBOT_TEXT = new RegExp(
  String.raw`are you a (human|robot)|not a robot|human or a bot|verify (that )?you are (a )?human|unusual traffic from your (computer|network)|press (&|and) hold|complete the security check|enable javascript and cookies to continue|checking your browser before you access|why have i been blocked|your access (?:has been|was) blocked|you do not have access to|por qu[ée] me han bloqueado|pourquoi ai-je été bloqué|warum wurde ich blockiert|something went wrong, please try again|this page isn.t working|http error [45]\d\d|보안 확인을 완료해 주세요|실제 사용자임을 확인|로봇이 아닙니다|ロボットではありません|人机验证|${OUTDATED_BROWSER}`,
  "i",
);

// Challenge pages are small and say little: a full page that merely embeds a widget or a bot
// vendor's sensor script (a login form, a search page) is not a wall, whatever status it came with.
const SMALL_PAGE = 100_000;
/** More readable characters than this is a page with content of its own, whatever it also says: no wall. */
export const WALL_TEXT = 3_000;
const NEARLY_NOTHING = 1_000;
// A small page that describes an offer in its structured data is the shop's or hotel's own page, whatever widget
// its forms carry (a contact form's reCAPTCHA under a product).
const OFFERS =
  /"@type"\s*:\s*"(?:Product|Offer|AggregateOffer|Hotel|LodgingBusiness)"|itemtype=["']?https?:\/\/schema\.org\/(?:Product|Offer|Hotel)\b/i;

/** The challenge a page poses, or null for an ordinary page. */
export function detectChallenge(html: string, status: number): Challenge | null {
  const blocked = status === 403 || status === 429 || status === 503;
  let text: number | undefined;
  // Measured only once a marker matched, so an ordinary page costs a few regular-expression tests.
  // A large page may still be a wall: its bytes are scripts and styles, its text a sentence or two.
  const wall = () => {
    text ??= visibleLength(html);
    return (blocked || html.length < SMALL_PAGE || text < NEARLY_NOTHING) && text < WALL_TEXT && !OFFERS.test(html);
  };
  const widget = WIDGETS.find((candidate) => candidate.marker.test(html));
  if (widget && wall()) {
    const root = loadHtml(html);
    const element = root.querySelector(widget.selector) ?? root.querySelector("[data-sitekey]");
    if (element || (widget.kind === "turnstile" && widget.marker.test(withoutInlineScripts(html)))) {
      return { kind: widget.kind, siteKey: siteKeyOf(element, root), formAction: formActionOf(element, root) };
    }
  }
  if (AMAZON_MARKER.test(html) && wall()) {
    const root = loadHtml(html);
    const form = root.querySelector('form[action*="validateCaptcha"]') ?? root.querySelector("form");
    return { kind: "amazon", siteKey: null, formAction: form?.getAttribute("action") ?? null };
  }
  if (CLOUDFLARE_MARKER.test(html)) return { kind: "turnstile", siteKey: null, formAction: null };
  if ((BOT_VENDOR_MARKER.test(html) || BROWSER_ERROR_MARKER.test(html) || looksLikeRobotCheck(html)) && wall()) {
    return {
      kind: "generic",
      siteKey: null,
      formAction: loadHtml(html).querySelector("form")?.getAttribute("action") ?? null,
    };
  }
  return null;
}

/**
 * The page without its inline scripts' code (their tags kept): a challenge loads its widget's script or sets its box
 * and its words in the markup, while a booking form's own code may only name them (to load a widget once enabled).
 */
const withoutInlineScripts = (html: string) => html.replace(/(<script\b[^>]*>)[\s\S]*?<\/script\s*>/gi, "$1</script>");

/** Characters of text a visitor sees, estimated without building the tree. */
function visibleLength(html: string): number {
  return html
    .replace(/<(script|style|noscript|template)\b[\s\S]*?<\/\1\s*>/gi, " ")
    .replace(/<[^>]*>/g, " ")
    .replace(/\s+/g, " ").length;
}

/** A page whose title or text asks the visitor to prove they are human. */
function looksLikeRobotCheck(html: string): boolean {
  const title = html.match(/<title[^>]*>([^<]*)<\/title>/i)?.[1] ?? "";
  // Said in the page, not only among its scripts' strings (a form's own "Please confirm you are not a robot" toast).
  return ROBOT_TITLE.test(title) || (ROBOT_TEXT.test(html) && ROBOT_TEXT.test(withoutInlineScripts(html)));
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
