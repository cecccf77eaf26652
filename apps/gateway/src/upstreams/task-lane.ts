import {
  CLIENT_CAPABILITIES_META_KEY,
  CLIENT_INFO_META_KEY,
  type ClientCapabilities,
  type Implementation,
  type JSONRPCMessage,
  PROTOCOL_VERSION_META_KEY,
  ProtocolError,
  type Result,
  SdkError,
  SdkErrorCode,
  type Transport,
} from "@modelcontextprotocol/client";

/** The extension of the 2026-07-28 revision that lets a server answer with a task. */
export const TASKS_EXTENSION = "io.modelcontextprotocol/tasks";

/** The methods of the tasks extension, and the one request it may turn into a task. */
export const TASK_METHODS: ReadonlySet<string> = new Set([
  "tools/call",
  "tasks/get",
  "tasks/update",
  "tasks/cancel",
]);

/** What a lane request may be told: the SDK's names for a time limit and a cancel. */
export interface LaneOptions {
  timeout: number;
  signal?: AbortSignal;
}

type Answer = { result: Result } | { error: { code: number; message: string; data?: unknown } };

/**
 * The requests of the tasks extension on one 2026-07-28 connection (docs/gateway.md §7.7), sent
 * on the connection's transport beside its SDK client. The client declares the extension in
 * each request's envelope, and its answers come back as they are: the SDK client refuses a
 * `tools/call` answered with a task (`resultType: "task"`), which the gateway must pass on. Its
 * requests have string ids of their own, and their answers are taken off the transport before
 * the client sees them.
 */
export class TaskLane {
  private readonly waiting = new Map<string, (answer: Answer | Error) => void>();
  private next = 0;

  /**
   * @param transport - the connected transport, its `onmessage` set by the client
   * @param identity - who the connection says it is, and the era it speaks
   */
  constructor(
    private readonly transport: Transport,
    private readonly identity: {
      protocolVersion: string;
      clientInfo: Implementation;
      capabilities: ClientCapabilities;
    },
  ) {
    const deliver = transport.onmessage;
    transport.onmessage = (message, extra) => {
      if (!this.took(message)) deliver?.(message, extra);
    };
  }

  /**
   * Sends one request of the extension and returns its result as the upstream wrote it,
   * `resultType` included.
   * @throws ProtocolError with the upstream's error; SdkError on a timeout or a closed lane
   */
  async request(method: string, params: Record<string, unknown>, options: LaneOptions) {
    this.next += 1;
    const id = `tabletop-task-${this.next}`;
    const answer = this.answerOf(id, options);
    // It may fail while the send still runs (a time limit): it is awaited below.
    answer.catch(() => {});
    try {
      await this.transport.send({
        jsonrpc: "2.0",
        id,
        method,
        params: { ...params, _meta: { ...metaOf(params), ...this.envelope() } },
      });
    } catch (error) {
      this.waiting.get(id)?.(error instanceof Error ? error : new Error(String(error)));
    }
    const settled = await answer;
    if ("error" in settled) {
      const { code, message, data } = settled.error;
      throw new ProtocolError(code, message, data);
    }
    return settled.result;
  }

  /** The connection ended: every request still waiting fails. */
  close(): void {
    const closed = new SdkError(SdkErrorCode.ConnectionClosed, "Connection closed");
    for (const settle of [...this.waiting.values()]) settle(closed);
  }

  /** Takes the answer to one of the lane's requests; anything else is the client's. */
  private took(message: JSONRPCMessage): boolean {
    if ("method" in message || !("id" in message) || typeof message.id !== "string") return false;
    const settle = this.waiting.get(message.id);
    if (!settle) return false;
    settle(message as Answer);
    return true;
  }

  private answerOf(id: string, options: LaneOptions): Promise<Answer> {
    return new Promise<Answer>((resolve, reject) => {
      const onAbort = () =>
        done(new SdkError(SdkErrorCode.RequestTimeout, String(options.signal?.reason)));
      const timer = setTimeout(
        () => done(new SdkError(SdkErrorCode.RequestTimeout, "Request timed out")),
        options.timeout,
      );
      const done = (answer: Answer | Error) => {
        clearTimeout(timer);
        options.signal?.removeEventListener("abort", onAbort);
        this.waiting.delete(id);
        if (answer instanceof Error) reject(answer);
        else resolve(answer);
      };
      this.waiting.set(id, done);
      if (options.signal?.aborted) onAbort();
      else options.signal?.addEventListener("abort", onAbort, { once: true });
    });
  }

  /** The request envelope of the connection, with the tasks extension declared. */
  private envelope(): Record<string, unknown> {
    const { protocolVersion, clientInfo, capabilities } = this.identity;
    return {
      [PROTOCOL_VERSION_META_KEY]: protocolVersion,
      [CLIENT_INFO_META_KEY]: clientInfo,
      [CLIENT_CAPABILITIES_META_KEY]: {
        ...capabilities,
        extensions: { ...capabilities.extensions, [TASKS_EXTENSION]: {} },
      },
    };
  }
}

function metaOf(params: Record<string, unknown>): Record<string, unknown> {
  const meta = params._meta;
  return typeof meta === "object" && meta !== null && !Array.isArray(meta)
    ? (meta as Record<string, unknown>)
    : {};
}
