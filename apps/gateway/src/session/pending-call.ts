import { randomUUID } from "node:crypto";
import type { JSONRPCRequest, Result } from "@modelcontextprotocol/server";
import type { Upstream } from "../upstreams/upstream.js";

/** How long a call waits for the client to come back with answers: ten minutes. */
const ANSWER_WAIT_MS = 600_000;

/** The most calls of 2026-07-28 clients that wait for their client's answers at once. */
export const MAX_WAITING_CALLS = 1_000;

/** The most of them of one caller (or one stdio connection), so that no one takes them all. */
export const MAX_WAITING_CALLS_PER_CALLER = 16;

/** An upstream's request for the client, as the client is asked it in `inputRequests`. */
export interface InputRequest {
  method: string;
  params?: Record<string, unknown>;
}

/** Where a call stands: answered, failed, or waiting for the client's input. */
export type CallStep =
  | { kind: "done"; result: Result }
  | { kind: "failed"; error: unknown }
  | { kind: "ask"; requests: Record<string, InputRequest> };

interface Waiting extends InputRequest {
  resolve(result: Result): void;
  reject(error: unknown): void;
}

/**
 * A 2026-07-28 client's `tools/call` to an upstream of the 2025 revisions, held open across the
 * client's rounds (docs/gateway.md §7.6). Such an upstream asks for input with requests of its
 * own (elicitation, sampling, roots) while the call runs; a 2026-07-28 client can be asked only
 * by an `input_required` answer and answers on a retry. The call keeps running on the gateway
 * meanwhile: each request of the upstream waits here, keyed, until a retry brings the
 * client's answer, and the call's end (or its next request) answers the retry.
 */
export class PendingCall {
  readonly id = randomUUID();
  private readonly waiting = new Map<string, Waiting>();
  private readonly controller = new AbortController();
  private outcome: CallStep | undefined;
  private wake: (() => void) | undefined;
  private count = 0;
  private expiry: ReturnType<typeof setTimeout> | undefined;
  private ended = false;
  /** Whether the client was asked and has not come back yet. */
  awaitingClient = false;

  /**
   * @param upstream - where the call goes
   * @param owner - whose connection it goes on (a caller's links, or a session)
   * @param send - sends the call upstream under the signal given
   * @param ended - called once when the call is answered, fails, is cancelled or expires
   */
  constructor(
    readonly upstream: Upstream,
    readonly owner: unknown,
    send: (signal: AbortSignal) => Promise<Result>,
    private readonly ended_: (call: PendingCall) => void,
  ) {
    send(this.controller.signal).then(
      (result) => this.settle({ kind: "done", result }),
      (error: unknown) => this.settle({ kind: "failed", error }),
    );
  }

  /**
   * The upstream's request for the client: waits until a retry brings the client's answer.
   * @param request - the upstream's request
   * @param signal - aborts when the upstream cancels it
   */
  ask(request: JSONRPCRequest, signal: AbortSignal): Promise<Result> {
    if (this.outcome) return Promise.reject(new Error("the call has ended"));
    const key = `${request.method.replaceAll("/", "_")}_${++this.count}`;
    return new Promise<Result>((resolve, reject) => {
      const params = request.params as Record<string, unknown> | undefined;
      this.waiting.set(key, {
        method: request.method,
        ...(params ? { params } : {}),
        resolve,
        reject,
      });
      signal.addEventListener(
        "abort",
        () => {
          if (this.waiting.delete(key)) reject(signal.reason);
        },
        { once: true },
      );
      this.wake?.();
    });
  }

  /**
   * Waits until the call is answered or fails, or the upstream asks for input (every request
   * it makes at once is asked together). While the client is away answering, the call waits
   * at most ten minutes for it.
   * @param signal - the client's request that waits; aborting it cancels the call
   */
  async next(signal: AbortSignal): Promise<CallStep> {
    this.stopExpiry();
    this.awaitingClient = false;
    const cancel = () => this.end("cancelled by the client");
    signal.addEventListener("abort", cancel, { once: true });
    try {
      while (!this.outcome && this.waiting.size === 0) {
        await new Promise<void>((resolve) => {
          this.wake = resolve;
        });
        this.wake = undefined;
        // Requests made together are asked together.
        await new Promise((resolve) => setImmediate(resolve));
      }
    } finally {
      signal.removeEventListener("abort", cancel);
    }
    if (this.outcome) {
      this.finish();
      return this.outcome;
    }
    this.awaitingClient = true;
    this.expiry = setTimeout(() => this.end("the client did not answer in time"), ANSWER_WAIT_MS);
    this.expiry.unref?.();
    const requests: Record<string, InputRequest> = {};
    for (const [key, { method, params }] of this.waiting) {
      requests[key] = { method, ...(params ? { params } : {}) };
    }
    return { kind: "ask", requests };
  }

  /**
   * Gives the waiting requests of the upstream the client's answers.
   * @returns the keys the client left unanswered (nothing is given then)
   */
  answer(responses: Readonly<Record<string, unknown>>): string[] {
    const missing = [...this.waiting.keys()].filter((key) => !(key in responses));
    if (missing.length > 0) return missing;
    for (const [key, waiting] of this.waiting) waiting.resolve(responses[key] as Result);
    this.waiting.clear();
    return [];
  }

  /** Cancels the call upstream and refuses what waits (cancelled, expired, shutdown). */
  end(reason: string): void {
    if (this.ended) return;
    const error = new Error(reason);
    for (const waiting of this.waiting.values()) waiting.reject(error);
    this.waiting.clear();
    this.controller.abort(error);
    this.settle({ kind: "failed", error });
    this.finish();
  }

  /**
   * The call was answered or failed: what waits is refused, and the outcome is kept for the
   * client's next round (within the expiry), which ends the call.
   */
  private settle(step: CallStep): void {
    this.outcome ??= step;
    for (const waiting of this.waiting.values()) waiting.reject(new Error("the call has ended"));
    this.waiting.clear();
    this.wake?.();
  }

  /** Forgets the call: its outcome reached the client, or nobody will come for it. */
  private finish(): void {
    if (this.ended) return;
    this.ended = true;
    this.stopExpiry();
    this.ended_(this);
  }

  private stopExpiry(): void {
    if (this.expiry) clearTimeout(this.expiry);
    this.expiry = undefined;
  }
}

/** The calls held open across rounds, by id (docs/gateway.md §7.6). */
export class PendingCalls {
  private readonly calls = new Map<string, PendingCall>();

  /** Sends a call upstream, to be held open across rounds should the upstream ask. */
  start(
    upstream: Upstream,
    owner: unknown,
    send: (signal: AbortSignal) => Promise<Result>,
  ): PendingCall {
    const call = new PendingCall(upstream, owner, send, (ended) => this.calls.delete(ended.id));
    this.calls.set(call.id, call);
    return call;
  }

  /**
   * Whether `call` may wait for its client's answers: fewer than {@link MAX_WAITING_CALLS}
   * others wait, and fewer than {@link MAX_WAITING_CALLS_PER_CALLER} others of its owner's.
   */
  mayWait(call: PendingCall): boolean {
    let waiting = 0;
    let owned = 0;
    for (const other of this.calls.values()) {
      if (other === call || !other.awaitingClient) continue;
      waiting++;
      if (other.owner === call.owner) owned++;
    }
    return waiting < MAX_WAITING_CALLS && owned < MAX_WAITING_CALLS_PER_CALLER;
  }

  get(id: string): PendingCall | undefined {
    return this.calls.get(id);
  }

  /** The calls held open to `upstream` (on connections of `owner`, when given). */
  to(upstream: Upstream, owner?: unknown): PendingCall[] {
    return [...this.calls.values()].filter(
      (call) => call.upstream === upstream && (owner === undefined || call.owner === owner),
    );
  }

  /** Cancels every call (shutdown). */
  endAll(reason: string): void {
    for (const call of [...this.calls.values()]) call.end(reason);
  }
}
