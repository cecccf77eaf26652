import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { createId, encodeBase32 } from "../../src/domain/ids.js";

describe("encodeBase32", () => {
  it("matches the RFC 4648 test vectors, lower-cased and unpadded", () => {
    const vectors: [string, string][] = [
      ["", ""],
      ["f", "my"],
      ["fo", "mzxq"],
      ["foo", "mzxw6"],
      ["foob", "mzxw6yq"],
      ["fooba", "mzxw6ytb"],
      ["foobar", "mzxw6ytboi"],
    ];
    for (const [input, expected] of vectors) {
      expect(encodeBase32(new TextEncoder().encode(input))).toBe(expected);
    }
  });
});

describe("createId", () => {
  it("is the prefix and 26 base32 characters for any 128 random bits", () => {
    fc.assert(
      fc.property(fc.uint8Array({ minLength: 16, maxLength: 16 }), (bytes) => {
        expect(createId("camp", () => bytes)).toMatch(/^camp_[a-z2-7]{26}$/);
      }),
    );
  });

  it("gives different ids for different bits", () => {
    const zeros = createId("sess", () => new Uint8Array(16));
    const ones = createId("sess", () => new Uint8Array(16).fill(255));
    expect(zeros).toBe(`sess_${"a".repeat(26)}`);
    // 125 one bits, then 111 padded to 11100 = 28, the letter "4"
    expect(ones).toBe(`sess_${"7".repeat(25)}4`);
  });
});
