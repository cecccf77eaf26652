import { InitializeResultSchema } from "@modelcontextprotocol/core";
import type {
  ClientCapabilities,
  Implementation,
  Notification,
  Request,
  Result,
  Server,
  ServerCapabilities,
} from "@modelcontextprotocol/server";
import { LATEST_PROTOCOL_VERSION } from "@modelcontextprotocol/server";
import type { DirectToolCalls } from "./direct-tool-calls.js";
import {
  InProcessChannel,
  type InProcessHandlers,
  type InProcessRequestOptions,
} from "./in-process-channel.js";

export type { InProcessHandlers, InProcessRequestOptions } from "./in-process-channel.js";

/** How the client of an in-process connection introduces itself in `initialize`. */
export interface InProcessClient {
  clientInfo: Implementation;
  capabilities: ClientCapabilities;
}

/**
 * A client's connection to a server in the same process: requests and notifications reach the
 * server's own handlers as messages delivered through its transport, so every check the SDK
 * and the kit make on a request runs as it would over stdio or HTTP, without serialization
 * or a second client object. Opened with a kit server's `directToolCalls`, its tool calls run
 * directly in the server's own call handler (see {@link DirectToolCalls}), sparing a message
 * round trip per call.
 */
export class InProcessConnection {
  private constructor(
    private readonly channel: InProcessChannel,
    /** The server's name and version, from its `initialize` answer. */
    readonly serverInfo: Implementation,
    /** What the server said it can do. */
    readonly serverCapabilities: ServerCapabilities,
    /** The server's instructions for the model, if any. */
    readonly instructions: string | undefined,
    /** The protocol revision the handshake agreed on. */
    readonly protocolVersion: string,
  ) {}

  /**
   * Connects a server that has no transport yet and performs the MCP handshake with it.
   *
   * @param server - an SDK server, e.g. from `createKitServer`, not yet connected
   * @param client - the client's info and capabilities, as the server is to see them
   * @param handlers - what to do with the server's notifications and requests
   * @param toolCalls - the server's fast path for `tools/call` (a kit server's
   *   `directToolCalls`); without it tool calls go through the transport like any request
   * @returns the connected, initialized connection
   * @throws Error when `toolCalls` belongs to another server; whatever the server answers
   *   `initialize` with
   */
  static async open(
    server: Server,
    client: InProcessClient,
    handlers: InProcessHandlers = {},
    toolCalls?: DirectToolCalls,
  ): Promise<InProcessConnection> {
    if (toolCalls && toolCalls.server !== server) {
      throw new Error("InProcessConnection.open: toolCalls belong to another server");
    }
    const channel = new InProcessChannel(handlers, toolCalls);
    await server.connect(channel.transport);
    try {
      const answer = await channel.request({
        method: "initialize",
        params: {
          protocolVersion: LATEST_PROTOCOL_VERSION,
          capabilities: client.capabilities,
          clientInfo: client.clientInfo,
        },
      });
      const parsed = InitializeResultSchema.parse(answer);
      const { serverInfo, capabilities, instructions, protocolVersion } = parsed;
      channel.notify({ method: "notifications/initialized" });
      return new InProcessConnection(
        channel,
        serverInfo,
        capabilities,
        instructions,
        protocolVersion,
      );
    } catch (error) {
      await channel.transport.close();
      throw error;
    }
  }

  /**
   * Sends a request and waits for the server's answer. The result is the server's, unchanged.
   *
   * @param request - method and params
   * @param options - a signal to cancel it, a progress callback, the caller's `authInfo`
   * @throws McpError with the server's JSON-RPC error, or `ConnectionClosed`; the signal's
   *   reason when aborted
   */
  request(request: Request, options?: InProcessRequestOptions): Promise<Result> {
    return this.channel.request(request, options);
  }

  /** Sends a notification; dropped once the connection is closed. */
  async notify(notification: Notification): Promise<void> {
    this.channel.notify(notification);
  }

  /** Closes the connection: the server's `onclose` runs, requests still waiting fail. */
  async close(): Promise<void> {
    await this.channel.transport.close();
  }
}
