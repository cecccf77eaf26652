import * as z from "zod";
import { type Environment, expandedHttpUrl, expandedString, trueOrFalse } from "./field-schemas.js";

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

/** One OAuth scope: printable ASCII without spaces, quotes or backslashes (RFC 6749 §3.3). */
const scopeToken = z
  .string({ error: "must be a string" })
  .regex(/^[\x21\x23-\x5B\x5D-\x7E]+$/, { error: "must be one scope, no spaces" });

/**
 * The access keys every kind of entry takes: `scopes`, what a token needs to use anything of
 * the upstream, and `trusted`, whether it may learn the caller's subject.
 */
export const ACCESS_SHAPE = {
  scopes: z
    .array(scopeToken, { error: "must be an array of scopes" })
    .min(1, { error: "must name at least one scope" })
    .optional(),
  trusted: trueOrFalse.optional(),
};

/**
 * The schema of an HTTP entry's `auth`: the gateway's client credentials for the upstream,
 * each string `${NAME}`-expanded (the secret is meant to come from the environment).
 *
 * @param env - the environment `${NAME}` is expanded from
 */
export function clientCredentialsSchema(env: Environment) {
  const nonEmpty = "must be a non-empty string";
  const required = expandedString(env, nonEmpty).pipe(z.string().min(1, { error: nonEmpty }));
  return z
    .strictObject(
      {
        type: z.literal("client_credentials", {
          error: 'must be "client_credentials", the only grant the gateway uses',
        }),
        token_url: expandedHttpUrl(env).optional(),
        issuer: expandedHttpUrl(env).optional(),
        client_id: required,
        client_secret: required,
        scope: expandedString(env, "must be a string of space-separated scopes").optional(),
        resource: expandedHttpUrl(env).optional(),
      },
      {
        error: (issue) =>
          issue.code === "unrecognized_keys" ? "unknown key" : "must be an object",
      },
    )
    .refine((auth) => (auth.token_url === undefined) !== (auth.issuer === undefined), {
      error: "needs exactly one of token_url and issuer",
      // Told together with the problems of the other keys, once `auth` is an object at all.
      when: (payload) => typeof payload.value === "object" && payload.value !== null,
    })
    .transform(
      (auth): ClientCredentialsAuth => ({
        type: auth.type,
        tokenUrl: auth.token_url,
        issuer: auth.issuer,
        clientId: auth.client_id,
        clientSecret: auth.client_secret,
        scope: auth.scope,
        resource: auth.resource,
      }),
    );
}
