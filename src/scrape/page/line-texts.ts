// What a short line's own words say it is, whatever element holds it: a copyright or a disclosure, a
// photo's credit, a dateline, the editor's or writer's name, a call to sign up or follow, a paywall's
// word, the writer's bio, a label of related links, an address shown in full. Pure tests of text: which
// elements they apply to is lines.ts's and furniture.ts's.
import { SENTENCE_END } from "./elements";

/**
 * A copyright notice, not a sentence about copyright: opening with "©", "(c) 2024" or "Copyright ©"/"Copyright 2024",
 * ending with the reserved rights, or a notice in Chinese (not 版权所有者, "the copyright holder").
 */
const LEGAL_NOTICE = [
  /^\W*(?:©|\(c\)\s*\d{4}|copyright\s*(?:©|\(c\)|\d{4}))/i,
  /(?:all rights reserved|alle rechte vorbehalten|tous droits réservés|todos los derechos reservados|tutti i diritti riservati)\W*$/i,
  /版权所有(?![者人方])|未经(?:授权|许可)[，,]?\s*(?:不得|禁止|严禁)/,
];
/** A disclosure of affiliate links, not a sentence about them: it says the site earns from them. */
const AFFILIATE_DISCLOSURE =
  /\baffiliate\b.*\b(?:commissions?|we (?:may )?earn)\b|\b(?:commissions?|we (?:may )?earn)\b.*\baffiliate\b|\bearn from qualifying purchases\b/i;
/** A copyright notice or a disclosure of affiliate links. */
export const readsAsLegal = (text: string) =>
  LEGAL_NOTICE.some((notice) => notice.test(text.trim())) || AFFILIATE_DISCLOSURE.test(text);
/** A photo's credit ("Credit: …", "(Image credit: …)", "Photograph by …", "Courtesy of …"). */
const CREDIT_LINE =
  /^\s*[([]?\s*(?:(?:featured\s+)?(?:photo(?:graph)?|image|picture)s?\s+(?:credits?\b|by\b|source\b)|credits?\s*:|courtesy\s+of\b)/i;
export const readsAsCredit = (text: string) => CREDIT_LINE.test(text);

/** A year and a time of day in one short line: when the page was written ("Publié le 29/10/2012 à 14h03", "2023年09月26日 17:22"). */
const YEAR = /(?:^|\D)(?:19|20)\d{2}(?!\d)/;
const CLOCK = /(?:^|\D)\d{1,2}(?::\d{2}|h\d{2}|時\d{1,2}分)(?!\d)/;
/** A year and a time of day, not a sentence that gives them ("Update: Dec. 22, 2016, 2:16 p.m. The police …"). */
export const readsAsDateline = (text: string) => YEAR.test(text) && CLOCK.test(text) && !SENTENCE_END.test(text);

/** A line shorter than this that opens with an editor's label and a colon names who edited the article. */
const EDITOR_LINE_CHARS = 80;
const EDITOR_LINE =
  /^\s*[[【（(]?\s*(?:责任编辑|编辑|責任編集|(?:page |managing |desk )?editor|redakteur(?:in)?|redaktion|rédaction|redacción|editado por)\s*[:：]/i;
/**
 * A Chinese paper's line naming the story's source, original title or writer: "本文来源：…", "（原标题：…）",
 * "作者︱…", "【文/…】", "半月谈记者 史卫燕" (a paper's reporter and the names alone), a photo's giver or taker
 * alone on its line ("故宫博物院供图", "（新华社记者 李贺 摄）").
 */
const SOURCE_LINE =
  /^\s*[[【（(]?\s*(?:(?:本文来源|文章来源|来源|原标题|作者)\s*[:：︱|]|文\s*[/／])|^[\p{Script=Han}]{0,8}记者(?:\s*[\p{Script=Han}]{2,4}[、，,]?)+\s*$|^\s*[（(]?[^。，,.!?！？]{1,24}(?:供图|摄)\s*[）)]?\s*$/u;
/** A line shorter than this asking the reader to sign up, to follow the site or to pay for the rest is a call to action, not the article. */
export const STANDING_LINE_CHARS = 250;
const SIGN_UP =
  /(?:^\W*|[.!?]\s+)(?:sign up (?:for|to)\b|(?:sign up|subscribe|join|get)\b[^.!?]*\bnewsletters?\b)|\b(?:sign up|subscribe|join)\b[^.!?]*\bour\b[^.!?]*\bnewsletters?\b/i;
/**
 * An invitation to follow the site on social networks ("Follow us on Facebook and Twitter for more", "Werden
 * Sie Fan von …!", "Subscribe on YouTube!", "Ακολουθήστε το στο Google News").
 */
const FOLLOW_US =
  /(?:\b(?:follow(?!\s+up\b)|seguir|suivez|folgen sie|seguici|siga-nos|siga)\b|ακολουθήστε)[^.!?]*(?:\b(?:on|en|sur|auf|su|no|na|in)|στο|στα|στις)\s+(?:facebook|twitter|instagram|linkedin|youtube|tiktok|google news|telegram|whatsapp)\b|\bon (?:facebook|twitter|instagram)\s*:\s*follow\b|\b(?:werden sie|devenez) fan\b|\blike us on facebook\b|扫描?二维码关注|扫码关注|关注[^。！]{0,20}公众号|\bsubscribe (?:to us )?on youtube\b/i;
/** A call to share or recommend what was just read ("If you liked this article, be sure to recommend it …"). */
const SHARE_IT =
  /^\W*(?:if you (?:liked|enjoyed|found [^.!?]{0,20}(?:useful|helpful)) (?:this|the|our) (?:article|post|story|piece)\b[^.!?]*\b(?:share|recommend|clap|tell)|please share this (?:article|post|story)\b)/i;
/** A call to fund the site ("Support our journalism with a donation", "Unterstützen Sie uns bitte mit einer Spende"). */
const SUPPORT_US =
  /\b(?:support (?:us|our (?:work|journalism|reporting))|unterstützen sie uns|unterstütze uns|soutenez-nous|apóyanos|sosteneteci|wesprzyj nas|steun ons)\b[^.!?]*\b(?:donat\w*|spende\w*|don|dons|donación|donazione|darowizn\w*|donatie|member\w*|mitglied\w*|abonn\w*|contribut\w*)\b/i;
/** A plea to the reader about their ad blocker ("Pour visualiser tout notre contenu, merci de désactiver votre bloqueur de pub !"). */
const AD_BLOCKER =
  /\b(?:your|votre|vos|ihren?|deinen?|tu|su|il tuo|seu|twój|uw|je)\s+(?:ad[- ]?blockers?|adblock|bloqueurs? de pub(?:licités?)?|werbe-?blocker|ad-?blocker|bloqueador(?:es)? de (?:anuncios|publicidad|an[úu]ncios)|blocco (?:della )?pubblicità|bloker reklam|advertentieblokker)\b/i;
/** What a paywall says in place of the rest of the article. */
const PAYWALL =
  /\b(?:shown|available|visible|reserved) only (?:to|for) (?:paying )?(?:members|subscribers)\b|(?:^\W*|[.!?]\s+)become an? (?:\w+ )?(?:member|subscriber)\b|\bsubscribe to (?:continue|keep) reading\b|会員限定|続き[はを].{0,40}お読み/i;
/** The label an ad slot leaves in the text, alone on its line ("Advertisement", "Anzeige", "REKLAM", 广告). */
const AD_LABEL =
  /^[\s\p{P}\p{S}]*(?:(?:article|story) continues (?:below|after) (?:this )?(?:ad|advertisement)|advertisement|advertising|ad|anzeige|werbung|publicité|publicidad|publicidade|pubblicità|reklam|reklama|реклама|advertentie|annons|annonse|mainos|iklan|広告|广告|광고)[\s\p{P}\p{S}]*$/iu;
/** A line shorter than this that opens with "By" and a name is the writer's byline. */
const BYLINE_CHARS = 60;
/** Words of the names a byline gives at most (three writers, their particles, their paper). */
const BYLINE_WORDS = 12;
const BYLINE_OPENING =
  /^(?:(?:text|words|written|story)\s+by|(?:un\s+)?texte?\s+de|texto\s+de|by|par|von|por|door)\s+(\S+)/i;
/** A word of a name: capitalised, a particle ("de", "van", "d'Enquête"), or "and" between two names. */
const NAME_WORD =
  /^(?:\p{Lu}[\p{L}.'’-]*|[dl]['’]\p{Lu}[\p{L}'’-]*|de|da|do|dos|del|della|di|du|des|la|le|van|von|der|den|ten|ter|and|und|et|y|e|&)$/u;
/**
 * The writer's name alone after "By": every word a name's, no sentence ("By changesets", "By 1963, …",
 * "Von Montag bis Freitag" are text).
 */
function isByline(text: string): boolean {
  const opening = BYLINE_OPENING.exec(text);
  if (!opening || SENTENCE_END.test(text)) return false;
  const words = text
    .slice(opening[0].length - opening[1]!.length)
    .split(/[\s,]+/)
    .filter(Boolean);
  return words.length <= BYLINE_WORDS && words.every((word) => NAME_WORD.test(word)) && /^\p{Lu}/u.test(words[0]!);
}
/**
 * What a paper prints around every article, set as a line under `STANDING_LINE_CHARS` characters: who edited it
 * ("【责任编辑：…】", "Editor: …"), who wrote it ("By Jane Doe"), a call to sign up for a newsletter, to follow
 * the site, to share the article or to fund the site, a paywall's word that the rest is for members; null for a
 * line of the article.
 */
export function standingLineKind(text: string, chars: number): string | null {
  if (chars < EDITOR_LINE_CHARS && EDITOR_LINE.test(text)) return "an editor's credit";
  if (chars < EDITOR_LINE_CHARS && SOURCE_LINE.test(text)) return "a source or writer's credit";
  if (chars < BYLINE_CHARS && isByline(text)) return "a byline";
  if (AD_LABEL.test(text)) return "an ad's label";
  if (SIGN_UP.test(text) || FOLLOW_US.test(text) || SHARE_IT.test(text) || SUPPORT_US.test(text))
    return "a call to sign up, follow, share or support";
  if (AD_BLOCKER.test(text)) return "a plea about the reader's ad blocker";
  return PAYWALL.test(text) ? "a paywall's teaser" : null;
}

/** A writer's name and what they do for the paper: "Michael Pascoe is a contributing editor.", "Ann Lee covers technology for …". */
const WRITER_BIO =
  /^\p{Lu}[\p{L}.'’-]+(?:\s+\p{Lu}[\p{L}.'’-]+){1,3}(?:,[^,]{1,80},)?\s+(?:is\s+(?:\S+\s+){0,6}?(?:reporter|editor|journalist|correspondent|writer|contributor|columnist|author)\b|covers\b|writes (?:about|for)\b|reports (?:on|for)\b)/u;
/** An address or a handle to reach the writer at ("adkins@example.com", "@Laura_E_Adkins"). */
const CONTACT = /[\w.+-]@[\w-]+\.\w|(?:^|[\s(])@\w{2,}/;
export const readsAsWriterBio = (text: string) => WRITER_BIO.test(text);
export const givesContact = (text: string) => CONTACT.test(text);

/** A label of links to other pages, whatever it ends with ("Related Recipes", "Verwandte Artikel", "Baca Juga", "相关内容"). */
const RELATED_LABEL =
  /^[\s\p{P}\p{S}]*(?:related\b|more on\b|also by\b|read (?:also|more)\b|baca juga|(?:à )?lire aussi|leggi anche|(?:lesen sie|lies|lest) auch|leia também|lee también|czytaj (?:też|także|również)|mehr zum thema|verwandte\b|artículos relacionados|相关|関連)/iu;
export const readsAsRelatedLabel = (text: string) => RELATED_LABEL.test(text);
/**
 * A heading of a box of other stories, never of a section of the article ("Related work" is one, "Related
 * stories" is not), with nothing but punctuation around it (a sentence holding 猜你喜欢 is none): "Read
 * also", "Recommended for you", "You may also like", "Go deeper", 推荐阅读, 为你推荐, おすすめ記事, 관련기사.
 */
const RELATED_BOX_LABEL =
  /^[\s\p{P}\p{S}]*(?:related (?:stories|articles|news|posts|content|coverage|links|reading)|recommended(?: for you| stories| articles| reading)?|you (?:may|might) also like|more (?:\w+ ){0,2}stories(?: for you)?|read (?:also|next)|go deeper|(?:à )?lire aussi|leggi anche|(?:lesen sie|lies|lest) auch|leia também|lee también|czytaj (?:też|także|również)|mehr zum thema|das könnte sie auch interessieren|artículos relacionados|noticias relacionadas|(?:también )?te puede interesar|artigos relacionados|notícias relacionadas|veja também|articoli correlati|potrebbe interessarti|articles (?:similaires|recommandés)|(?:à )?lire également|sur le même sujet|(?:empfohlene|ähnliche|weitere) artikel|lees ook|gerelateerde artikelen|notícies relacionades|també et pot interessar|doporučené články|související články|(?:pře)?čtěte (?:si )?také|súvisiace články|čítajte aj|polecane artykuły|podobne artykuły|zobacz (?:też|także)|citește și|articole (?:similare|recomandate)|știri recomandate|kapcsolódó cikkek|ajánlott cikkek|читайте (?:также|також)|похожие статьи|по теме|pročitajte još|povezane vijesti|ilgili haberler|benzer haberler|relaterte artikler|relaterade artiklar|læs også|läs också|les også|σχετικά άρθρα|tin liên quan|bài viết liên quan|artikel terkait|berita terkait|baca juga|推荐阅读|相关阅读|相关新闻|相关文章|相关推荐|热门推荐|热点推荐|为[你您]推荐|猜你喜欢|[你您]可能(?:还)?(?:喜欢|感兴趣)的?(?:文章|内容)?|延伸阅读|関連記事|おすすめ記事|あわせて読みたい|관련\s?기사|추천\s?기사)[\s\p{P}\p{S}]*$/iu;
export const readsAsRelatedBoxLabel = (text: string) => RELATED_BOX_LABEL.test(text);
/** A heading of the writer's bio set after the article: "Author", "About the author", "Über den Autor", 作者简介. */
const AUTHOR_BOX_LABEL =
  /^[\s\p{P}\p{S}]*(?:(?:about )?the authors?|authors?|about the writer|über (?:den|die) autor(?:in|en)?|zum autor|(?:à propos de )?l['’]auteur|sobre (?:el|o) autor|sull['’]autore|o autorze|作者简介|关于作者|著者について)[\s\p{P}\p{S}]*$/iu;
export const readsAsAuthorBoxLabel = (text: string) => AUTHOR_BOX_LABEL.test(text);

/** A link's text that is an address to a page, shown as it is (not a site's bare name, "www.youtube.com"). */
const SHOWN_ADDRESS = /^(?:https?:\/\/|www\.)[^\s/]+\/\S+$/i;
export const showsAddress = (text: string) => SHOWN_ADDRESS.test(text);
/** Names of readers' comments in a box's heading: the plurals, and the singulars after a count ("1 comment"). */
const COMMENTS_PLURAL =
  "(?:comments|commentaires|kommentare|kommentarer|comentarios|commenti|reacties|reactions|reacciones|komentarze|yorumlar|kommentit|leserkommentare|评论|コメント|댓글)";
const COMMENTS_SINGULAR = "(?:comment|commentaire|kommentar|comentario|commento|reactie|komentarz|yorum)";
/** A heading over readers' comments: "27 commentaires", "Reacties (29)", "Comments:"; not "Comment" (an opinion column's name). */
const COMMENTS_BOX_LABEL = new RegExp(
  `^[\\s\\p{P}\\p{S}]*(?:\\d+\\s*(?:${COMMENTS_PLURAL}|${COMMENTS_SINGULAR})|${COMMENTS_PLURAL}\\s*[(（]?\\d*[)）]?)[\\s\\p{P}\\p{S}]*$`,
  "iu",
);
export const readsAsCommentsBoxLabel = (text: string) => COMMENTS_BOX_LABEL.test(text);
