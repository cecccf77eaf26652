/** The prefixes of generated ids (docs/campaign.md §1). */
export type IdPrefix =
  | "camp"
  | "part"
  | "char"
  | "sess"
  | "inv"
  | "ctx"
  | "adv"
  | "enc"
  | "inst"
  | "cd";

/** Returns `count` random bytes; injected so ids are reproducible in tests. */
export type RandomBytes = (count: number) => Uint8Array;

/** A context handle's shape: `ctx_` and 26 base32 characters (docs/campaign.md §1, §3). */
export const CONTEXT_HANDLE_PATTERN = /^ctx_[a-z2-7]{26}$/;

const BASE32_ALPHABET = "abcdefghijklmnopqrstuvwxyz234567";
const ID_BYTES = 16;

/**
 * Encodes bytes as lowercase RFC 4648 base32 without padding: five bits per character, the
 * last character zero-padded.
 *
 * @param bytes - the bytes to encode
 * @returns `ceil(8 * bytes.length / 5)` characters of `a`–`z`, `2`–`7`
 */
export function encodeBase32(bytes: Uint8Array): string {
  let output = "";
  let buffer = 0;
  let bits = 0;
  for (const byte of bytes) {
    buffer = (buffer << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      bits -= 5;
      output += BASE32_ALPHABET[(buffer >> bits) & 31];
    }
    buffer &= (1 << bits) - 1;
  }
  if (bits > 0) output += BASE32_ALPHABET[(buffer << (5 - bits)) & 31];
  return output;
}

/**
 * Makes a new id: the prefix, `_`, and 26 base32 characters encoding 128 random bits.
 *
 * @param prefix - what kind of record the id names
 * @param randomBytes - the randomness source
 * @returns e.g. `camp_k5xq…`
 */
export function createId(prefix: IdPrefix, randomBytes: RandomBytes): string {
  return `${prefix}_${encodeBase32(randomBytes(ID_BYTES))}`;
}
