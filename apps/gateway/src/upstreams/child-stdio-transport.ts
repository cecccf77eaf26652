import { type ChildProcessWithoutNullStreams, spawn } from "node:child_process";
import type { JSONRPCMessage, Transport } from "@modelcontextprotocol/server";
import { escapeControlCharacters, type Logger, redact } from "@tabletop-mcp/kit";
import { LineSplitter } from "./line-splitter.js";
import { StderrLines } from "./stderr-lines.js";

/** The parts of the gateway's environment a child may see (docs/gateway.md §3.3). */
const SAFE_ENV_KEYS = ["PATH", "HOME", "USER", "LOGNAME", "SHELL", "TERM", "TMPDIR", "LANG"];
const STDERR_LINES = 50;
const TERM_AFTER_MS = 2000;
const KILL_AFTER_MS = 5000;

/** How to start one child. */
export interface ChildSpec {
  /** The server name, for log lines. */
  name: string;
  command: string;
  args: readonly string[];
  env: Readonly<Record<string, string>>;
  cwd: string | undefined;
  /** The longest stdout line accepted; a longer one stops the child (`max_line_bytes`). */
  maxLineBytes: number;
  logger: Logger;
}

/** Keeps the last lines a child wrote on stderr (each already cut to its limit). */
export class StderrRing {
  private readonly lines: string[] = [];

  push(line: string): void {
    this.lines.push(line);
    if (this.lines.length > STDERR_LINES) this.lines.shift();
  }

  get last(): string | undefined {
    return this.lines[this.lines.length - 1];
  }
}

/**
 * An MCP client transport over a child's stdin/stdout. Unlike the SDK's, it skips (and warns
 * about) stdout lines that are not JSON-RPC, keeps stderr in a ring of lines cut to their limit
 * (docs/gateway.md §13), starts the child in its own process group, and stops it by closing
 * stdin, then SIGTERM, then SIGKILL to the whole group.
 */
export class ChildStdioTransport implements Transport {
  onclose?: () => void;
  onerror?: (error: Error) => void;
  onmessage?: (message: JSONRPCMessage) => void;
  /** How the child ended, once it has: `exit code N` or `signal S`. */
  exitDescription: string | undefined;
  /** Why the gateway stopped the child, when it did so because of what the child wrote. */
  stoppedBecause: string | undefined;
  readonly stderr = new StderrRing();
  private child: ChildProcessWithoutNullStreams | undefined;
  private readonly lines: LineSplitter;
  private readonly stderrLines = new StderrLines();
  private exited: Promise<void> | undefined;

  constructor(private readonly spec: ChildSpec) {
    this.lines = new LineSplitter(spec.maxLineBytes);
  }

  /** The child's process id, once started. */
  get pid(): number | undefined {
    return this.child?.pid;
  }

  async start(): Promise<void> {
    const env: Record<string, string> = {};
    for (const key of SAFE_ENV_KEYS) {
      const value = process.env[key];
      if (value !== undefined) env[key] = value;
    }
    Object.assign(env, this.spec.env);
    const child = spawn(this.spec.command, [...this.spec.args], {
      env,
      ...(this.spec.cwd !== undefined ? { cwd: this.spec.cwd } : {}),
      stdio: ["pipe", "pipe", "pipe"],
      detached: true,
      windowsHide: true,
    });
    this.child = child;
    this.exited = new Promise((resolve) => child.once("close", () => resolve()));
    child.stdout.on("data", (chunk: Buffer) => this.receive(chunk));
    child.stderr.on("data", (chunk: Buffer) => this.stderrText(this.stderrLines.push(chunk)));
    child.stderr.once("end", () => this.stderrText(this.stderrLines.end()));
    child.stdin.on("error", () => {});
    child.once("exit", (code, signal) => {
      this.exitDescription = signal ? `signal ${signal}` : `exit code ${code}`;
    });
    child.once("close", () => this.onclose?.());
    await new Promise<void>((resolve, reject) => {
      child.once("spawn", () => resolve());
      child.once("error", (error) => reject(error));
    });
    child.on("error", (error) => this.onerror?.(error));
  }

  /** Keeps the child's stderr lines and echoes them, escaped, at `info` and `debug`. */
  private stderrText(lines: readonly string[]): void {
    const echo = this.spec.logger.level === "info" || this.spec.logger.level === "debug";
    for (const line of lines) {
      if (line === "") continue;
      this.stderr.push(line);
      if (echo) {
        process.stderr.write(`${escapeControlCharacters(`[${this.spec.name}] ${redact(line)}`)}\n`);
      }
    }
  }

  private receive(chunk: Buffer): void {
    if (this.stoppedBecause !== undefined) return;
    const { lines, tooLong } = this.lines.push(chunk);
    for (const line of lines) if (line.trim() !== "") this.deliver(line);
    if (tooLong) this.refuseLongLine();
  }

  /**
   * The child wrote a line past the limit: whatever it is, holding it would cost memory and
   * parsing it a core, so the child is stopped at once; its calls then fail and it restarts.
   */
  private refuseLongLine(): void {
    const limit = this.spec.maxLineBytes;
    this.stoppedBecause = `wrote a line of more than ${limit} bytes on stdout (the limit, max_line_bytes)`;
    this.spec.logger.warn(`upstream "${this.spec.name}" ${this.stoppedBecause}; stopping it`);
    this.child?.stdout.destroy();
    this.signalGroup("SIGTERM");
    const kill = setTimeout(() => this.signalGroup("SIGKILL"), KILL_AFTER_MS);
    void this.exited?.then(() => clearTimeout(kill));
  }

  private deliver(line: string): void {
    let message: unknown;
    try {
      message = JSON.parse(line);
    } catch {
      message = undefined;
    }
    if (
      typeof message !== "object" ||
      message === null ||
      (message as { jsonrpc?: unknown }).jsonrpc !== "2.0"
    ) {
      this.spec.logger.warn(
        `upstream "${this.spec.name}" wrote a non-JSON-RPC line on stdout; skipped`,
        {
          line: line.slice(0, 200),
        },
      );
      return;
    }
    this.onmessage?.(message as JSONRPCMessage);
  }

  send(message: JSONRPCMessage): Promise<void> {
    const child = this.child;
    if (!child || child.exitCode !== null || child.signalCode !== null || !child.stdin.writable) {
      return Promise.reject(new Error(`upstream "${this.spec.name}" is not running`));
    }
    child.stdin.write(`${JSON.stringify(message)}\n`);
    return Promise.resolve();
  }

  /** Closes stdin, then signals the process group: SIGTERM after 2 s, SIGKILL after 5 s more. */
  async close(): Promise<void> {
    const child = this.child;
    if (!child || !this.exited) return;
    if (child.exitCode === null && child.signalCode === null) {
      child.stdin.end();
      const term = setTimeout(() => this.signalGroup("SIGTERM"), TERM_AFTER_MS);
      const kill = setTimeout(() => this.signalGroup("SIGKILL"), TERM_AFTER_MS + KILL_AFTER_MS);
      await this.exited;
      clearTimeout(term);
      clearTimeout(kill);
    }
    await this.exited;
  }

  /** Stops the whole process group at once (the gateway is exiting). */
  signalGroup(signal: NodeJS.Signals): void {
    const pid = this.child?.pid;
    if (pid === undefined) return;
    try {
      process.kill(-pid, signal);
    } catch {
      this.child?.kill(signal);
    }
  }
}
