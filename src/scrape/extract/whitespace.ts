// `\s` as regular expressions read it, by character code: for loops over page text that test one
// character at a time instead of running a pattern.

export const isSpaceCode = (code: number) =>
  // Most characters read are ASCII: two comparisons settle them.
  code < 0xa0 ? code === 32 || (code >= 9 && code <= 13) : isWideSpace(code);

const isWideSpace = (code: number) =>
  code === 0xa0 ||
  code === 0x1680 ||
  (code >= 0x2000 && code <= 0x200a) ||
  code === 0x2028 ||
  code === 0x2029 ||
  code === 0x202f ||
  code === 0x205f ||
  code === 0x3000 ||
  code === 0xfeff;
