/** What a `WWW-Authenticate: Bearer` challenge says (RFC 6750 §3, RFC 9728 §5.1). */
export interface BearerChallenge {
  /** `invalid_token` when a token was sent and refused, `insufficient_scope` for a 403. */
  error?: "invalid_token" | "insufficient_scope";
  description?: string;
  /** The scopes the refused request needs. */
  scope?: readonly string[];
  /** The protected resource metadata document, in OAuth mode. */
  resourceMetadata?: string;
}

/**
 * The value of a `WWW-Authenticate` header for a bearer challenge.
 *
 * @param challenge - the parameters to send
 * @returns e.g. `Bearer error="invalid_token", resource_metadata="https://…"`
 */
export function bearerChallenge(challenge: BearerChallenge): string {
  const parameters: string[] = [];
  if (challenge.error) parameters.push(`error="${challenge.error}"`);
  if (challenge.description)
    parameters.push(`error_description="${quoted(challenge.description)}"`);
  if (challenge.scope?.length) parameters.push(`scope="${quoted(challenge.scope.join(" "))}"`);
  if (challenge.resourceMetadata) {
    parameters.push(`resource_metadata="${quoted(challenge.resourceMetadata)}"`);
  }
  return parameters.length === 0 ? "Bearer" : `Bearer ${parameters.join(", ")}`;
}

/** A quoted-string's content: backslash and double quote escaped (RFC 9110 §5.6.4). */
function quoted(text: string): string {
  return text.replace(/[\\"]/g, "\\$&");
}
