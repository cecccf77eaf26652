// Clients of the campaign command for the benchmarks: over stdio (one server process per
// client) and over HTTP (one server process, many clients).
import { spawn } from "node:child_process";
import { fileURLToPath } from "node:url";
import { Client, StreamableHTTPClientTransport } from "@modelcontextprotocol/client";
import { StdioClientTransport } from "@modelcontextprotocol/client/stdio";
import { clientOptions } from "@tabletop-mcp/kit/testing";

export const CLI = fileURLToPath(new URL("../../dist/cli.js", import.meta.url));

/**
 * Calls a tool and returns its structured content; throws on an error result.
 *
 * @param {Client} client
 * @param {string} name
 * @param {Record<string, unknown>} args
 */
export async function call(client, name, args) {
  const result = await client.callTool({ name, arguments: args });
  if (result.isError) throw new Error(`${name}: ${JSON.stringify(result.structuredContent)}`);
  return result.structuredContent;
}

/**
 * A server process on `location` with a client over stdio.
 *
 * @param {string} location - the --db value
 * @returns {Promise<{ client: Client, pid: number }>}
 */
export async function connectStdio(location) {
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [CLI, "--db", location],
    stderr: "inherit",
  });
  const client = new Client({ name: "campaign-bench", version: "1.0.0" });
  await client.connect(transport);
  return { client, pid: transport.pid ?? 0 };
}

/**
 * A server process on `location` serving HTTP on a free port.
 *
 * @param {string} location - the --db value
 * @param {readonly string[]} [flags] - more command-line flags (limits)
 * @returns {Promise<{ url: string, pid: number, stop: () => Promise<void> }>}
 */
export function startHttpReplica(location, flags = []) {
  const child = spawn(
    process.execPath,
    [CLI, "--transport", "http", "--port", "0", "--db", location, ...flags],
    {
      stdio: ["ignore", "ignore", "pipe"],
    },
  );
  const stop = () =>
    new Promise((resolve) => {
      if (child.exitCode !== null) return resolve();
      child.once("exit", () => resolve());
      child.kill("SIGTERM");
    });
  return new Promise((resolve, reject) => {
    let stderr = "";
    child.stderr.on("data", (chunk) => {
      stderr += chunk.toString();
      const match = /listening on (http:\/\/\S+)/.exec(stderr);
      if (match) resolve({ url: match[1], pid: child.pid ?? 0, stop });
    });
    child.once("exit", (code) => reject(new Error(`replica exited ${code}: ${stderr}`)));
  });
}

/**
 * A client of an HTTP server, in either protocol era: `legacy` opens a 2025-era session,
 * `modern` speaks 2026-07-28 (stateless: every request stands alone).
 *
 * @param {string} url
 * @param {{ era?: "legacy" | "modern", fetch?: typeof fetch }} [options] - `fetch`: what the
 *   transport sends its requests with (the global `fetch` when absent)
 * @returns {Promise<Client>}
 */
export async function connectHttp(url, { era = "legacy", fetch } = {}) {
  const client = new Client({ name: "campaign-bench", version: "1.0.0" }, clientOptions(era));
  await client.connect(new StreamableHTTPClientTransport(new URL(url), fetch ? { fetch } : {}));
  return client;
}

/**
 * A campaign with one PC and an active session, made through `client`.
 *
 * @param {Client} client
 * @param {string} name
 */
export async function tableOf(client, name) {
  const campaign = await call(client, "campaign_create", { name, gm_mode: "AI" });
  const character = await call(client, "character_create", {
    campaign_id: campaign.id,
    name: "Runner",
    kind: "PC",
  });
  const session = await call(client, "session_start", { campaign_id: campaign.id });
  return { campaignId: campaign.id, characterId: character.id, sessionId: session.id };
}
