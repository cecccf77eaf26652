import { ProtocolErrorCode } from "@modelcontextprotocol/server";
import { ProtocolError } from "./request-params.js";

/**
 * The most callers a gateway may subscribe to one URI over one connection, so that a shared
 * connection's subscriptions stay bounded as a session's are (docs/contract.md §7.8).
 */
export const MAX_SUBJECTS_PER_URI = 1_000;

/**
 * Which callers a gateway subscribed to each URI over one shared connection, when the server
 * takes its callers from the gateway (docs/gateway.md §4.5): each is told of a change on its own.
 */
export class SubjectSubscriptions {
  private readonly byUri = new Map<string, Set<string>>();

  /**
   * Records that `subject` wants updates of `uri`.
   *
   * @throws ProtocolError `-32602` when {@link MAX_SUBJECTS_PER_URI} callers already hold it
   */
  add(uri: string, subject: string): void {
    let subjects = this.byUri.get(uri);
    if (subjects && !subjects.has(subject) && subjects.size >= MAX_SUBJECTS_PER_URI) {
      throw new ProtocolError(
        ProtocolErrorCode.InvalidParams,
        `at most ${MAX_SUBJECTS_PER_URI.toLocaleString("en-US")} callers may be subscribed to one resource over one connection`,
        { max_subjects_per_uri: MAX_SUBJECTS_PER_URI },
      );
    }
    if (!subjects) {
      subjects = new Set();
      this.byUri.set(uri, subjects);
    }
    subjects.add(subject);
  }

  /**
   * Ends `subject`'s subscription to `uri`; an unknown one is ignored.
   *
   * @returns whether some caller still holds `uri`
   */
  remove(uri: string, subject: string): boolean {
    const subjects = this.byUri.get(uri);
    subjects?.delete(subject);
    if (subjects?.size !== 0) return subjects !== undefined;
    this.byUri.delete(uri);
    return false;
  }

  /** Forgets every caller's subscription to `uri`. */
  forget(uri: string): void {
    this.byUri.delete(uri);
  }

  /** The callers subscribed to `uri` now, in the order they subscribed. */
  of(uri: string): string[] {
    return [...(this.byUri.get(uri) ?? [])];
  }
}
