import * as z from "zod";
import type { ConfigProblem } from "./types.js";

/**
 * How the gateway authenticates itself to an HTTP upstream with the OAuth client credentials
 * grant: its own client, never a client's token.
 */
export interface ClientCredentialsAuth {
  readonly type: "client_credentials";
  /** Where tokens are asked for: given, or the token endpoint of `issuer`'s metadata. */
  readonly tokenUrl: string | undefined;
  readonly issuer: string | undefined;
  readonly clientId: string;
  readonly clientSecret: string;
  readonly scope: string | undefined;
  /** The RFC 8707 resource the tokens are for; default: the upstream's URL. */
  readonly resource: string | undefined;
}

const httpUrl = z
  .string()
  .refine((text) => /^https?:\/\/[^\s]+$/.test(text), "must be an http:// or https:// URL");

const scopeToken = z.string().regex(/^[\x21\x23-\x5B\x5D-\x7E]+$/, "must be one scope, no spaces");

const AuthSchema = z
  .strictObject({
    type: z.literal("client_credentials"),
    token_url: httpUrl.optional(),
    issuer: httpUrl.optional(),
    client_id: z.string().min(1),
    client_secret: z.string().min(1),
    scope: z.string().optional(),
    resource: httpUrl.optional(),
  })
  .refine((auth) => (auth.token_url === undefined) !== (auth.issuer === undefined), {
    message: "needs exactly one of token_url and issuer",
  });

/**
 * Checks an entry's `scopes` (what a token needs to use anything of the upstream) and
 * `trusted` (whether it may learn the caller's subject).
 *
 * @param value - the entry
 * @param path - the entry's path, for problems
 * @param problems - where problems go
 * @returns the keys, defaults filled in
 */
export function checkScopeKeys(
  value: Record<string, unknown>,
  path: string,
  problems: ConfigProblem[],
): { scopes: readonly string[] | undefined; trusted: boolean } {
  const keys = { scopes: undefined as readonly string[] | undefined, trusted: false };
  const scopes = z.array(scopeToken).min(1).optional().safeParse(value.scopes);
  if (scopes.success) keys.scopes = scopes.data;
  else report(scopes.error, `${path}.scopes`, problems);
  const trusted = z.boolean().optional().safeParse(value.trusted);
  if (trusted.success) keys.trusted = trusted.data ?? false;
  else report(trusted.error, `${path}.trusted`, problems);
  return keys;
}

/**
 * Checks an HTTP entry's `auth`: the gateway's client credentials for the upstream.
 *
 * @param value - the `auth` value, `${NAME}` not yet expanded
 * @param path - its path, for problems
 * @param expand - expands `${NAME}` in a string
 * @param problems - where problems go
 * @returns the credentials, or `undefined` when absent or wrong
 */
export function checkClientCredentials(
  value: unknown,
  path: string,
  expand: (text: string, at: string) => string,
  problems: ConfigProblem[],
): ClientCredentialsAuth | undefined {
  if (value === undefined) return undefined;
  const auth = AuthSchema.safeParse(expandStrings(value, path, expand));
  if (!auth.success) {
    report(auth.error, path, problems);
    return undefined;
  }
  return {
    type: "client_credentials",
    tokenUrl: auth.data.token_url,
    issuer: auth.data.issuer,
    clientId: auth.data.client_id,
    clientSecret: auth.data.client_secret,
    scope: auth.data.scope,
    resource: auth.data.resource,
  };
}

function expandStrings(
  value: unknown,
  path: string,
  expand: (text: string, at: string) => string,
): unknown {
  if (typeof value !== "object" || value === null || Array.isArray(value)) return value;
  return Object.fromEntries(
    Object.entries(value).map(([key, item]) => [
      key,
      typeof item === "string" ? expand(item, `${path}.${key}`) : item,
    ]),
  );
}

function report(error: z.ZodError, path: string, problems: ConfigProblem[]): void {
  for (const issue of error.issues) {
    const where = [path, ...issue.path.map(String)].join(".");
    problems.push({ path: where, issue: issue.message });
  }
}
