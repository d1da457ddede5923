// Charset decoding inside workerd: the same bytes as the fixture tests in Node give the same text
// (test/support/charset-cases.ts), legacy CJK and Cyrillic charsets included.
import { describe, expect, it } from "vitest";
import { decodeHtml } from "../../../../src/scrape/extract/charset";
import { CHARSET_CASES } from "../../../support/charset-cases";

describe("decodeHtml in the Workers runtime", () => {
  it.each(CHARSET_CASES)("decodes $name", ({ bytes, contentType, address, text }) => {
    expect(decodeHtml(bytes, contentType, address)).toBe(text);
  });
});
