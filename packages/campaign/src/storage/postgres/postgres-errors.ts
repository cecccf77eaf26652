import { CampaignError } from "../../domain/campaign-error.js";
import { redactSecrets } from "../store-location.js";

/** Driver codes of a connection that could not be made or was lost. */
const CONNECTION_CODES = new Set([
  "CONNECTION_CLOSED",
  "CONNECTION_ENDED",
  "CONNECTION_DESTROYED",
  "CONNECT_TIMEOUT",
  "ECONNREFUSED",
  "ECONNRESET",
  "EPIPE",
  "ETIMEDOUT",
  "ENOTFOUND",
  "EAI_AGAIN",
  // PostgreSQL's own: shutting down, crashed, starting up.
  "57P01",
  "57P02",
  "57P03",
]);

/** PostgreSQL codes of a write that lost a race for a lock; retrying it is safe. */
const CONTENTION_CODES = new Set(["40001", "40P01", "55P03"]);

function codeOf(error: unknown): string {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === "string" ? code : "";
}

/**
 * Whether an error means that the database could not be reached or the connection dropped.
 *
 * @param error - anything the driver threw
 * @returns true for connection failures (class 08 included)
 */
export function isConnectionFailure(error: unknown): boolean {
  const code = codeOf(error);
  return CONNECTION_CODES.has(code) || code.startsWith("08");
}

/**
 * Turns what a write threw into what the caller should see. Domain failures pass through;
 * a lost connection or lock contention becomes a `FAILED_PRECONDITION` saying whether the
 * change may have been saved; any other driver error keeps its message, without secrets.
 *
 * @param error - what the transaction threw
 * @param committing - whether the transaction had reached its COMMIT
 * @param secrets - texts that must not appear in messages
 * @returns the error to throw
 */
export function writeFailure(
  error: unknown,
  committing: boolean,
  secrets: readonly string[],
): unknown {
  if (!(error instanceof Error) || error instanceof CampaignError) return error;
  if (isConnectionFailure(error)) {
    return committing
      ? new CampaignError(
          "FAILED_PRECONDITION",
          "storage connection lost while committing; the change may have been saved: read it back before retrying",
        )
      : new CampaignError("FAILED_PRECONDITION", "storage unavailable; retry");
  }
  if (CONTENTION_CODES.has(codeOf(error))) {
    return new CampaignError("FAILED_PRECONDITION", "storage busy; retry");
  }
  // Only the driver's errors carry a string code; the package's own (and the SDK's) pass through.
  if (codeOf(error) === "") return error;
  return new Error(redactSecrets(error.message, secrets));
}

/**
 * Turns what a read threw into what the caller should see (see {@link writeFailure}).
 *
 * @param error - what the read threw
 * @param secrets - texts that must not appear in messages
 * @returns the error to throw
 */
export function readFailure(error: unknown, secrets: readonly string[]): unknown {
  return writeFailure(error, false, secrets);
}
