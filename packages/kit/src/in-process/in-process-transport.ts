import type {
  JSONRPCMessage,
  MessageExtraInfo,
  Transport,
  TransportSendOptions,
} from "@modelcontextprotocol/server";

/**
 * The server's end of an in-process connection, through the SDK's public `Transport`
 * interface: what the server sends goes to `outgoing`, and what the connection delivers
 * reaches the server as a message off a wire would, without being serialized.
 */
export class InProcessTransport implements Transport {
  onmessage?: Transport["onmessage"];
  onclose?: () => void;
  onerror?: (error: Error) => void;
  private open = true;

  constructor(
    private readonly outgoing: (message: JSONRPCMessage) => void,
    private readonly closed: () => void,
  ) {}

  /** Whether messages still pass. */
  get isOpen(): boolean {
    return this.open;
  }

  async start(): Promise<void> {}

  async send(message: JSONRPCMessage, _options?: TransportSendOptions): Promise<void> {
    if (!this.open) throw new Error("Not connected");
    this.outgoing(message);
  }

  /**
   * Hands a message to the server; dropped once closed. `extra` reaches the server's handler
   * as an HTTP transport's would (`authInfo` becomes the handler's `extra.authInfo`).
   */
  deliver(message: JSONRPCMessage, extra?: MessageExtraInfo): void {
    if (this.open) this.onmessage?.(message, extra);
  }

  async close(): Promise<void> {
    if (!this.open) return;
    this.open = false;
    this.onclose?.();
    this.closed();
  }
}
