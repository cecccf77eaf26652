/**
 * Helpers for testing the built `tabletop-gateway` command from outside: config files in temp
 * folders, the gateway and the fixture as child processes, SDK clients over stdio and HTTP,
 * `/mcp/health`, and cleanup that leaves no process behind.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import {
  type CallToolResult,
  Client,
  type JSONRPCMessage,
  type Notification,
  StreamableHTTPClientTransport,
  type Transport,
} from "@modelcontextprotocol/client";
import { StdioClientTransport } from "@modelcontextprotocol/client/stdio";
import { type ClientEra, clientOptions } from "@tabletop-mcp/kit/testing";

/** The built gateway command. */
export const GATEWAY_ENTRY = fileURLToPath(new URL("../../dist/cli.js", import.meta.url));
/** The fixture upstream (plain JavaScript, no build). */
export const FIXTURE_ENTRY = fileURLToPath(
  new URL("../fixtures/fixture-server.mjs", import.meta.url),
);
/** The upstream that serves only the 2026-07-28 revision, over HTTP. */
export const MODERN_FIXTURE_ENTRY = fileURLToPath(
  new URL("../fixtures/modern-server.mjs", import.meta.url),
);

/** The pattern every exposed tool name must match (docs/gateway.md §5.1). */
export const CLIENT_SAFE_NAME = /^[a-zA-Z0-9_-]{1,64}$/;

const children = new Set<ChildProcess>();
const extraPids = new Set<number>();
const folders = new Set<string>();
const closers = new Set<() => Promise<void>>();

function childEnvironment(env: Record<string, string> = {}): Record<string, string> {
  return { PATH: process.env.PATH ?? "", HOME: process.env.HOME ?? tmpdir(), ...env };
}

/** Whether a process with this id still runs (a zombie counts as gone). */
export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch {
    return false;
  }
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    return stat.slice(stat.lastIndexOf(")") + 2, stat.lastIndexOf(")") + 3) !== "Z";
  } catch {
    return true;
  }
}

/** The ids of the live processes whose parent is `pid` (read from Linux's /proc). */
export function childPidsOf(pid: number): number[] {
  const found: number[] = [];
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, "utf8");
      // Fields after the parenthesised command name: state, then the parent's pid.
      const [state, parent] = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      if (Number(parent) === pid && state !== "Z") found.push(Number(entry));
    } catch {
      // the process ended while we looked
    }
  }
  return found;
}

/** Kills this pid at cleanup if it is still alive (fixture pids learnt from `_record`). */
export function trackPid(pid: number): void {
  extraPids.add(pid);
}

/** Closes every client, kills every process and removes every folder these helpers made. */
export async function cleanupAll(): Promise<void> {
  for (const close of closers) await close().catch(() => {});
  closers.clear();
  for (const child of children) {
    if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
  }
  children.clear();
  for (const pid of extraPids) {
    if (isAlive(pid)) {
      try {
        process.kill(pid, "SIGKILL");
      } catch {
        // already gone
      }
    }
  }
  extraPids.clear();
  for (const folder of folders) rmSync(folder, { recursive: true, force: true });
  folders.clear();
}

/** A fresh temp folder, removed at cleanup. */
export function tempFolder(): string {
  const folder = mkdtempSync(join(tmpdir(), "gateway-test-"));
  folders.add(folder);
  return folder;
}

/** Writes `config` as JSON into a fresh temp folder and returns the file's path. */
export function writeConfig(config: unknown, folder = tempFolder()): string {
  const path = join(folder, "gateway.json");
  writeFileSync(path, JSON.stringify(config, null, 2));
  return path;
}

/** A config entry running the fixture over stdio with these flags, plus gateway keys. */
export function fixtureStdio(
  flags: readonly string[] = [],
  keys: Record<string, unknown> = {},
): Record<string, unknown> {
  return { command: process.execPath, args: [FIXTURE_ENTRY, ...flags], ...keys };
}

/** Resolves when `predicate` returns true, polling; rejects with `what` after `timeoutMs`. */
export async function waitFor(
  predicate: () => boolean | Promise<boolean>,
  what: string,
  timeoutMs = 10_000,
  intervalMs = 50,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await predicate()) return;
    await sleep(intervalMs);
  }
  throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
}

export function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/** A child process serving HTTP, with its stderr kept. */
export interface HttpChild {
  url: string;
  /** `http://127.0.0.1:PORT` */
  origin: string;
  port: number;
  child: ChildProcess;
  stderr(): string;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** Sends the signal (SIGTERM by default) and waits for the exit. */
  stop(signal?: NodeJS.Signals): Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

function spawnListening(entry: string, args: readonly string[], env = {}): Promise<HttpChild> {
  const child = spawn(process.execPath, [entry, ...args], {
    env: childEnvironment(env),
    stdio: ["ignore", "ignore", "pipe"],
  });
  children.add(child);
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once("exit", (code, signal) => resolve({ code, signal })),
  );
  let stderr = "";
  child.stderr?.setEncoding("utf8");
  child.stderr?.on("data", (chunk: string) => {
    stderr += chunk;
  });
  const stop = async (signal: NodeJS.Signals = "SIGTERM") => {
    if (child.exitCode === null && child.signalCode === null) child.kill(signal);
    return exited;
  };
  return new Promise((resolve, reject) => {
    const onData = () => {
      const match = /listening on (http:\/\/([^/\s]+)\/mcp)/.exec(stderr);
      if (!match?.[1] || !match[2]) return;
      child.stderr?.off("data", onData);
      const url = match[1];
      const origin = `http://${match[2]}`;
      const port = Number(new URL(url).port);
      resolve({ url, origin, port, child, stderr: () => stderr, exited, stop });
    };
    child.stderr?.on("data", onData);
    exited.then(({ code, signal }) =>
      reject(new Error(`${entry} exited (${code ?? signal}) before listening: ${stderr}`)),
    );
  });
}

/** Starts the gateway over HTTP on a free port with these extra flags. */
export function startGatewayHttp(args: readonly string[] = [], env = {}): Promise<HttpChild> {
  return spawnListening(GATEWAY_ENTRY, ["--transport", "http", "--port", "0", ...args], env);
}

/** Starts the fixture over HTTP (on `port`, or a free one) with these extra flags. */
export function startFixtureHttpProcess(
  flags: readonly string[] = [],
  port = 0,
): Promise<HttpChild> {
  return spawnListening(FIXTURE_ENTRY, ["--transport", "http", "--port", String(port), ...flags]);
}

/** Starts the 2026-07-28-only fixture over HTTP (on `port`, or a free one) with these flags. */
export function startModernFixture(flags: readonly string[] = [], port = 0): Promise<HttpChild> {
  return spawnListening(MODERN_FIXTURE_ENTRY, ["--port", String(port), ...flags]);
}

/** What the 2026-07-28-only fixture answers on `GET /record`. */
export interface ModernRecord {
  pid: number;
  name: string;
  /** How many requests and notifications of each method reached it. */
  methods: Record<string, number>;
  /** The `_meta` of the last `tools/call`, `resources/read` and `prompts/get` on the wire. */
  meta: Record<string, Record<string, unknown> | undefined>;
}

/** Reads the 2026-07-28-only fixture's record directly, not through the gateway. */
export async function modernRecord(fixture: HttpChild): Promise<ModernRecord> {
  const response = await fetch(`${fixture.origin}/record`);
  return (await response.json()) as ModernRecord;
}

/** Runs the gateway to completion (stdin closed) and returns its exit code and output. */
export function runGateway(
  args: readonly string[],
  timeoutMs = 45_000,
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const child = spawn(process.execPath, [GATEWAY_ENTRY, ...args], {
    env: childEnvironment(),
    stdio: ["pipe", "pipe", "pipe"],
  });
  children.add(child);
  child.stdin?.end();
  let stdout = "";
  let stderr = "";
  child.stdout?.setEncoding("utf8").on("data", (chunk: string) => {
    stdout += chunk;
  });
  child.stderr?.setEncoding("utf8").on("data", (chunk: string) => {
    stderr += chunk;
  });
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill("SIGKILL");
      reject(new Error(`gateway ${args.join(" ")} did not exit within ${timeoutMs} ms: ${stderr}`));
    }, timeoutMs);
    child.once("exit", (code) => {
      clearTimeout(timer);
      // Let the pipes drain before reporting.
      setImmediate(() => resolve({ code, stdout, stderr }));
    });
  });
}

/** A connected SDK client and the notifications it received that had no other handler. */
export interface Session {
  client: Client;
  notifications: Notification[];
  /** The downstream session id (HTTP) or undefined (stdio). */
  sessionId(): string | undefined;
  /** Every message the client received, in arrival order, before the SDK handled it. */
  received: JSONRPCMessage[];
  close(): Promise<void>;
}

/** Keeps a copy of every incoming message of a connected transport. */
function recordIncoming(transport: Transport): JSONRPCMessage[] {
  const received: JSONRPCMessage[] = [];
  const handle = transport.onmessage;
  transport.onmessage = (message, extra) => {
    received.push(message);
    handle?.(message, extra);
  };
  return received;
}

function newClient(notifications: Notification[], era: ClientEra = "legacy"): Client {
  const client = new Client({ name: "gateway-test", version: "1.0.0" }, clientOptions(era));
  client.fallbackNotificationHandler = async (notification) => {
    notifications.push(notification);
  };
  return client;
}

/**
 * Opens one downstream session over Streamable HTTP (`query` is appended to the URL, `headers`
 * are sent with every request), with a client of the era given (the 2025 one by default).
 */
export async function openHttpSession(
  url: string,
  query = "",
  headers: Record<string, string> = {},
  era: ClientEra = "legacy",
): Promise<Session> {
  const notifications: Notification[] = [];
  const client = newClient(notifications, era);
  const transport = new StreamableHTTPClientTransport(new URL(`${url}${query}`), {
    requestInit: { headers },
  });
  await client.connect(transport);
  const close = async () => {
    closers.delete(close);
    await transport.terminateSession().catch(() => {});
    await client.close();
  };
  closers.add(close);
  const received = recordIncoming(transport);
  return { client, notifications, sessionId: () => transport.sessionId, received, close };
}

/** A downstream session over the gateway's stdio, plus the gateway's pid and stderr. */
export interface StdioSession extends Session {
  pid: number;
  stderr(): string;
  transport: StdioClientTransport;
}

/** Starts the gateway in stdio mode with these flags and connects a client. */
export async function openStdioGateway(args: readonly string[], env = {}): Promise<StdioSession> {
  const notifications: Notification[] = [];
  const client = newClient(notifications);
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [GATEWAY_ENTRY, ...args],
    env: childEnvironment(env),
    stderr: "pipe",
  });
  let stderr = "";
  transport.stderr?.on("data", (chunk: Buffer) => {
    stderr += chunk.toString("utf8");
  });
  await client.connect(transport);
  const pid = transport.pid;
  if (pid === null) throw new Error("stdio gateway has no pid");
  trackPid(pid);
  const close = async () => {
    closers.delete(close);
    await client.close();
  };
  closers.add(close);
  return {
    client,
    notifications,
    sessionId: () => undefined,
    received: recordIncoming(transport),
    close,
    pid,
    stderr: () => stderr,
    transport,
  };
}

/** Calls a tool with a plain request (no output-schema validation by the test client). */
export async function call(
  client: Client,
  name: string,
  args: Record<string, unknown> = {},
  options: Parameters<Client["request"]>[2] = {},
): Promise<CallToolResult> {
  return client.request({ method: "tools/call", params: { name, arguments: args } }, options);
}

/** The fixture's `_record`, read through the gateway under the tool's exposed name. */
export async function readRecord(client: Client, exposedName = "_record"): Promise<FixtureRecord> {
  const result = await call(client, exposedName);
  if (result.isError) throw new Error(`${exposedName} failed: ${JSON.stringify(result)}`);
  return result.structuredContent as unknown as FixtureRecord;
}

/** The record of the fixture serving HTTP at `url`, read directly, not through the gateway. */
export async function directRecord(url: string): Promise<FixtureRecord> {
  const direct = await openHttpSession(url);
  try {
    return await readRecord(direct.client);
  } finally {
    await direct.close();
  }
}

/** How many `notifications/resources/updated` for `uri` a session has received. */
export function resourceUpdates(session: Session, uri: string): number {
  return session.notifications.filter(
    (notification) =>
      notification.method === "notifications/resources/updated" && notification.params?.uri === uri,
  ).length;
}

/** What the fixture's `_record` tool returns. */
export interface FixtureRecord {
  pid: number;
  name: string;
  sessions: Record<
    string,
    { initialize: number; initialized: number; open: boolean; client?: unknown }
  >;
  live_sessions: number;
  cancellations: { session: string; request_id: string | number; reason: string | null }[];
  aborted: { session: string | null; request_id: string | number }[];
  set_level: { session: string; level: string }[];
  subscribe: { session: string; uri: string }[];
  unsubscribe: { session: string; uri: string }[];
  subscriptions: { session: string; uri: string }[];
  progress_tokens: { session: string; token: string | number; method: string }[];
  tool_calls: { session: string; id: string | number; name: string; arguments: unknown }[];
  deletes: string[];
  unknown_session_requests: { session: string; http: string; methods: (string | null)[] }[];
  /** How many `server/discover` probes reached this process. */
  discover: number;
  /** The `_meta` of the last `tools/call`, `resources/read` and `prompts/get`, as it arrived. */
  meta: Record<string, Record<string, unknown> | undefined>;
}

/** The structured error a gateway failure result carries (docs/gateway.md §8.2). */
export interface GatewayError {
  error: { code: string; upstream?: string; reason?: string; message: string };
}

/** The `error` object of an `isError` result, or a thrown description of what came instead. */
export function errorOf(result: CallToolResult): GatewayError["error"] {
  if (!result.isError) throw new Error(`expected an isError result, got ${JSON.stringify(result)}`);
  const structured = result.structuredContent as GatewayError | undefined;
  if (structured?.error) return structured.error;
  const first = result.content[0];
  if (first?.type === "text") return (JSON.parse(first.text) as GatewayError).error;
  throw new Error(`isError result without an error object: ${JSON.stringify(result)}`);
}

/** One upstream as `/mcp/health` and `gateway://stats` show it. */
export interface UpstreamHealth {
  name: string;
  kind: string;
  state: string;
  era: string | null;
  connections: number;
  restarts: number;
  last_error: string | null;
  withheld: unknown[];
}

/** A resource URI or template withheld from a later claimant (docs/gateway.md §5.4). */
export interface ResourceConflictHealth {
  kind: string;
  uri: string;
  owner: string;
  claimant: string;
  first_seen: string;
}

/** The gateway's `/mcp/health` body. */
export interface Health {
  status: string;
  sessions: number;
  upstreams: UpstreamHealth[];
  tools: { name: string; upstream: string; [key: string]: unknown }[];
  resource_conflicts: { conflicts: ResourceConflictHealth[]; more: boolean };
}

/** GETs `/mcp/health` from a gateway's origin. */
export async function fetchHealth(origin: string): Promise<Health> {
  const response = await fetch(`${origin}/mcp/health`);
  if (response.status !== 200) throw new Error(`health answered ${response.status}`);
  return (await response.json()) as Health;
}

/** The named upstream in a health body (throws when absent). */
export function upstreamOf(health: Health, name: string): UpstreamHealth {
  const found = health.upstreams.find((upstream) => upstream.name === name);
  if (!found) throw new Error(`no upstream ${name} in ${JSON.stringify(health.upstreams)}`);
  return found;
}

/** The names `tools/list` shows this client. */
export async function toolNames(client: Client): Promise<string[]> {
  return (await client.listTools()).tools.map((tool) => tool.name);
}

/** A gateway in front of an HTTP fixture and a shared stdio fixture (prefix `shared`). */
export interface RemoteAndSharedFixtures {
  remote: HttpChild;
  gateway: HttpChild;
}

/**
 * Starts an HTTP fixture named `remote`, then a gateway over HTTP serving it under
 * `remoteKey` beside a shared stdio fixture whose tools, resources and prompt are prefixed or
 * renamed `shared`, so the two never collide.
 *
 * @param remoteKey - the HTTP fixture's server name in the gateway's config
 * @returns both processes (stopped by {@link cleanupAll})
 */
export async function startRemoteAndSharedFixtures(
  remoteKey: string,
): Promise<RemoteAndSharedFixtures> {
  const remote = await startFixtureHttpProcess(["--name", "remote"]);
  const config = writeConfig({
    mcpServers: {
      [remoteKey]: { url: remote.url },
      shared: fixtureStdio(["--name", "shared", "--scheme", "shared", "--prompt", "shared"], {
        prefix: "shared",
      }),
    },
  });
  const gateway = await startGatewayHttp(["--config", config]);
  return { remote, gateway };
}
