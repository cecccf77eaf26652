/** Whether a UTF-16 code unit is an ASCII letter, an ASCII digit or `_`. */
function isIdentifierUnit(unit: number): boolean {
  return (
    (unit >= 0x30 && unit <= 0x39) ||
    (unit >= 0x41 && unit <= 0x5a) ||
    (unit >= 0x61 && unit <= 0x7a) ||
    unit === 0x5f
  );
}

/**
 * The index just after the run of ASCII letters, digits and `_` that starts at `start` (equal to
 * `start` when there is none). A scan of the text in place: matching an expression against a
 * slice makes two objects per entity reference, and a world has thousands of them.
 */
export function identifierEnd(text: string, start: number): number {
  let end = start;
  while (end < text.length && isIdentifierUnit(text.charCodeAt(end))) end += 1;
  return end;
}
