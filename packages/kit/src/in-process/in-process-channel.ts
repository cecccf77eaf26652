import type {
  AuthInfo,
  JSONRPCErrorResponse,
  JSONRPCMessage,
  JSONRPCNotification,
  JSONRPCRequest,
  JSONRPCResultResponse,
  Notification,
  Progress,
  Request,
  RequestId,
  RequestMethod,
  RequestOptions,
  Result,
} from "@modelcontextprotocol/server";
import {
  ProtocolError,
  ProtocolErrorCode,
  SdkError,
  SdkErrorCode,
} from "@modelcontextprotocol/server";
import type { ServerRequestExtra } from "../tool-call-handler.js";
import type { DirectToolCalls } from "./direct-tool-calls.js";
import { InProcessTransport } from "./in-process-transport.js";

/** What the client side of an in-process connection does with what the server sends it. */
export interface InProcessHandlers {
  /** A notification the server sent (resource updates, list changes, logs); not progress. */
  notification?(notification: JSONRPCNotification): void;
  /**
   * A request from the server for the client (sampling, elicitation, roots); the signal
   * aborts when the server cancels it. Without a handler it is answered "Method not found".
   */
  request?(request: JSONRPCRequest, signal: AbortSignal): Promise<Result>;
  /** The connection ended, from either side. */
  closed?(): void;
}

/** How one request is sent. */
export interface InProcessRequestOptions {
  /** Aborting cancels the request: the server's handler sees its own signal abort. */
  signal?: AbortSignal;
  /** Asks the server for progress and receives it, in order, before the result. */
  onprogress?: (progress: Progress) => void;
  /**
   * Who the request is made for: the server's handler finds it as `extra.authInfo`, as when
   * an HTTP transport authenticated it. No token travels anywhere: it is handed over as is.
   */
  authInfo?: AuthInfo;
}

interface PendingRequest {
  settle(outcome: { result: Result } | { error: unknown }): void;
  onprogress: ((progress: Progress) => void) | undefined;
  /** Stops the server's handler of the request (it was cancelled, or the connection closed). */
  stop(reason: unknown): void;
}

/** One tool call to run in the server's own handler (see {@link DirectToolCalls}). */
interface DirectCall {
  direct: DirectToolCalls;
  id: RequestId;
  params: Request["params"];
  authInfo: AuthInfo | undefined;
}

/**
 * The client's side of an in-process connection: numbers requests, matches the server's
 * answers and progress to them, carries cancellations both ways and answers the server's own
 * requests with the handlers given.
 */
export class InProcessChannel {
  readonly transport: InProcessTransport;
  private readonly pending = new Map<RequestId, PendingRequest>();
  private readonly serverRequests = new Map<RequestId, AbortController>();
  private nextId = 0;

  constructor(
    private readonly handlers: InProcessHandlers,
    private readonly direct?: DirectToolCalls,
  ) {
    this.transport = new InProcessTransport(
      (message) => this.receive(message),
      () => this.ended(),
    );
  }

  /**
   * Sends a request to the server. A tool call run directly (see {@link DirectToolCalls})
   * runs under the caller's signal when there is one, so that no second signal is made per
   * call; closing the connection fails it at once all the same.
   * @throws McpError with the server's JSON-RPC error, or `ConnectionClosed`; the signal's
   *   reason when aborted
   */
  request(request: Request, options: InProcessRequestOptions = {}): Promise<Result> {
    const { signal, onprogress, authInfo } = options;
    if (!this.transport.isOpen) return Promise.reject(connectionClosed());
    if (signal?.aborted) return Promise.reject(signal.reason);
    const id = this.nextId++;
    const params = onprogress ? withProgressToken(request.params, id) : request.params;
    const direct = request.method === "tools/call" ? this.direct : undefined;
    if (!direct) {
      const answer = this.waitFor(id, signal, onprogress, (reason) => this.cancelSent(id, reason));
      const body = params === undefined ? {} : { params };
      const message = { jsonrpc: "2.0" as const, id, method: request.method, ...body };
      this.transport.deliver(message, authInfo ? { authInfo } : undefined);
      return answer;
    }
    const call: DirectCall = { direct, id, params, authInfo };
    if (signal) return this.callUnder(signal, call, onprogress);
    const own = new AbortController();
    const answer = this.waitFor(id, undefined, onprogress, (reason) => own.abort(reason));
    this.callDirectly(call, own.signal);
    return answer;
  }

  /**
   * A tool call run directly under the caller's own signal: the handler watches that signal
   * itself, so the answer waits for the handler and, once the signal has aborted, is its
   * reason. Listening to the signal as well would cost more than the call saves.
   */
  private callUnder(
    signal: AbortSignal,
    call: DirectCall,
    onprogress: PendingRequest["onprogress"],
  ): Promise<Result> {
    const answer = new Promise<Result>((resolve, reject) => {
      this.pending.set(call.id, {
        settle: (outcome) => {
          if (signal.aborted) reject(signal.reason);
          else if ("result" in outcome) resolve(outcome.result);
          else reject(outcome.error);
        },
        onprogress,
        stop: () => {},
      });
    });
    this.callDirectly(call, signal);
    return answer;
  }

  /** Registers a request as waiting for its answer; aborting `signal` cancels it. */
  private waitFor(
    id: RequestId,
    signal: AbortSignal | undefined,
    onprogress: PendingRequest["onprogress"],
    stop: PendingRequest["stop"],
  ): Promise<Result> {
    return new Promise<Result>((resolve, reject) => {
      const cancel = () => {
        if (!this.pending.delete(id)) return;
        stop(signal?.reason);
        reject(signal?.reason);
      };
      this.pending.set(id, {
        settle: (outcome) => {
          signal?.removeEventListener("abort", cancel);
          if ("result" in outcome) resolve(outcome.result);
          else reject(outcome.error);
        },
        onprogress,
        stop,
      });
      signal?.addEventListener("abort", cancel, { once: true });
    });
  }

  /** Tells the server a request it received through the transport is cancelled. */
  private cancelSent(id: RequestId, reason: unknown): void {
    this.notify({
      method: "notifications/cancelled",
      params: { requestId: id, reason: String(reason) },
    });
  }

  /**
   * Runs a `tools/call` in the server's own handler, with what a message through the
   * transport would have given it: the request's id, `_meta`, `authInfo` and a signal, and
   * notifications and requests that travel as part of the request.
   */
  private callDirectly({ direct, id, params, authInfo }: DirectCall, signal: AbortSignal): void {
    const notify = async (notification: Notification) => {
      if (!signal.aborted) this.notified({ jsonrpc: "2.0", ...notification });
    };
    const related = { relatedRequestId: id };
    const send = ((request: Request, options?: RequestOptions) =>
      direct.server.request(
        request as { method: RequestMethod; params?: Record<string, unknown> },
        { ...options, ...related },
      )) as ServerRequestExtra["mcpReq"]["send"];
    const extra: ServerRequestExtra = {
      mcpReq: {
        id,
        method: "tools/call",
        _meta: params?._meta,
        signal,
        requestState: () => undefined,
        notify,
        send,
        log: (level, data, logger) =>
          notify({ method: "notifications/message", params: { level, data, logger } }),
        elicitInput: (request, options) =>
          direct.server.elicitInput(request, { ...options, ...related }),
        requestSampling: (request, options) =>
          direct.server.createMessage(request, { ...options, ...related }),
      },
      ...(authInfo ? { http: { authInfo } } : {}),
    };
    let answer: Promise<Result>;
    try {
      answer = direct.handler(params ?? {}, extra);
    } catch (error) {
      answer = Promise.reject(error);
    }
    answer.then(
      (result) => this.answered({ jsonrpc: "2.0", id, result }),
      (error: unknown) => this.answered({ jsonrpc: "2.0", id, error: errorBody(error) }),
    );
  }

  /** Sends a notification to the server; dropped once closed. */
  notify(notification: Notification): void {
    this.transport.deliver({ jsonrpc: "2.0", ...notification });
  }

  private receive(message: JSONRPCMessage): void {
    if (!("method" in message)) this.answered(message);
    else if ("id" in message) void this.answer(message);
    else this.notified(message);
  }

  /** The server answered one of the client's requests (unless it is no longer waited for). */
  private answered(response: JSONRPCResultResponse | JSONRPCErrorResponse): void {
    const id = response.id;
    const pending = id === undefined ? undefined : this.pending.get(id);
    if (id === undefined || !pending) return;
    this.pending.delete(id);
    pending.settle("result" in response ? response : { error: errorOf(response) });
  }

  private notified(notification: JSONRPCNotification): void {
    const params = notification.params ?? {};
    if (notification.method === "notifications/progress") {
      const { progressToken, ...progress } = params;
      const pending = this.pending.get(progressToken as RequestId);
      pending?.onprogress?.(progress as Progress);
    } else if (notification.method === "notifications/cancelled") {
      this.serverRequests.get(params.requestId as RequestId)?.abort(params.reason);
    } else this.handlers.notification?.(notification);
  }

  /** Answers a request of the server's with the client's handler. */
  private async answer(request: JSONRPCRequest): Promise<void> {
    const controller = new AbortController();
    this.serverRequests.set(request.id, controller);
    const handle = this.handlers.request;
    let reply: JSONRPCMessage = { jsonrpc: "2.0", id: request.id, error: METHOD_NOT_FOUND };
    try {
      if (handle)
        reply = {
          jsonrpc: "2.0",
          id: request.id,
          result: await handle(request, controller.signal),
        };
    } catch (error) {
      reply = { jsonrpc: "2.0", id: request.id, error: errorBody(error) };
    } finally {
      this.serverRequests.delete(request.id);
    }
    if (!controller.signal.aborted) this.transport.deliver(reply);
  }

  /** The transport closed: whatever waits for the server fails, whatever it asked stops. */
  private ended(): void {
    const error = connectionClosed();
    for (const pending of this.pending.values()) {
      pending.stop(error);
      pending.settle({ error });
    }
    this.pending.clear();
    for (const controller of this.serverRequests.values()) controller.abort(error);
    this.serverRequests.clear();
    this.handlers.closed?.();
  }
}

/** The answer to a request the client has no handler for, as the SDK gives it. */
const METHOD_NOT_FOUND = { code: ProtocolErrorCode.MethodNotFound, message: "Method not found" };

function connectionClosed(): SdkError {
  return new SdkError(SdkErrorCode.ConnectionClosed, "Connection closed");
}

/** The request's params with `_meta.progressToken` set to the request's own id. */
function withProgressToken(params: Request["params"], id: RequestId): Request["params"] {
  return { ...params, _meta: { ...params?._meta, progressToken: id } };
}

/** The server's JSON-RPC error as the SDK's client would throw it. */
function errorOf(response: JSONRPCErrorResponse): ProtocolError {
  const { code, message, data } = response.error;
  return ProtocolError.fromError(code, message, data);
}

/** The JSON-RPC error of a failed client-side handler, as the SDK would answer it. */
function errorBody(error: unknown): JSONRPCErrorResponse["error"] {
  const { code, message, data } = error as { code?: unknown; message?: unknown; data?: unknown };
  return {
    code: Number.isSafeInteger(code) ? (code as number) : ProtocolErrorCode.InternalError,
    message: typeof message === "string" ? message : "Internal error",
    ...(data === undefined ? {} : { data }),
  };
}
