import { boundText } from "../upstreams/bounded-text.js";
import type { UpstreamState } from "../upstreams/upstream.js";

/** How many state changes of each upstream are kept. */
export const STATE_HISTORY_LENGTH = 20;

/** One change of an upstream's state, as the status page lists it. */
export interface StateChange {
  /** When it happened, ISO 8601. */
  at: string;
  from: UpstreamState;
  to: UpstreamState;
  /** Why, for a change away from `ready` (redacted by the caller, held to the limit of §13). */
  error: string | null;
}

/**
 * The last {@link STATE_HISTORY_LENGTH} state changes of each upstream, oldest first. A
 * restart that took half a second is over before anyone looks; this keeps it visible.
 */
export class StateHistory {
  private readonly changes = new Map<string, StateChange[]>();

  /**
   * Records a change, dropping the oldest beyond the limit; its reason is held to the limit of
   * upstream text (docs/gateway.md §13), so the status page stays small whatever an upstream
   * wrote.
   * @param upstream - the upstream's name
   * @param change - what changed and when
   */
  record(upstream: string, change: StateChange): void {
    let list = this.changes.get(upstream);
    if (!list) {
      list = [];
      this.changes.set(upstream, list);
    }
    list.push(change.error === null ? change : { ...change, error: boundText(change.error) });
    if (list.length > STATE_HISTORY_LENGTH) list.splice(0, list.length - STATE_HISTORY_LENGTH);
  }

  /** The kept changes of one upstream, oldest first. */
  of(upstream: string): readonly StateChange[] {
    return this.changes.get(upstream) ?? [];
  }
}
