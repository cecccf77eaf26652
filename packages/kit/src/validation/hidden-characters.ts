/**
 * Characters that reorder the text around them (docs/contract.md §5.3, "Text a view shows"):
 * the Arabic letter mark, the left-to-right and right-to-left marks, the embeddings and
 * overrides, and the isolates. `Bob PC \u202Egnp.exe` reads as `Bob PC exe.png`.
 */
export const BIDI_CONTROL = /[\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/u;

/**
 * What a name or a subject refuses: control characters (Cc), format characters (Cf: the
 * bidirectional controls, zero-width spaces and joiners, word joiners, the byte order mark, the
 * soft hyphen, tag characters) and the line and paragraph separators (Zl, Zp).
 */
export const HIDDEN_CHARACTER = /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]/u;

/** A character that would make a text read unlike what it holds, and where it stands. */
export interface HiddenCharacter {
  /** The code point as the Unicode standard writes it: `U+202E`. */
  readonly codePoint: string;
  /** What it is, in words: `a bidirectional control`, `an invisible format character`, … */
  readonly kind: string;
  /** Its position in the text, counted in characters (code points) from 1. */
  readonly position: number;
}

/** The kind of a refused character, in words. */
function kindOf(character: string): string {
  if (BIDI_CONTROL.test(character)) return "a bidirectional control";
  if (/\p{Cc}/u.test(character)) return "a control character";
  if (/[\p{Zl}\p{Zp}]/u.test(character)) return "a line or paragraph separator";
  return "an invisible format character";
}

/**
 * The first character of a text that the given pattern refuses (the names' and subjects'
 * {@link HIDDEN_CHARACTER} unless told otherwise), described; the one place that decides what
 * hides in a name (docs/contract.md §5.3) and in a subject (docs/auth.md §1).
 *
 * @param text - the text to search
 * @param refused - a one-character pattern, without the global flag
 * @returns the first refused character, or `undefined` when there is none
 */
export function findHiddenCharacter(
  text: string,
  refused: RegExp = HIDDEN_CHARACTER,
): HiddenCharacter | undefined {
  const found = refused.exec(text);
  if (!found) return undefined;
  const character = found[0];
  const code = character.codePointAt(0) ?? 0;
  return {
    codePoint: `U+${code.toString(16).toUpperCase().padStart(4, "0")}`,
    kind: kindOf(character),
    position: [...text.slice(0, found.index)].length + 1,
  };
}

/**
 * A hidden character in words, for a refusal: `U+202E (a bidirectional control) at character 5`.
 *
 * @param hidden - what {@link findHiddenCharacter} found
 * @returns the description
 */
export function describeHiddenCharacter(hidden: HiddenCharacter): string {
  return `${hidden.codePoint} (${hidden.kind}) at character ${hidden.position}`;
}
