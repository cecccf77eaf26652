const REFERENCE = /\$\$|\$\{([A-Za-z_][A-Za-z0-9_]*)(?::-([^}]*))?\}/g;

/** The outcome of expanding one string: the text, or the variables that were missing. */
export type Expansion = { ok: true; value: string } | { ok: false; missing: string[] };

/**
 * Expands `${NAME}` (an environment variable), `${NAME:-fallback}` (with a default) and `$$`
 * (a literal `$`) in a config value.
 *
 * @param text - the raw value from the config file
 * @param env - the gateway's environment
 * @returns the expanded text, or the names of unset variables without a default
 */
export function expandVariables(
  text: string,
  env: Readonly<Record<string, string | undefined>>,
): Expansion {
  const missing: string[] = [];
  const value = text.replace(REFERENCE, (match, name: string | undefined, fallback?: string) => {
    if (match === "$$") return "$";
    const found = env[name as string];
    if (found !== undefined) return found;
    if (fallback !== undefined) return fallback;
    missing.push(name as string);
    return "";
  });
  return missing.length === 0 ? { ok: true, value } : { ok: false, missing };
}
