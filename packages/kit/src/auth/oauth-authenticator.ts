import { findHiddenCharacter } from "../validation/hidden-characters.js";
import { type AccessTokenClaims, claimsAuthInfo } from "./access-token-claims.js";
import type { OAuthSettings } from "./auth-settings.js";
import { type Authentication, type Authenticator, bearerCredentials } from "./authentication.js";
import { createIntrospection, type IntrospectionOutcome } from "./introspection.js";
import { discoverIssuer } from "./issuer-metadata.js";
import { CLOCK_TOLERANCE_SECONDS, createJwtCheck, type JwtCheck } from "./jwt-verifier.js";
import { providerSubject } from "./subject-namespace.js";

/** After a failed discovery, requests are answered `unavailable` this long before retrying. */
const DISCOVERY_RETRY_MS = 5_000;

interface Checks {
  jwt?: JwtCheck;
  introspect?: (token: string) => Promise<IntrospectionOutcome>;
}

/** Why a token whose subject hides a character is refused; it never repeats the subject. */
export const HIDDEN_SUBJECT_REASON =
  "the token's subject contains an invisible or control character";

/** A compact JWS: three base64url parts. Anything else is an opaque token. */
const JWT_SHAPE = /^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]*\.[A-Za-z0-9_-]*$/;

/**
 * Admits holders of OAuth 2.1 access tokens issued for this resource. The issuer's metadata
 * is fetched on first use (only when a JWKS or introspection URL is not given), and fetched
 * again after a failure. JWTs are verified locally; opaque tokens go to introspection when it
 * is configured and are refused otherwise.
 *
 * @param settings - issuer, audience, JWKS and introspection
 * @param resource - the resource identifier (known once the server listens)
 * @returns the authenticator
 */
export function oauthAuthenticator(settings: OAuthSettings, resource: () => string): Authenticator {
  let checks: Promise<Checks> | undefined;
  let failedAt = Number.NEGATIVE_INFINITY;
  const loadChecks = (): Promise<Checks> => {
    if (checks) return checks;
    if (Date.now() - failedAt < DISCOVERY_RETRY_MS) {
      return Promise.reject(new Error("the authorization server's metadata is unavailable"));
    }
    checks = buildChecks(settings, () => settings.audience ?? resource());
    checks.catch(() => {
      checks = undefined;
      failedAt = Date.now();
    });
    return checks;
  };
  return {
    mode: "oauth",
    enforcesScopes: true,
    async authenticate(authorization): Promise<Authentication> {
      const token = bearerCredentials(authorization);
      if (token === undefined) return { kind: "missing" };
      let loaded: Checks;
      try {
        loaded = await loadChecks();
      } catch {
        return { kind: "unavailable", reason: "the authorization server could not be reached" };
      }
      if (JWT_SHAPE.test(token)) return checkJwt(token, loaded, resource());
      if (loaded.introspect) return checkOpaque(token, loaded.introspect, settings, resource());
      return { kind: "invalid", reason: "the token is not a JWT" };
    },
  };
}

async function buildChecks(settings: OAuthSettings, audience: () => string): Promise<Checks> {
  const needsMetadata =
    settings.jwksUrl === undefined ||
    (settings.introspection !== undefined && settings.introspection.url === undefined);
  const metadata = needsMetadata ? await discoverIssuer(settings.issuer) : undefined;
  const jwksUrl = settings.jwksUrl ?? metadata?.jwksUri;
  const introspectionUrl = settings.introspection?.url ?? metadata?.introspectionEndpoint;
  const checks: Checks = {};
  if (jwksUrl) checks.jwt = createJwtCheck({ issuer: settings.issuer, audience, jwksUrl });
  if (settings.introspection && introspectionUrl) {
    checks.introspect = createIntrospection({ ...settings.introspection, url: introspectionUrl });
  }
  if (!checks.jwt && !checks.introspect) {
    throw new Error(`the issuer ${settings.issuer} announces no JWKS and no introspection`);
  }
  return checks;
}

async function checkJwt(token: string, checks: Checks, resource: string): Promise<Authentication> {
  if (!checks.jwt) return { kind: "invalid", reason: "JWT access tokens are not accepted here" };
  const outcome = await checks.jwt(token);
  if ("reason" in outcome) {
    return outcome.unavailable
      ? { kind: "unavailable", reason: outcome.reason }
      : { kind: "invalid", reason: outcome.reason };
  }
  return admitted(token, outcome.payload, outcome.payload.sub, resource);
}

async function checkOpaque(
  token: string,
  introspect: (token: string) => Promise<IntrospectionOutcome>,
  settings: OAuthSettings,
  resource: string,
): Promise<Authentication> {
  const outcome = await introspect(token);
  if ("reason" in outcome) {
    return outcome.unavailable
      ? { kind: "unavailable", reason: outcome.reason }
      : { kind: "invalid", reason: outcome.reason };
  }
  const refusal = introspectedRefusal(outcome.claims, settings, settings.audience ?? resource);
  if (refusal) return { kind: "invalid", reason: refusal };
  // RFC 7662 makes `sub` optional: a client acting for itself (client credentials) is its client.
  const sub =
    typeof outcome.claims.sub === "string" ? outcome.claims.sub : outcome.claims.client_id;
  return admitted(token, outcome.claims, String(sub), resource);
}

/**
 * The holder of a checked token, as the servers know them (docs/auth.md §1, "Subjects"): a
 * subject that hides a control, invisible format or bidirectional character would show as
 * someone else (`bob\u200B` looks like `bob`), so the token is refused; any other subject is
 * mapped so that it is never a reserved one.
 */
function admitted(
  token: string,
  claims: AccessTokenClaims,
  subject: string,
  resource: string,
): Authentication {
  if (findHiddenCharacter(subject) !== undefined) {
    return { kind: "invalid", reason: HIDDEN_SUBJECT_REASON };
  }
  const mapped = { ...claims, sub: providerSubject(subject) };
  return { kind: "valid", authInfo: claimsAuthInfo(token, mapped, resource), subject: mapped.sub };
}

/** Introspection says a token is active; it must still be ours, for us, unexpired, and name someone. */
function introspectedRefusal(
  claims: AccessTokenClaims & { aud?: unknown; iss?: unknown },
  settings: OAuthSettings,
  audience: string,
): string | undefined {
  if (claims.iss !== undefined && claims.iss !== settings.issuer) {
    return "the token is from another issuer";
  }
  // RFC 8707: a token that does not name this resource may be meant for any other.
  const audiences = Array.isArray(claims.aud) ? claims.aud : [claims.aud];
  if (!audiences.includes(audience)) {
    return "the token is for another resource";
  }
  const now = Date.now() / 1000;
  if (typeof claims.exp === "number" && claims.exp + CLOCK_TOLERANCE_SECONDS < now) {
    return "the token has expired";
  }
  const named = [claims.sub, claims.client_id].some(
    (name) => typeof name === "string" && name !== "",
  );
  if (!named) return "the token names no subject and no client";
  return undefined;
}
