import { createHash, timingSafeEqual } from "node:crypto";
import { encodeBase32, type RandomBytes } from "./ids.js";

/** An invite can be claimed for seven days after it was made (docs/campaign.md §11.3). */
export const INVITE_LIFETIME_MS = 7 * 24 * 60 * 60 * 1000;

/** 160 random bits: more than the 128 an unguessable code needs. */
const CODE_BYTES = 20;

/** An invite code as typed: 32 base32 characters. */
export const INVITE_CODE_PATTERN = /^[a-z2-7]{32}$/;

/**
 * Makes a new invite code: 160 random bits as 32 lowercase base32 characters.
 *
 * @param randomBytes - the randomness source
 * @returns the code, shown once to the GM
 */
export function createInviteCode(randomBytes: RandomBytes): string {
  return encodeBase32(randomBytes(CODE_BYTES));
}

/**
 * The digest kept in place of a code. A plain SHA-256 suffices: the code is random, so there
 * is nothing to guess from the digest that would be quicker than guessing the code.
 *
 * @param code - an invite code
 * @returns its SHA-256 as lowercase hex
 */
export function inviteCodeDigest(code: string): string {
  return createHash("sha256").update(code, "utf8").digest("hex");
}

/**
 * Whether a code matches a stored digest, in time that does not depend on where they differ.
 *
 * @param code - the code a caller gave
 * @param storedDigest - the stored SHA-256, lowercase hex
 * @returns `true` when the code is the one the digest was made from
 */
export function matchesInviteCode(code: string, storedDigest: string): boolean {
  const given = Buffer.from(inviteCodeDigest(code), "hex");
  const stored = Buffer.from(storedDigest, "hex");
  return given.length === stored.length && timingSafeEqual(given, stored);
}

/**
 * When an invite made at `createdAt` stops working.
 *
 * @param createdAt - the invite's creation time
 * @returns seven days later
 */
export function inviteExpiry(createdAt: Date): Date {
  return new Date(createdAt.getTime() + INVITE_LIFETIME_MS);
}
