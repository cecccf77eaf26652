import { type ChildProcess, spawn } from "node:child_process";
import { Client, StreamableHTTPClientTransport } from "@modelcontextprotocol/client";
import { StdioClientTransport } from "@modelcontextprotocol/client/stdio";

/** A server process serving HTTP, and the URL it announced. */
export interface HttpServerProcess {
  child: ChildProcess;
  /** The MCP endpoint, e.g. `http://0.0.0.0:41234/mcp`. */
  url: URL;
  /** The same endpoint on the loopback address, for clients. */
  loopbackUrl: URL;
  stop(): Promise<void>;
}

function stopProcess(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.once("exit", () => resolve());
    child.kill("SIGTERM");
  });
}

/**
 * Starts a command that serves HTTP and waits for the contract's `listening on URL` line on
 * stderr; rejects with everything it printed if it exits first.
 */
export function startHttpServer(
  command: string,
  args: readonly string[],
  options: { cwd: string; env: NodeJS.ProcessEnv },
): Promise<HttpServerProcess> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, {
      cwd: options.cwd,
      env: options.env,
      stdio: ["ignore", "ignore", "pipe"],
    });
    let stderr = "";
    const onData = (chunk: string) => {
      stderr += chunk;
      const match = /listening on (http:\/\/\S+)/.exec(stderr);
      if (match?.[1] === undefined) return;
      child.stderr?.off("data", onData);
      const url = new URL(match[1]);
      const loopbackUrl = new URL(url);
      loopbackUrl.hostname = "127.0.0.1";
      resolve({ child, url, loopbackUrl, stop: () => stopProcess(child) });
    };
    child.stderr?.setEncoding("utf8").on("data", onData);
    child.on("error", reject);
    child.on("exit", (code, signal) => {
      reject(new Error(`${command} exited (${code ?? signal}) before listening:\n${stderr}`));
    });
  });
}

/** Connects an SDK client to a Streamable HTTP endpoint, sending the given headers. */
export async function connectHttp(url: URL, headers: Record<string, string> = {}): Promise<Client> {
  const client = new Client({ name: "packaging-test", version: "1.0.0" });
  await client.connect(new StreamableHTTPClientTransport(url, { requestInit: { headers } }));
  return client;
}

/** Starts a command as a child process speaking MCP over stdio and connects an SDK client. */
export async function connectStdio(
  command: string,
  args: readonly string[],
  options: { cwd: string; env: Record<string, string> },
): Promise<Client> {
  const client = new Client({ name: "packaging-test", version: "1.0.0" });
  await client.connect(
    new StdioClientTransport({
      command,
      args: [...args],
      cwd: options.cwd,
      env: options.env,
      stderr: "pipe",
    }),
  );
  return client;
}
