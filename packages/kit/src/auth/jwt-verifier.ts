import { errors, type JWTPayload, jwtVerify } from "jose";
import { createRefreshingKeySet } from "./key-set.js";

/**
 * The asymmetric signature algorithms a token may use. `none` and the HMAC family are never
 * accepted: an HMAC "verified" with a public key proves nothing, since anyone holds that key.
 */
export const ASYMMETRIC_ALGORITHMS = [
  "RS256",
  "RS384",
  "RS512",
  "PS256",
  "PS384",
  "PS512",
  "ES256",
  "ES384",
  "ES512",
  "EdDSA",
  "Ed25519",
] as const;

/** Clock skew allowed on `exp` and `nbf`. */
export const CLOCK_TOLERANCE_SECONDS = 60;

/** The shortest time between two JWKS fetches caused by tokens with an unknown `kid`. */
export const JWKS_REFRESH_COOLDOWN_MS = 30_000;

/** How long fetched keys are used before they are fetched again. */
export const JWKS_MAX_AGE_MS = 600_000;

/** What a JWT must be to be accepted. */
export interface JwtExpectations {
  readonly issuer: string;
  /** The audience the token's `aud` must contain (read per token: it is known after listen). */
  readonly audience: () => string;
  readonly jwksUrl: string;
}

/** What became of one JWT: its claims, or why it was refused or could not be checked. */
export type JwtOutcome =
  | { readonly payload: JWTPayload & { sub: string } }
  | { readonly reason: string; readonly unavailable: boolean };

/** Checks one JWT. */
export type JwtCheck = (token: string) => Promise<JwtOutcome>;

/**
 * Builds the check of JWT access tokens: signature by a key of the issuer's JWKS (fetched
 * once, cached, fetched again for an unknown `kid` at most once per 30 s), `iss`, `aud`,
 * `exp` required and in the future, `nbf` past, both with 60 s of skew, and a `sub`.
 *
 * @param expectations - issuer, audience and JWKS URL
 * @returns the check
 */
export function createJwtCheck(expectations: JwtExpectations): JwtCheck {
  const keys = createRefreshingKeySet(expectations.jwksUrl, {
    unknownKidCooldownMs: JWKS_REFRESH_COOLDOWN_MS,
    maxAgeMs: JWKS_MAX_AGE_MS,
  });
  return async (token) => {
    try {
      const { payload } = await jwtVerify(token, keys, {
        issuer: expectations.issuer,
        audience: expectations.audience(),
        algorithms: [...ASYMMETRIC_ALGORITHMS],
        clockTolerance: CLOCK_TOLERANCE_SECONDS,
        requiredClaims: ["exp", "sub"],
      });
      if (typeof payload.sub !== "string" || payload.sub === "") {
        return { reason: "the token names no subject", unavailable: false };
      }
      return { payload: payload as JWTPayload & { sub: string } };
    } catch (error) {
      return { reason: rejectionReason(error), unavailable: keysUnavailable(error) };
    }
  };
}

/**
 * Whether the keys could not be had at all (the JWKS endpoint is down or answers nonsense):
 * the token may be fine, and the caller should hear that the server, not the token, failed.
 */
function keysUnavailable(error: unknown): boolean {
  if (error instanceof errors.JWKSTimeout || error instanceof errors.JWKSInvalid) return true;
  if (!(error instanceof errors.JOSEError)) return true;
  return error.constructor === errors.JOSEError;
}

/** A short reason for a refused JWT, for logs and `error_description`; never the token. */
function rejectionReason(error: unknown): string {
  if (error instanceof errors.JWTExpired) return "the token has expired";
  if (error instanceof errors.JWTClaimValidationFailed) {
    if (error.claim === "nbf") return "the token is not valid yet";
    if (error.claim === "aud") return "the token is for another resource";
    if (error.claim === "iss") return "the token is from another issuer";
    return `the token's ${error.claim} claim is not acceptable`;
  }
  if (error instanceof errors.JOSEAlgNotAllowed) return "the token's algorithm is not accepted";
  if (error instanceof errors.JWKSNoMatchingKey) return "no key of the issuer matches the token";
  if (error instanceof errors.JWSSignatureVerificationFailed) {
    return "the token's signature is not valid";
  }
  if (keysUnavailable(error)) return "the issuer's keys could not be fetched";
  return "the token is not a valid JWT";
}
