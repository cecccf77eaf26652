import type { Server } from "@modelcontextprotocol/sdk/server/index.js";
import type { Transport } from "@modelcontextprotocol/sdk/shared/transport.js";
import type { SessionGate } from "../runtime/session-gate.js";

/** One live MCP session over HTTP, of either transport. */
export interface HttpSession {
  readonly id: string;
  readonly kind: "streamable" | "sse";
  readonly server: Server;
  readonly transport: Transport;
  readonly gate: SessionGate;
  lastSeen: number;
  /** Open long-lived responses (GET streams); a session with one is not idle. */
  openStreams: number;
}

/** Live sessions by id, with idle expiry and a cap. */
export class SessionStore {
  private readonly sessions = new Map<string, HttpSession>();
  private sweeper: ReturnType<typeof setInterval> | undefined;

  constructor(
    readonly idleMs: number,
    readonly maxSessions: number,
  ) {}

  get size(): number {
    return this.sessions.size;
  }

  get full(): boolean {
    return this.sessions.size >= this.maxSessions;
  }

  add(session: HttpSession): void {
    this.sessions.set(session.id, session);
  }

  /** The session with this id, marked as just used; `undefined` when unknown or expired. */
  touch(id: string): HttpSession | undefined {
    const session = this.sessions.get(id);
    if (session) session.lastSeen = Date.now();
    return session;
  }

  /** Forgets a session without closing it (its transport already closed). */
  forget(id: string): void {
    this.sessions.delete(id);
  }

  /** Closes and forgets one session. */
  async close(id: string): Promise<void> {
    const session = this.sessions.get(id);
    if (!session) return;
    this.sessions.delete(id);
    session.gate.close();
    await session.server.close().catch(() => {});
  }

  /** Closes every session whose last request is older than the idle limit. */
  async expireIdle(now = Date.now()): Promise<number> {
    const expired = [...this.sessions.values()].filter(
      (session) => session.openStreams === 0 && now - session.lastSeen >= this.idleMs,
    );
    await Promise.all(expired.map((session) => this.close(session.id)));
    return expired.length;
  }

  /** Starts checking for idle sessions periodically (the timer never keeps the process alive). */
  startSweeping(): void {
    const every = Math.max(10, Math.min(60_000, Math.floor(this.idleMs / 4)));
    this.sweeper = setInterval(() => void this.expireIdle(), every);
    this.sweeper.unref();
  }

  /** Stops the sweeper and closes every session. */
  async closeAll(): Promise<void> {
    if (this.sweeper) clearInterval(this.sweeper);
    await Promise.all([...this.sessions.keys()].map((id) => this.close(id)));
  }
}
