import { CampaignError } from "../../domain/campaign-error.js";
import { redactSecrets } from "../store-location.js";

/** Node's codes of a connection that could not be made or was lost. */
const SOCKET_CODES = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "EPIPE",
  "ETIMEDOUT",
  "ENOTFOUND",
  "EAI_AGAIN",
  "EHOSTUNREACH",
]);

/** PostgreSQL's codes of a server shutting down, crashed or starting up. */
const SERVER_GONE_CODES = new Set(["57P01", "57P02", "57P03"]);

/** PostgreSQL codes of a write that lost a race for a lock; retrying it is safe. */
const CONTENTION_CODES = new Set(["40001", "40P01", "55P03"]);

/** The pool's message when every connection stayed busy for as long as a call may wait. */
const POOL_EXHAUSTED_MESSAGE = "timeout exceeded when trying to connect";

/** The driver's messages for a connection it closed or could not open in time. */
const DRIVER_CONNECTION_MESSAGE =
  /^(Connection terminated|Client has encountered a connection error|timeout expired|Connection terminated due to connection timeout)/;

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
  if (!(error instanceof Error)) return false;
  const code = codeOf(error);
  return (
    SOCKET_CODES.has(code) ||
    SERVER_GONE_CODES.has(code) ||
    code.startsWith("08") ||
    (code === "" && DRIVER_CONNECTION_MESSAGE.test(error.message))
  );
}

/** Whether an error comes from the database or its driver rather than from this package. */
function fromDatabase(error: Error): boolean {
  return (
    codeOf(error) !== "" || isConnectionFailure(error) || error.message === POOL_EXHAUSTED_MESSAGE
  );
}

/**
 * Turns what a transaction threw into what the caller should see. The package's own failures
 * pass through; a lost connection or lock contention becomes a `FAILED_PRECONDITION` saying
 * whether the change may have been saved; any other database error keeps its message, without
 * secrets.
 *
 * @param error - what the transaction threw
 * @param committing - whether it was the COMMIT that failed
 * @param secrets - texts that must not appear in messages
 * @returns the error to throw
 */
export function storeFailure(
  error: unknown,
  committing: boolean,
  secrets: readonly string[],
): unknown {
  if (!(error instanceof Error) || error instanceof CampaignError || !fromDatabase(error)) {
    return error;
  }
  if (isConnectionFailure(error)) {
    return committing
      ? new CampaignError(
          "FAILED_PRECONDITION",
          "storage connection lost while committing; the change may have been saved: read it back before retrying",
        )
      : new CampaignError("FAILED_PRECONDITION", "storage unavailable; retry");
  }
  if (CONTENTION_CODES.has(codeOf(error)) || error.message === POOL_EXHAUSTED_MESSAGE) {
    return new CampaignError("FAILED_PRECONDITION", "storage busy; retry");
  }
  return new Error(redactSecrets(error.message, secrets));
}
