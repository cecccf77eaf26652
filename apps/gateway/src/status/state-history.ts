import type { UpstreamState } from "../upstreams/upstream.js";

/** How many state changes of each upstream are kept. */
export const STATE_HISTORY_LENGTH = 20;

/** One change of an upstream's state, as the status page lists it. */
export interface StateChange {
  /** When it happened, ISO 8601. */
  at: string;
  from: UpstreamState;
  to: UpstreamState;
  /** Why, for a change away from `ready` (redacted by the caller). */
  error: string | null;
}

/**
 * The last {@link STATE_HISTORY_LENGTH} state changes of each upstream, oldest first. A
 * restart that took half a second is over before anyone looks; this keeps it visible.
 */
export class StateHistory {
  private readonly changes = new Map<string, StateChange[]>();

  /**
   * Records a change, dropping the oldest beyond the limit.
   * @param upstream - the upstream's name
   * @param change - what changed and when
   */
  record(upstream: string, change: StateChange): void {
    let list = this.changes.get(upstream);
    if (!list) {
      list = [];
      this.changes.set(upstream, list);
    }
    list.push(change);
    if (list.length > STATE_HISTORY_LENGTH) list.splice(0, list.length - STATE_HISTORY_LENGTH);
  }

  /** The kept changes of one upstream, oldest first. */
  of(upstream: string): readonly StateChange[] {
    return this.changes.get(upstream) ?? [];
  }
}
