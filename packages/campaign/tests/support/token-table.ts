import { createHash, randomBytes } from "node:crypto";
import { writeFileSync } from "node:fs";
import { join } from "node:path";

/** Someone the token table admits: a subject, with the display name its token carries, if any. */
export interface TokenHolder {
  subject: string;
  name?: string;
}

/**
 * Writes a token table (`--auth-tokens`) admitting each holder with a fresh random token and
 * the campaign's read and write scopes; the file keeps only each token's SHA-256.
 *
 * @param directory - where to write `tokens.json`
 * @param holders - subjects, or subjects with names
 * @returns the file, and each subject's token
 */
export function writeTokenTable(
  directory: string,
  holders: readonly (string | TokenHolder)[],
): { file: string; tokens: Map<string, string> } {
  const tokens = new Map<string, string>();
  const rows = holders.map((holder) => {
    const { subject, name } = typeof holder === "string" ? { subject: holder } : holder;
    const token = randomBytes(24).toString("base64url");
    tokens.set(subject, token);
    const sha256 = createHash("sha256").update(token).digest("hex");
    return {
      sha256,
      sub: subject,
      scopes: ["campaign:read", "campaign:write"],
      ...(name === undefined ? {} : { name }),
    };
  });
  const file = join(directory, "tokens.json");
  writeFileSync(file, JSON.stringify({ tokens: rows }));
  return { file, tokens };
}
