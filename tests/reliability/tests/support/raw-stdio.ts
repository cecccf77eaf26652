/**
 * A server child process spoken to line by line, without an SDK client, so tests can send
 * what no client would.
 */
import { type ChildProcessWithoutNullStreams, spawn } from "node:child_process";
import { initializeRequest } from "@tabletop-mcp/kit/testing";
import type { ServerCommand } from "./servers.js";

/** A parsed line the server wrote to stdout. */
export type Message = Record<string, unknown>;

export class RawStdioServer {
  private buffer = "";
  private readonly received: Message[] = [];
  private readonly waiters: Array<() => void> = [];
  /** Lines on stdout that were not JSON (there must be none: stdout is the protocol's). */
  readonly strayLines: string[] = [];
  stderr = "";

  private constructor(readonly child: ChildProcessWithoutNullStreams) {
    child.stdout.setEncoding("utf8");
    child.stdout.on("data", (chunk: string) => this.onData(chunk));
    child.stderr.setEncoding("utf8");
    child.stderr.on("data", (chunk: string) => {
      this.stderr += chunk;
    });
  }

  /** Starts the command over stdio and performs the MCP handshake by hand. */
  static async start(server: ServerCommand): Promise<RawStdioServer> {
    const child = spawn(process.execPath, [server.entry, ...server.args], {
      env: { PATH: process.env.PATH ?? "", ...server.env },
      stdio: ["pipe", "pipe", "pipe"],
    });
    const raw = new RawStdioServer(child);
    const answer = await raw.request(initializeRequest("init", "raw-stdio"));
    if (!("result" in answer)) throw new Error(`initialize failed: ${JSON.stringify(answer)}`);
    raw.sendLine(JSON.stringify({ jsonrpc: "2.0", method: "notifications/initialized" }));
    return raw;
  }

  private onData(chunk: string): void {
    this.buffer += chunk;
    let newline = this.buffer.indexOf("\n");
    while (newline !== -1) {
      const line = this.buffer.slice(0, newline).replace(/\r$/, "");
      this.buffer = this.buffer.slice(newline + 1);
      if (line !== "") {
        try {
          this.received.push(JSON.parse(line) as Message);
        } catch {
          this.strayLines.push(line);
        }
      }
      newline = this.buffer.indexOf("\n");
    }
    for (const wake of this.waiters.splice(0)) wake();
  }

  /** Writes one raw line (a newline is added). */
  sendLine(line: string): void {
    this.child.stdin.write(`${line}\n`);
  }

  /** Messages received so far and not yet taken. */
  take(): Message[] {
    return this.received.splice(0);
  }

  /** Waits for a response with this id; other messages stay queued. */
  async waitForId(id: unknown, timeoutMs = 20_000): Promise<Message> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const index = this.received.findIndex((message) => message.id === id);
      if (index !== -1) return this.received.splice(index, 1)[0] as Message;
      const left = deadline - Date.now();
      if (left <= 0 || this.child.exitCode !== null) {
        throw new Error(`no response with id ${JSON.stringify(id)}; stderr: ${this.stderr}`);
      }
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, Math.min(left, 500));
        this.waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
  }

  /** Sends a request object and waits for its response. */
  async request(message: Message & { id: string | number }): Promise<Message> {
    this.sendLine(JSON.stringify(message));
    return this.waitForId(message.id);
  }

  /** Closes stdin and waits for the exit code. */
  async stop(): Promise<number | null> {
    if (this.child.exitCode !== null) return this.child.exitCode;
    const exited = new Promise<number | null>((resolve) => this.child.once("exit", resolve));
    this.child.stdin.end();
    const timer = setTimeout(() => this.child.kill("SIGKILL"), 15_000);
    const code = await exited;
    clearTimeout(timer);
    return code;
  }
}
