import { emptyContext, type SessionContext } from "./domain/records.js";

/** At most this many callers' contexts are kept per MCP session (docs/campaign.md §3). */
export const MAX_CALLER_CONTEXTS = 1_000;

/**
 * The contexts of one MCP session, one per caller (docs/campaign.md §3). A session has one
 * caller, except behind a gateway that forwards each of its callers over one connection: then
 * each caller keeps its own context, so that one caller's `set_context` never becomes another's
 * default. Past {@link MAX_CALLER_CONTEXTS} callers, the one that set its context longest ago
 * is forgotten (its context reads as empty again).
 */
export class CallerContexts {
  private readonly bySubject = new Map<string, SessionContext>();
  private latest: string | undefined;

  /** The caller's context; empty when it never set one. */
  of(subject: string): SessionContext {
    return this.bySubject.get(subject) ?? emptyContext();
  }

  /**
   * Replaces the caller's context.
   *
   * @returns true when it changed
   */
  replace(subject: string, next: SessionContext): boolean {
    const current = this.of(subject);
    const changed =
      next.campaign_id !== current.campaign_id ||
      next.session_id !== current.session_id ||
      next.participant_id !== current.participant_id;
    this.bySubject.delete(subject);
    this.bySubject.set(subject, next);
    this.latest = subject;
    if (this.bySubject.size > MAX_CALLER_CONTEXTS) {
      const oldest = this.bySubject.keys().next().value;
      if (oldest !== undefined) this.bySubject.delete(oldest);
    }
    return changed;
  }

  /**
   * The context that was set last, with its caller: what a session kept in the store saves
   * (such a session has one caller).
   */
  lastSet(): { subject: string; context: SessionContext } | undefined {
    if (this.latest === undefined) return undefined;
    return { subject: this.latest, context: this.of(this.latest) };
  }
}
