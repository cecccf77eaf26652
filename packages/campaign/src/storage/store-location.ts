const POSTGRES_URL = /^postgres(?:ql)?:\/\//i;
const MASK = "***";

/**
 * Whether a `--db` value names a PostgreSQL database: a libpq URL, `postgres://` or
 * `postgresql://`. Anything else is a SQLite file path (or `:memory:`).
 *
 * @param location - the `--db` value
 * @returns true for a PostgreSQL URL
 */
export function isPostgresUrl(location: string): boolean {
  return POSTGRES_URL.test(location);
}

/** Where the password of a URL sits: after `user:` and before the last `@` of the authority. */
function passwordSpan(location: string): { start: number; end: number } | undefined {
  if (!isPostgresUrl(location)) return undefined;
  const authorityStart = location.indexOf("//") + 2;
  const authorityEnd = location.slice(authorityStart).search(/[/?#]/);
  const authority =
    authorityEnd === -1
      ? location.slice(authorityStart)
      : location.slice(authorityStart, authorityStart + authorityEnd);
  const at = authority.lastIndexOf("@");
  const colon = authority.indexOf(":");
  if (at === -1 || colon === -1 || colon > at) return undefined;
  return { start: authorityStart + colon + 1, end: authorityStart + at };
}

/**
 * The location as it may be shown in logs, errors and printed configuration: a URL's password
 * replaced by `***`. File paths are shown as they are.
 *
 * @param location - the `--db` value
 * @returns the location without its password
 */
export function maskLocation(location: string): string {
  const span = passwordSpan(location);
  if (!span || span.start === span.end) return location;
  return `${location.slice(0, span.start)}${MASK}${location.slice(span.end)}`;
}

function decoded(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

/**
 * The secrets a database location brings: the URL's password (as written and decoded) and
 * `PGPASSWORD`, which the driver uses when the URL has none.
 *
 * @param location - the `--db` value
 * @param environment - the process environment
 * @returns the non-empty secrets
 */
export function locationSecrets(
  location: string,
  environment: Readonly<Record<string, string | undefined>>,
): string[] {
  const span = passwordSpan(location);
  const written = span ? location.slice(span.start, span.end) : "";
  const candidates = [written, decoded(written), environment.PGPASSWORD ?? ""];
  return [...new Set(candidates.filter((secret) => secret !== ""))];
}

/**
 * Replaces every occurrence of the secrets in a text (an error message, a log line) by `***`.
 *
 * @param text - the text to show
 * @param secrets - from {@link locationSecrets}
 * @returns the text without them
 */
export function redactSecrets(text: string, secrets: readonly string[]): string {
  let redacted = text;
  for (const secret of [...secrets].sort((a, b) => b.length - a.length)) {
    redacted = redacted.split(secret).join(MASK);
  }
  return redacted;
}
