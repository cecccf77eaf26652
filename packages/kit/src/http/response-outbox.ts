import type { ServerResponse } from "node:http";
import { isDroppableSseChunk } from "./sse-chunk.js";

/** How much a response may hold for a client that does not read, and for how long. */
export interface OutboxLimits {
  /** Bytes queued beyond the socket's own buffer before notifications are dropped. */
  bufferBytes: number;
  /** How long queued output may wait without the client reading any of it. */
  sendTimeoutMs: number;
}

/** Where an outbox tells what it did about a client that does not read. */
export interface OutboxReport {
  /** Notifications were dropped: after the first one (`final` false) and at the end (`true`). */
  dropped(count: number, bytes: number, final: boolean): void;
  /** The connection was destroyed; `reason` says why, for the log. */
  abandoned(reason: string): void;
}

type WriteCallback = (error?: Error | null) => void;

interface PendingWrite {
  chunk: string | Uint8Array;
  encoding: BufferEncoding | undefined;
  callback: WriteCallback | undefined;
  bytes: number;
  droppable?: boolean;
}

/**
 * Puts a bounded queue between a response and its socket. The SDK writes each SSE event as it
 * comes and, when the socket is full, keeps the rest in an unbounded stream queue: a client that
 * never reads grows the server without limit. With the outbox every write is accepted at once
 * (so nothing piles up before it), held here while the socket is full, and sent on `drain`.
 * Past `bufferBytes` the oldest queued notifications are dropped; if what is queued is still
 * too much (answers, which are never dropped), or nothing is read for `sendTimeoutMs`, the
 * connection is destroyed.
 */
export function boundResponse(
  response: ServerResponse,
  limits: OutboxLimits,
  report: OutboxReport,
): void {
  new ResponseOutbox(response, limits, report);
}

class ResponseOutbox {
  private readonly queue: PendingWrite[] = [];
  private queuedBytes = 0;
  private congested = false;
  private sendTimer: ReturnType<typeof setTimeout> | undefined;
  private pendingEnd: (() => void) | undefined;
  private droppedCount = 0;
  private droppedBytes = 0;
  private readonly socketWrite: ServerResponse["write"];
  private readonly socketEnd: ServerResponse["end"];

  constructor(
    private readonly response: ServerResponse,
    private readonly limits: OutboxLimits,
    private readonly report: OutboxReport,
  ) {
    this.socketWrite = response.write.bind(response);
    this.socketEnd = response.end.bind(response);
    response.write = ((chunk: string | Uint8Array, ...rest: unknown[]) =>
      this.accept(pendingWrite(chunk, rest))) as ServerResponse["write"];
    response.end = ((...args: unknown[]) => this.finish(args)) as ServerResponse["end"];
    response.on("drain", () => this.flush());
    response.once("close", () => this.closed());
  }

  private accept(write: PendingWrite): boolean {
    if (this.queue.length === 0 && !this.congested) {
      this.send(write);
      return true;
    }
    this.queue.push(write);
    this.queuedBytes += write.bytes;
    this.trim();
    return true;
  }

  private finish(args: unknown[]): ServerResponse {
    const callback = typeof args.at(-1) === "function" ? (args.pop() as WriteCallback) : undefined;
    const [chunk, encoding] = args as [string | Uint8Array | undefined, BufferEncoding | undefined];
    if (this.queue.length === 0) return this.socketEnd(chunk ?? "", encoding ?? "utf8", callback);
    if (chunk !== undefined) this.accept(pendingWrite(chunk, encoding ? [encoding] : []));
    this.pendingEnd = () => this.socketEnd(callback);
    return this.response;
  }

  private send(write: PendingWrite): void {
    const written = write.callback
      ? this.socketWrite(write.chunk, write.encoding ?? "utf8", write.callback)
      : this.socketWrite(write.chunk, write.encoding ?? "utf8");
    if (!written) {
      this.congested = true;
      this.armSendTimer();
    }
  }

  private flush(): void {
    this.congested = false;
    while (!this.congested) {
      const next = this.queue.shift();
      if (!next) break;
      this.queuedBytes -= next.bytes;
      this.send(next);
    }
    if (this.congested) return;
    clearTimeout(this.sendTimer);
    const end = this.pendingEnd;
    this.pendingEnd = undefined;
    end?.();
  }

  /** Drops the oldest notifications until the queue fits; gives up when only answers are left. */
  private trim(): void {
    let index = 0;
    while (this.queuedBytes > this.limits.bufferBytes) {
      const candidate = this.queue[index];
      if (!candidate) {
        this.abandon(`answers waiting for the client exceed ${this.limits.bufferBytes} bytes`);
        return;
      }
      candidate.droppable ??= isDroppableSseChunk(candidate.chunk);
      if (!candidate.droppable) {
        index++;
        continue;
      }
      this.queue.splice(index, 1);
      this.queuedBytes -= candidate.bytes;
      this.droppedCount++;
      this.droppedBytes += candidate.bytes;
      candidate.callback?.();
      if (this.droppedCount === 1) this.report.dropped(1, candidate.bytes, false);
    }
  }

  /** Restarted on every drain that leaves output waiting: the timeout is for no reading at all. */
  private armSendTimer(): void {
    clearTimeout(this.sendTimer);
    this.sendTimer = setTimeout(
      () => this.abandon(`the client read nothing for ${this.limits.sendTimeoutMs} ms`),
      this.limits.sendTimeoutMs,
    );
    this.sendTimer.unref();
  }

  private abandon(reason: string): void {
    if (this.response.destroyed) return;
    this.report.abandoned(reason);
    const waiting = this.queue.splice(0);
    this.queuedBytes = 0;
    this.pendingEnd = undefined;
    this.response.destroy();
    for (const write of waiting) write.callback?.(new Error(`connection dropped: ${reason}`));
  }

  private closed(): void {
    clearTimeout(this.sendTimer);
    if (this.droppedCount > 0) this.report.dropped(this.droppedCount, this.droppedBytes, true);
  }
}

function pendingWrite(chunk: string | Uint8Array, rest: unknown[]): PendingWrite {
  const [first, second] = rest;
  const encoding = typeof first === "string" ? (first as BufferEncoding) : undefined;
  const callback = (typeof first === "function" ? first : second) as WriteCallback | undefined;
  const bytes = typeof chunk === "string" ? Buffer.byteLength(chunk, encoding) : chunk.byteLength;
  return { chunk, encoding, callback, bytes };
}
