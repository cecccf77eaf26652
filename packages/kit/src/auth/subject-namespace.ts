/**
 * The subjects that belong to an auth mode rather than to a person: `local` (stdio, and HTTP
 * without auth) and `token` (the shared `--auth-token`). No token table row and no identity
 * provider may name them (docs/auth.md §1, "Subjects").
 */
export const RESERVED_SUBJECTS: readonly string[] = Object.freeze(["local", "token"]);

/** What an identity provider's subject is given when it would otherwise be reserved. */
export const PROVIDER_SUBJECT_ESCAPE = "oauth:";

/**
 * A subject an identity provider issued (an OAuth `sub`, or the client id of a token without
 * one), as the servers know it: unchanged, unless it is reserved or already starts with
 * {@link PROVIDER_SUBJECT_ESCAPE}, in which case the escape is put in front. The mapping is
 * one-to-one and never yields a reserved subject, so every existing ordinary subject keeps
 * what it owns.
 *
 * @param subject - the subject as the provider wrote it
 * @returns the subject the servers use
 */
export function providerSubject(subject: string): string {
  const escaped =
    RESERVED_SUBJECTS.includes(subject) || subject.startsWith(PROVIDER_SUBJECT_ESCAPE);
  return escaped ? `${PROVIDER_SUBJECT_ESCAPE}${subject}` : subject;
}

/**
 * Whether a token table row may name this subject: not a reserved one, and not one an
 * identity provider's subjects may be mapped to.
 *
 * @param subject - a row's `sub`
 * @returns `true` when the row may use it
 */
export function isTableSubject(subject: string): boolean {
  return !RESERVED_SUBJECTS.includes(subject) && !subject.startsWith(PROVIDER_SUBJECT_ESCAPE);
}
