// Whether a page that was asked for as a product shows one: a search or category page, a sign-in
// wall or an empty shell read as a "product" would be junk answered as success. Hand-written: the
// signals are the readers' own (which reader named the product, the result cards, the heading).
import { visibleCards } from "./cards";
import { WALL_TEXT } from "./challenge";
import { cleanText, visibleText } from "./dom";
import type { FieldEvidence } from "./evidence";
import type { Page } from "./page";
import { selectAll, selectOne } from "./select";

export interface NotAProduct {
  kind: "listing" | "sign-in" | "error" | "empty";
  /** One sentence for the caller: what the page is instead. */
  description: string;
}

/** Readers that read any page, product or not: a heading, a title, a price next to it. */
export const PAGE_READERS = new Set<string>(["main heading", "meta", "visible text", "title element", "page address"]);

/**
 * Result cards above which a page is a listing: no saved product page shows more than 13 (related
 * items, "customers also bought"), most search pages 14 to 72. A page whose own markup or
 * structured data names one product needs more, as a listing's JSON-LD often describes its first item.
 */
const LISTING_CARDS = 14;
const LISTING_CARDS_DESPITE_STRUCTURED = 30;

/** A heading that counts results: "1-16 of over 1,000 results for", "147 properties found", "の検索結果". */
const RESULTS_HEADING =
  /\b\d[\d.,\s]*\+?\s*(?:results?|ergebnisse|résultats|resultados|risultati|resultaten|treffer|properties|listings|items|products|produkte|artikel|articles|товар\S*|результат\S*)\b|\b(?:search results?|results for|no results|keine ergebnisse|ergebnisse für|résultats pour|resultados para)\b|検索結果|商品一覧/i;

/** Headings and titles of sign-in pages, in the corpus's languages. */
const SIGN_IN =
  /\b(?:log ?in|sign ?in|anmelden|einloggen|connexion|se connecter|iniciar sesi[óo]n|inicia sesi[óo]n|inicio de sesi[óo]n|iniciar sess[ãa]o|accedi|accesso|entrar|fazer login|inloggen|zaloguj|giriş yap|войти|вход|đăng nhập|masuk)\b|ログイン|登录|로그인/i;

/**
 * A page whose password form is the page, not a sign-in drawer beside a product: it has no heading of
 * its own, or its heading or title asks the visitor to sign in.
 */
function isSignInPage(page: Page, heading: string): boolean {
  const title = cleanText(visibleText(selectOne(page.root, "title"))) ?? "";
  return heading === "" || SIGN_IN.test(heading) || SIGN_IN.test(title);
}

/**
 * A sign-in page: a password form that is the page, or a heading that asks to sign in over a form that asks
 * for an address or a number first (the password comes on the next step).
 */
function asksToSignIn(page: Page, heading: string): boolean {
  if (selectAll(page.root, 'input[type="password"]').length > 0) return isSignInPage(page, heading);
  return (
    SIGN_IN.test(heading) &&
    selectAll(page.root, 'input[type="email"], input[type="tel"], input[type="text"]').length > 0
  );
}

/** What a page says to a visitor it shows nothing until they sign in ("Parece que você ainda não está logado"). */
const SIGN_IN_FIRST =
  /\b(?:not (?:yet )?(?:logged|signed) in|(?:log|sign) ?in to (?:continue|view|see)|must be (?:logged|signed) in|não está logad[oa]|faça login para|inicia sesión para|connectez-vous pour|melden sie sich an, um|zaloguj się, aby)\b|请先登录|ログインしてください|로그인이 필요/i;
/** The text a visitor reads in the page's body. */
const bodyText = (page: Page) => visibleText(selectOne(page.root, "body") ?? page.root) ?? "";

/** A page with no heading whose little text asks the visitor to sign in first: a sign-in wall without a form. */
function saysSignInFirst(page: Page, heading: string): boolean {
  if (heading !== "") return false;
  const text = bodyText(page);
  return text.length < WALL_TEXT && SIGN_IN_FIRST.test(text);
}

/** Headings of the error pages a site serves in place of the page asked for, in the corpus's languages. */
const ERROR_HEADING =
  /something went wrong|^o+ps\b|page (?:not found|cannot be found|could not be found)|an error (?:has )?occurred|^(?:error )?404\b|service unavailable|ein fehler ist aufgetreten|seite nicht gefunden|une erreur s.est produite|page introuvable|(?:ha ocurrido|se produjo|ocurri[óo]) un error|p[áa]gina no encontrada|p[áa]gina n[ãa]o encontrada|pagina non trovata|pagina niet gevonden|kunde inte (?:sidan )?hittas|sidan hittades inte|siden (?:blev ikke fundet|finnes ikke|ble ikke funnet)|sivua ei löytynyt|nie znaleziono strony|strona nie (?:istnieje|została znaleziona)|stránka nebyla nalezena|sayfa bulunamadı|ocorreu um erro|si è verificato un errore|wystąpił błąd|er is iets misgegaan|bir hata oluştu|terjadi kesalahan|đã (?:xảy ra|có) lỗi|เกิดข้อผิดพลาด|حدث خطأ|произошла ошибка|страница не найдена|エラーが発生しました|ページが見つかりません|出错了|页面不存在|오류가 발생/i;

/** Fewer readable characters than this in the body is a shell: a loader, a script's mount point. */
const BARE_BODY = 200;

const isBare = (page: Page) => bodyText(page).length < BARE_BODY;

/** What the page is when it holds no product; null when it does (or may: a thin product page is still one). */
export function notAProduct(page: Page, fields: FieldEvidence[]): NotAProduct | null {
  const source = (field: string) => fields.find((evidence) => evidence.field === field)?.source ?? null;
  const titleSource = source("title");
  const namedByMarkup = titleSource !== null && !PAGE_READERS.has(titleSource);
  const hasPrice = source("price") !== null;
  const heading = cleanText(visibleText(selectOne(page.root, "h1"))) ?? "";
  if (!namedByMarkup && RESULTS_HEADING.test(heading))
    return { kind: "listing", description: `a search or category page ("${heading.slice(0, 80)}"), not one product` };
  // A site's own markup reader reads its product pages only: no card count (the costliest check) needed.
  if (titleSource?.endsWith(" markup")) return null;
  const cards = visibleCards(page.root, page.base, page.hint).length;
  if (cards >= LISTING_CARDS_DESPITE_STRUCTURED || (!namedByMarkup && cards >= LISTING_CARDS))
    return { kind: "listing", description: `a list of ${cards} items (a search or category page), not one product` };
  if (namedByMarkup) return null;
  // An error page may show a rail of other products, priced: its heading says what it is.
  if (ERROR_HEADING.test(heading))
    return { kind: "error", description: `the site's error page ("${heading.slice(0, 80)}"), not the product` };
  if (hasPrice) return null;
  if (asksToSignIn(page, heading) || saysSignInFirst(page, heading))
    return { kind: "sign-in", description: "a sign-in page: the site shows the product only to signed-in visitors" };
  // A name from the head alone (og:title) over a body with next to nothing to read is a shell's (a loader).
  if (titleSource === null || titleSource === "title element" || (titleSource === "meta" && isBare(page)))
    return { kind: "empty", description: "an empty page: no product name or price in what the site sent" };
  return null;
}
