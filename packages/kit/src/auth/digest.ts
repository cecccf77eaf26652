import { createHash, timingSafeEqual } from "node:crypto";

/**
 * The SHA-256 of a text's UTF-8 bytes.
 *
 * @param text - a secret or a candidate for one
 * @returns the 32-byte digest
 */
export function sha256(text: string): Buffer {
  return createHash("sha256").update(text, "utf8").digest();
}

/**
 * Compares two digests in constant time. Digests of secrets have one length whatever the
 * secret's, so neither the comparison nor a length check tells how long a secret is.
 *
 * @returns `true` when they are equal
 */
export function sameDigest(a: Buffer, b: Buffer): boolean {
  return a.length === b.length && timingSafeEqual(a, b);
}
