import type { Server, Transport } from "@modelcontextprotocol/server";
import type { SessionGate } from "../runtime/session-gate.js";

/** Who opened a session: what the per-client caps count. */
export interface SessionOwner {
  readonly address: string;
  readonly subject?: string;
  /** The OAuth client the caller's token was issued to, for logs. */
  readonly clientId?: string;
}

/** One live MCP session over HTTP, of either transport. */
export interface HttpSession {
  readonly id: string;
  readonly kind: "streamable" | "sse";
  readonly server: Server;
  readonly transport: Transport;
  readonly gate: SessionGate;
  readonly owner: SessionOwner;
  lastSeen: number;
  /**
   * Whether the client has sent a request since `initialize` (or opened a stream). Until it
   * does, the session expires after the shorter unused-session idle limit.
   */
  used: boolean;
  /** Open long-lived responses (GET streams); a session with one is not idle. */
  openStreams: number;
}

/** How long sessions may stay idle. */
export interface IdleLimits {
  /** A session the client has used (contract: one hour). */
  idleMs: number;
  /** A session that has seen nothing but `initialize` (never longer than `idleMs`). */
  unusedIdleMs: number;
}

/** Live sessions by id, counted per owner, with idle expiry. */
export class SessionStore {
  private readonly sessions = new Map<string, HttpSession>();
  private readonly perAddress = new Map<string, number>();
  private readonly perSubject = new Map<string, number>();
  private sweeper: ReturnType<typeof setInterval> | undefined;

  constructor(readonly limits: IdleLimits) {}

  get size(): number {
    return this.sessions.size;
  }

  /** Live sessions opened from this address. */
  countForAddress(address: string): number {
    return this.perAddress.get(address) ?? 0;
  }

  /** Live sessions opened by this subject. */
  countForSubject(subject: string): number {
    return this.perSubject.get(subject) ?? 0;
  }

  add(session: HttpSession): void {
    this.sessions.set(session.id, session);
    adjust(this.perAddress, session.owner.address, 1);
    if (session.owner.subject !== undefined) adjust(this.perSubject, session.owner.subject, 1);
  }

  /** The session with this id, untouched; `undefined` when unknown or expired. */
  find(id: string): HttpSession | undefined {
    return this.sessions.get(id);
  }

  /** The session with this id, marked as just used; `undefined` when unknown or expired. */
  touch(id: string): HttpSession | undefined {
    const session = this.sessions.get(id);
    if (session) session.lastSeen = Date.now();
    return session;
  }

  /** Forgets a session without closing it (its transport already closed). */
  forget(id: string): void {
    const session = this.sessions.get(id);
    if (!session) return;
    this.sessions.delete(id);
    adjust(this.perAddress, session.owner.address, -1);
    if (session.owner.subject !== undefined) adjust(this.perSubject, session.owner.subject, -1);
  }

  /** Closes and forgets one session. */
  async close(id: string): Promise<void> {
    const session = this.sessions.get(id);
    if (!session) return;
    this.forget(id);
    session.gate.close();
    await session.server.close().catch(() => {});
  }

  /** When this session expires if nothing happens; `undefined` while it has a stream open. */
  expiresAt(session: HttpSession): number | undefined {
    if (session.openStreams > 0) return undefined;
    const { idleMs, unusedIdleMs } = this.limits;
    return session.lastSeen + (session.used ? idleMs : Math.min(idleMs, unusedIdleMs));
  }

  /**
   * The earliest time one of the sessions `matching` expires, for a `Retry-After` hint;
   * `undefined` when none of them can expire (each has a stream open).
   */
  nextExpiry(matching: (session: HttpSession) => boolean = () => true): number | undefined {
    let earliest: number | undefined;
    for (const session of this.sessions.values()) {
      const at = matching(session) ? this.expiresAt(session) : undefined;
      if (at !== undefined && (earliest === undefined || at < earliest)) earliest = at;
    }
    return earliest;
  }

  /**
   * Closes every session past its idle limit. They leave the store at once; their servers
   * finish closing when the returned promise settles.
   */
  expireIdle(now = Date.now()): Promise<number> {
    const expired = [...this.sessions.values()].filter((session) => {
      const at = this.expiresAt(session);
      return at !== undefined && at <= now;
    });
    return Promise.all(expired.map((session) => this.close(session.id))).then(() => expired.length);
  }

  /** Starts checking for idle sessions periodically (the timer never keeps the process alive). */
  startSweeping(): void {
    const shortest = Math.min(this.limits.idleMs, this.limits.unusedIdleMs);
    const every = Math.max(10, Math.min(60_000, Math.floor(shortest / 4)));
    this.sweeper = setInterval(() => void this.expireIdle(), every);
    this.sweeper.unref();
  }

  /** Stops the sweeper and closes every session. */
  async closeAll(): Promise<void> {
    if (this.sweeper) clearInterval(this.sweeper);
    await Promise.all([...this.sessions.keys()].map((id) => this.close(id)));
  }
}

function adjust(counts: Map<string, number>, key: string, by: number): void {
  const next = (counts.get(key) ?? 0) + by;
  if (next <= 0) counts.delete(key);
  else counts.set(key, next);
}
