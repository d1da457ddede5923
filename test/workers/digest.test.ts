// SHA-256 in hex (src/digest.ts): key hashes stored in D1 and cache keys already written must
// come out exactly as before, so the known test vectors hold byte for byte.
import { describe, expect, it } from "vitest";
import { sha256Hex, toHex } from "../../src/digest";

describe("sha256Hex", () => {
  it("gives the FIPS 180-2 vectors in lower-case hex, whole or cut to the first bytes", async () => {
    expect(await sha256Hex("abc")).toBe("ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
    expect(await sha256Hex("")).toBe("e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855");
    expect(await sha256Hex("abc", 16)).toBe("ba7816bf8f01cfea414140de5dae2223");
  });

  it("writes every byte as two digits", () => {
    expect(toHex(new Uint8Array([0, 9, 10, 15, 16, 127, 128, 255]))).toBe("00090a0f107f80ff");
    expect(toHex(new Uint8Array([]))).toBe("");
  });
});
