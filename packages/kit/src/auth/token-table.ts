import { readFileSync } from "node:fs";
import type { AuthInfo } from "@modelcontextprotocol/server";
import * as z from "zod";
import { describeHiddenCharacter, findHiddenCharacter } from "../validation/hidden-characters.js";
import type { TokenTableRow } from "./auth-settings.js";
import { type Authentication, type Authenticator, bearerCredentials } from "./authentication.js";
import { sameDigest, sha256 } from "./digest.js";
import { isScopeToken } from "./scopes.js";
import { isTableSubject, PROVIDER_SUBJECT_ESCAPE, RESERVED_SUBJECTS } from "./subject-namespace.js";

const RESERVED_LIST = RESERVED_SUBJECTS.join(" and ");

/**
 * A row's `sub` or `name` with a control, invisible format or bidirectional character would
 * show as someone it is not (`bob\u200B` looks like `bob`; docs/auth.md §1, "Subjects").
 */
function refuseHiddenCharacters(text: string, context: z.RefinementCtx): void {
  const hidden = findHiddenCharacter(text);
  if (hidden === undefined) return;
  context.addIssue({
    code: "custom",
    message: `contains ${describeHiddenCharacter(hidden)}: subjects and names must read as they are written`,
    input: text,
  });
}

const TokenTableSchema = z.strictObject({
  tokens: z
    .array(
      z.strictObject({
        sha256: z
          .string()
          .regex(/^[0-9a-fA-F]{64}$/, "must be the 64 hex digits of the token's SHA-256"),
        sub: z
          .string()
          .min(1)
          .max(256)
          .refine(
            isTableSubject,
            `is reserved: ${RESERVED_LIST} are the subjects of the other auth modes, and ${PROVIDER_SUBJECT_ESCAPE} begins identity providers' subjects`,
          )
          .superRefine(refuseHiddenCharacters),
        scopes: z.array(z.string().refine(isScopeToken, "must be a scope without spaces")),
        name: z.string().min(1).max(256).superRefine(refuseHiddenCharacters).optional(),
      }),
    )
    .min(1, "must list at least one token"),
});

/**
 * Reads a token table: `{"tokens":[{"sha256":"<hex>","sub":"alice","scopes":["campaign:read"]}]}`.
 *
 * @param file - the table's path
 * @returns its rows, digests in lower case
 * @throws Error naming the file and the first problem
 */
export function loadTokenTable(file: string): TokenTableRow[] {
  let json: unknown;
  try {
    json = JSON.parse(readFileSync(file, "utf8"));
  } catch (error) {
    const reason = error instanceof SyntaxError ? "is not JSON" : "cannot be read";
    throw new Error(`${file} ${reason}`);
  }
  const parsed = TokenTableSchema.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const where = issue?.path.length ? issue.path.join(".") : "the table";
    throw new Error(`${file}: ${where} ${issue?.message ?? "is not a token table"}`);
  }
  const rows = parsed.data.tokens.map((row) => ({ ...row, sha256: row.sha256.toLowerCase() }));
  const seen = new Set<string>();
  rows.forEach((row, index) => {
    if (seen.has(row.sha256)) throw new Error(`${file}: tokens.${index} repeats an earlier token`);
    seen.add(row.sha256);
  });
  return rows;
}

/**
 * Admits the holders of a token table. The given token is hashed and compared with every
 * row in constant time, without stopping at a match, so timing tells nothing about the rows.
 *
 * @param rows - the table
 * @returns the authenticator
 */
export function tokenTableAuthenticator(rows: readonly TokenTableRow[]): Authenticator {
  const digests = rows.map((row) => Buffer.from(row.sha256, "hex"));
  return {
    mode: "table",
    enforcesScopes: true,
    async authenticate(authorization): Promise<Authentication> {
      const token = bearerCredentials(authorization);
      if (token === undefined) return { kind: "missing" };
      const given = sha256(token);
      let found: TokenTableRow | undefined;
      digests.forEach((digest, index) => {
        if (sameDigest(given, digest) && found === undefined) found = rows[index];
      });
      if (!found) return { kind: "invalid", reason: "the token is not in the token table" };
      return { kind: "valid", authInfo: rowAuthInfo(token, found), subject: found.sub };
    },
  };
}

function rowAuthInfo(token: string, row: TokenTableRow): AuthInfo {
  const extra: Record<string, unknown> = { sub: row.sub };
  if (row.name !== undefined) extra.name = row.name;
  return { token, clientId: "", scopes: [...row.scopes], extra };
}
