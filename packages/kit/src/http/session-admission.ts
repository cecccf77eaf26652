import type { SessionOwner, SessionStore } from "./session-store.js";

/** The caps on live sessions. */
export interface AdmissionLimits {
  /** Live sessions of the whole process. */
  maxSessions: number;
  /** Live sessions of one client address, and of one subject when requests name one. */
  maxSessionsPerClient: number;
}

/** Why a new session was refused, and when trying again may help. */
export interface AdmissionRefusal {
  /** 503 when the process is full, 429 when this client holds its share. */
  status: 429 | 503;
  message: string;
  /** Seconds until a session in the way can expire: the `Retry-After` header. */
  retryAfterSeconds: number;
}

/**
 * Decides whether a client may open one more session. Sessions past their idle limit are
 * expired first, so a refusal never waits on the sweeper. The hint in `retryAfterSeconds` is
 * when the earliest of the sessions in the way expires if nothing uses it; when every one of
 * them holds a stream open, the unused-session idle limit stands in.
 * @returns `undefined` when the session may open
 */
export function admissionRefusal(
  sessions: SessionStore,
  owner: SessionOwner,
  limits: AdmissionLimits,
  now = Date.now(),
): AdmissionRefusal | undefined {
  const refusal = () => firstRefusal(sessions, owner, limits);
  if (!refusal()) return undefined;
  void sessions.expireIdle(now);
  const reason = refusal();
  if (!reason) return undefined;
  const expiry = sessions.nextExpiry(reason.inTheWay);
  const waitMs = expiry === undefined ? sessions.limits.unusedIdleMs : expiry - now;
  return {
    status: reason.status,
    message: reason.message,
    retryAfterSeconds: Math.max(1, Math.ceil(waitMs / 1000)),
  };
}

interface Reason {
  status: 429 | 503;
  message: string;
  inTheWay: Parameters<SessionStore["nextExpiry"]>[0];
}

function firstRefusal(
  sessions: SessionStore,
  owner: SessionOwner,
  limits: AdmissionLimits,
): Reason | undefined {
  const cap = limits.maxSessionsPerClient;
  if (sessions.countForAddress(owner.address) >= cap) {
    return {
      status: 429,
      message: `Too many live sessions from this address (${cap}); close one (DELETE /mcp) or retry later`,
      inTheWay: (session) => session.owner.address === owner.address,
    };
  }
  const subject = owner.subject;
  if (subject !== undefined && sessions.countForSubject(subject) >= cap) {
    return {
      status: 429,
      message: `Too many live sessions for this user (${cap}); close one (DELETE /mcp) or retry later`,
      inTheWay: (session) => session.owner.subject === subject,
    };
  }
  if (sessions.size >= limits.maxSessions) {
    return {
      status: 503,
      message: `Too many live sessions (${limits.maxSessions}); retry later`,
      inTheWay: () => true,
    };
  }
  return undefined;
}
