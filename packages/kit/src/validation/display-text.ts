import type * as z from "zod";
import {
  describeHiddenCharacter,
  findHiddenCharacter,
  HIDDEN_CHARACTER,
} from "./hidden-characters.js";

/**
 * What free text refuses: the bidirectional controls, and control characters but for tab,
 * line feed and carriage return, which notes keep.
 */
const NOT_IN_TEXT =
  // biome-ignore lint/suspicious/noControlCharactersInRegex: the control characters are what is refused
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/u;

/** What a name accepts, said in every refusal of one. */
export const NAME_ACCEPTS =
  "names take letters, digits, punctuation, symbols and spaces, without control, invisible format or bidirectional characters";

/** What a subject accepts, said in every refusal of one. */
export const SUBJECT_ACCEPTS =
  "subjects take letters, digits, punctuation, symbols and spaces, without control, invisible format or bidirectional characters";

/** What free text accepts, said in every refusal of it. */
export const TEXT_ACCEPTS =
  "text takes any characters and line breaks and tabs, but no other control characters and no bidirectional controls";

/**
 * The issue of a text holding a character it refuses: which character, what it is, where, and
 * what is accepted (the first such character only, so that the answer stays small).
 */
function refusal(text: string, refused: RegExp, accepts: string): string | undefined {
  const hidden = findHiddenCharacter(text, refused);
  return hidden && `Contains ${describeHiddenCharacter(hidden)}; ${accepts}`;
}

function refusing<T extends z.ZodString>(schema: T, refused: RegExp, accepts: string): T {
  return schema.superRefine((text, context) => {
    const issue = refusal(text, refused, accepts);
    if (issue !== undefined) context.addIssue({ code: "custom", message: issue, input: text });
  });
}

/**
 * A human-readable name a client gives (a campaign's, a character's, a label): refuses control
 * characters, invisible format characters (bidirectional controls, zero-width characters, the
 * soft hyphen, the byte order mark, all of Unicode's category Cf) and line separators, so that
 * what a view or a model shows is what was typed (docs/contract.md §5.3). The invalid-parameters
 * answer names the parameter, the character and what names accept.
 *
 * @param schema - the string schema (its trimming and length bounds are kept)
 * @returns the same schema, refusing those characters
 */
export function displayName<T extends z.ZodString>(schema: T): T {
  return refusing(schema, HIDDEN_CHARACTER, NAME_ACCEPTS);
}

/**
 * Free text a client gives that a view shows (notes, descriptions, reasons): keeps line breaks
 * and tabs, joiners and other format characters that scripts and emoji need, and refuses other
 * control characters and the bidirectional controls, which could make shown text read unlike
 * what was stored (docs/contract.md §5.3).
 *
 * @param schema - the string schema (its trimming and length bounds are kept)
 * @returns the same schema, refusing those characters
 */
export function displayText<T extends z.ZodString>(schema: T): T {
  return refusing(schema, NOT_IN_TEXT, TEXT_ACCEPTS);
}

/**
 * A subject a client gives (the user a campaign seat belongs to): refuses what a name refuses,
 * since a subject that hides a character would stand for someone other than who it shows
 * (docs/auth.md §1, "Subjects"). The invalid-parameters answer names the parameter, the
 * character and what subjects accept.
 *
 * @param schema - the string schema (its length bounds are kept; subjects are never trimmed)
 * @returns the same schema, refusing those characters
 */
export function displaySubject<T extends z.ZodString>(schema: T): T {
  return refusing(schema, HIDDEN_CHARACTER, SUBJECT_ACCEPTS);
}
