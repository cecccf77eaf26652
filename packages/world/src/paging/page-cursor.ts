import { createHash } from "node:crypto";

/** Bumped if the layout below changes, so that an old cursor reads as malformed. */
const FORMAT = 1;
const SCOPE_BYTES = 8;
const OFFSET_BYTES = 4;
const HEADER_BYTES = 1 + SCOPE_BYTES;

/**
 * What a cursor is tied to: the world's content and the question asked (tool and arguments
 * other than `limit` and `cursor`), digested. A cursor from another world version or another
 * question does not match it (docs/world.md §5.3).
 *
 * @param worldVersion - the snapshot's content digest
 * @param query - the tool's name and its canonical question
 * @returns the scope, 8 bytes
 */
export function cursorScope(worldVersion: string, query: string): Buffer {
  return createHash("sha256")
    .update(worldVersion)
    .update("\u0000")
    .update(query)
    .digest()
    .subarray(0, SCOPE_BYTES);
}

/**
 * The cursor of the page that starts at `offsets`: format, scope and one offset per collection,
 * base64url-encoded. Its length depends only on how many collections there are.
 *
 * @param scope - from {@link cursorScope}
 * @param offsets - where each collection's next page starts
 * @returns the opaque cursor
 */
export function encodeCursor(scope: Buffer, offsets: readonly number[]): string {
  const bytes = Buffer.alloc(HEADER_BYTES + OFFSET_BYTES * offsets.length);
  bytes.writeUInt8(FORMAT, 0);
  scope.copy(bytes, 1);
  offsets.forEach((offset, index) => {
    bytes.writeUInt32BE(offset, HEADER_BYTES + OFFSET_BYTES * index);
  });
  return bytes.toString("base64url");
}

/**
 * The length of every cursor of an answer with this many collections.
 *
 * @param collections - how many collections page
 * @returns the cursor's length in characters (all ASCII)
 */
export function cursorLength(collections: number): number {
  return Math.ceil(((HEADER_BYTES + OFFSET_BYTES * collections) * 4) / 3);
}

/**
 * Reads a cursor back. It must be exactly what {@link encodeCursor} makes for this scope, with
 * offsets inside the collections and at least one collection not yet finished.
 *
 * @param cursor - as the client sent it
 * @param scope - the scope of the question being asked now
 * @param lengths - each collection's whole length
 * @returns the offsets, or undefined for a malformed or foreign cursor
 */
export function decodeCursor(
  cursor: string,
  scope: Buffer,
  lengths: readonly number[],
): number[] | undefined {
  const bytes = Buffer.from(cursor, "base64url");
  if (bytes.toString("base64url") !== cursor) return undefined;
  if (bytes.length !== HEADER_BYTES + OFFSET_BYTES * lengths.length) return undefined;
  if (bytes.readUInt8(0) !== FORMAT || !bytes.subarray(1, HEADER_BYTES).equals(scope)) {
    return undefined;
  }
  const offsets = lengths.map((_, index) =>
    bytes.readUInt32BE(HEADER_BYTES + OFFSET_BYTES * index),
  );
  const inside = offsets.every((offset, index) => offset <= (lengths[index] ?? 0));
  const unfinished = offsets.some((offset, index) => offset < (lengths[index] ?? 0));
  return inside && unfinished ? offsets : undefined;
}
