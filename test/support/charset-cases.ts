// Page bytes whose charset is not what they say, with the text a reader must get: run by the fixture
// tests in Node and by the Workers tests in workerd, so both runtimes are held to the same decoding.
const ascii = (text: string) => [...Buffer.from(text, "latin1")];

export const CHARSET_CASES: {
  name: string;
  bytes: Uint8Array;
  contentType?: string;
  address?: string;
  text: string;
}[] = [
  {
    // "dotyczą" with ą as ISO-8859-2 writes it (B1), which windows-1250 reads as "±".
    name: "ISO-8859-2 bytes of a Polish page that declares no charset, by its address's country",
    bytes: Uint8Array.from([...ascii('<html lang="en"><p>Pytania dotycz'), 0xb1, ...ascii(" anteny</p>")]),
    address: "https://www.elektroda.pl/rtvforum/topic1.html",
    text: '<html lang="en"><p>Pytania dotyczą anteny</p>',
  },
  {
    // "Cześć" with ś as windows-1250 writes it (9C), a control character in ISO-8859-2.
    name: "windows-1250 bytes of a Polish page that declares no charset",
    bytes: Uint8Array.from([...ascii("<p>Cze"), 0x9c, 0xe6, ...ascii("</p>")]),
    address: "https://forum.example.pl/",
    text: "<p>Cześć</p>",
  },
  {
    // The same bytes from an address that names no country: windows-1252, as a browser falls back.
    name: "ISO-8859-2 bytes that declare no charset, from an address of no country",
    bytes: Uint8Array.from([...ascii("<p>dotycz"), 0xb1, ...ascii("</p>")]),
    address: "https://forum.example.com/",
    text: "<p>dotycz±</p>",
  },
  {
    name: "windows-1252 bytes a page mislabels as UTF-8",
    bytes: Uint8Array.from([
      ...ascii('<meta charset="utf-8"><p>Caf'),
      0xe9,
      ...ascii(" 12,50 "),
      0x80,
      ...ascii("</p>"),
    ]),
    text: '<meta charset="utf-8"><p>Café 12,50 €</p>',
  },
  {
    name: "UTF-8 bytes labelled latin-1",
    bytes: new TextEncoder().encode("<p>Café €</p>"),
    contentType: "text/html; charset=iso-8859-1",
    text: "<p>Café €</p>",
  },
  {
    // 中文标题 in GBK: D6D0 CEC4 B1EA CCE2.
    name: "GBK bytes of a Chinese page that declares UTF-8",
    bytes: Uint8Array.from([
      ...ascii('<html lang="zh-CN"><meta charset="utf-8"><title>'),
      ...[0xd6, 0xd0, 0xce, 0xc4, 0xb1, 0xea, 0xcc, 0xe2],
      ...ascii("</title>"),
    ]),
    text: '<html lang="zh-CN"><meta charset="utf-8"><title>中文标题</title>',
  },
  {
    // A teaser cut after the first byte of "é" (C3 A9), in a page of thirty accented letters.
    name: "UTF-8 bytes with one character cut in two",
    bytes: Uint8Array.from([
      ...new TextEncoder().encode(`<meta charset="utf-8"><p>${"Artículo período ".repeat(15)}</p><a>El caf`),
      0xc3,
      ...ascii("...</a>"),
    ]),
    text: `<meta charset="utf-8"><p>${"Artículo período ".repeat(15)}</p><a>El caf\uFFFD...</a>`,
  },
  {
    // ü as Latin-1 (FC) in a meta tag, the rest of the page UTF-8: as a browser reading it as UTF-8 shows it.
    name: "UTF-8 bytes with a meta tag left in Latin-1",
    bytes: Uint8Array.from([
      ...ascii('<meta name="description" content="naturgr'),
      0xfc,
      ...ascii('n">'),
      ...new TextEncoder().encode("<h2>Über uns</h2><p>Qualität, Zuverlässigkeit</p>"),
    ]),
    text: '<meta name="description" content="naturgr\uFFFDn"><h2>Über uns</h2><p>Qualität, Zuverlässigkeit</p>',
  },
  {
    // Цена in windows-1251: D6 E5 ED E0.
    name: "windows-1251 bytes of a Russian page labelled ISO-8859-1",
    bytes: Uint8Array.from([...ascii('<html lang="ru"><p>'), 0xd6, 0xe5, 0xed, 0xe0, ...ascii("</p>")]),
    contentType: "text/html; charset=iso-8859-1",
    text: '<html lang="ru"><p>Цена</p>',
  },
  {
    // 中文标题 in GBK, declared by a meta tag after 10 KB of inline script, in a page with no language.
    name: "GBK bytes declared far into the head",
    bytes: Uint8Array.from([
      ...ascii(`<html><head><script>${"var a=1;".repeat(1250)}</script><meta charset="gbk"><title>`),
      ...[0xd6, 0xd0, 0xce, 0xc4, 0xb1, 0xea, 0xcc, 0xe2],
      ...ascii("</title>"),
    ]),
    text: `<html><head><script>${"var a=1;".repeat(1250)}</script><meta charset="gbk"><title>中文标题</title>`,
  },
];
