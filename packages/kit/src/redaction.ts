/** What a hidden value is replaced with. */
export const REDACTED = "***";

/**
 * Registered values shorter than this are ignored: a value of a few characters is found in
 * ordinary words and numbers, and hiding it there would garble every message.
 */
const MIN_SECRET_LENGTH = 6;

/** `scheme://userinfo@`: everything between `//` and `@` names the user and often the password. */
const URL_USERINFO = /\b([a-z][a-z0-9+.-]*:\/\/)[^\s/?#@"'<>]+@/gi;
/** `?name=value` and `&name=value`: query values carry API keys and signatures. */
const QUERY_VALUE = /([?&][^\s=&#?"'<>]+=)[^\s&#"'<>]+/g;
/** `Bearer credential`, wherever it appears (headers, error bodies that repeat them). */
const BEARER = /\b(bearer)\s+[A-Za-z0-9\-._~+/]+=*/gi;
/** An `Authorization` header's scheme and credential: `Authorization: Basic dXNl…`. */
const AUTHORIZATION_CREDENTIAL =
  /\b((?:proxy-)?authorization["']?\s*[:=]\s*["']?(?:bearer|basic|digest|negotiate|token)\s+)(?!\*\*\*)[^\s"',;]+/gi;
/**
 * An `Authorization` value without a scheme, where its form shows it is a value (JSON, quoted,
 * or `key=value`), not prose such as `Authorization: environment variable … is not set`.
 */
const AUTHORIZATION_VALUE =
  /\b((?:proxy-)?authorization(?:["']\s*:\s*["']|=["']?))(?!\*\*\*|(?:bearer|basic|digest|negotiate|token)\s)[^\s"',;&]+/gi;

/**
 * Hides secrets in text: values registered as secret (and their URL-encoded and JSON-escaped
 * forms), URL userinfo, URL query values and `Authorization`/`Bearer` credentials. Used on
 * every text that leaves a process for a client, a log, health or statistics.
 */
export class Redactor {
  private readonly secrets = new Set<string>();
  private registered: RegExp | undefined;

  /**
   * Registers a value never to be shown. Values shorter than {@link MIN_SECRET_LENGTH} are
   * ignored.
   *
   * @param value - the secret as the process holds it
   */
  register(value: string): void {
    if (value.length < MIN_SECRET_LENGTH) return;
    const forms = [value, encodeURIComponent(value), JSON.stringify(value).slice(1, -1)];
    let added = false;
    for (const form of forms) {
      if (this.secrets.has(form)) continue;
      this.secrets.add(form);
      added = true;
    }
    if (added) this.registered = undefined;
  }

  /**
   * The text with every secret replaced by `***`.
   *
   * @param text - any text about to be shown
   * @returns the same text, secrets hidden
   */
  redact(text: string): string {
    let result = text;
    const registered = this.registeredPattern();
    if (registered) result = result.replace(registered, REDACTED);
    return result
      .replace(URL_USERINFO, `$1${REDACTED}@`)
      .replace(QUERY_VALUE, `$1${REDACTED}`)
      .replace(AUTHORIZATION_CREDENTIAL, `$1${REDACTED}`)
      .replace(AUTHORIZATION_VALUE, `$1${REDACTED}`)
      .replace(BEARER, `$1 ${REDACTED}`);
  }

  /**
   * A copy of a JSON-like value with every string in it redacted (keys are kept).
   *
   * @param value - a string, array, plain object or other JSON value
   * @returns the redacted copy
   */
  redactDeep<Value>(value: Value): Value {
    if (typeof value === "string") return this.redact(value) as Value;
    if (Array.isArray(value)) return value.map((item) => this.redactDeep(item)) as Value;
    if (typeof value === "object" && value !== null) {
      const entries = Object.entries(value).map(([key, item]) => [key, this.redactDeep(item)]);
      return Object.fromEntries(entries) as Value;
    }
    return value;
  }

  private registeredPattern(): RegExp | undefined {
    if (this.secrets.size === 0) return undefined;
    if (!this.registered) {
      // Longest first, so a secret that contains another is hidden whole.
      const alternatives = [...this.secrets]
        .sort((a, b) => b.length - a.length)
        .map((secret) => secret.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"));
      this.registered = new RegExp(alternatives.join("|"), "g");
    }
    return this.registered;
  }
}

/**
 * The process's redactor: the kit's logger passes every line through it, and a process
 * registers here the secrets it learns (tokens, credentials from its configuration).
 */
export const processRedactor = new Redactor();

/**
 * Registers a secret with the process's redactor.
 * @param value - never to appear in a log line or a text sent to a client
 */
export function registerSecret(value: string): void {
  processRedactor.register(value);
}

/**
 * Redacts a text with the process's redactor.
 * @param text - any text about to leave the process
 * @returns the text with secrets replaced by `***`
 */
export function redact(text: string): string {
  return processRedactor.redact(text);
}
