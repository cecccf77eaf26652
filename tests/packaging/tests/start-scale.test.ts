import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { Socket } from "node:net";
import { join } from "node:path";
import {
  type CallToolResult,
  Client,
  StreamableHTTPClientTransport,
} from "@modelcontextprotocol/client";
import { clientOptions } from "@tabletop-mcp/kit/testing";
import { afterAll, describe, expect, it } from "vitest";
import { REPOSITORY_ROOT } from "./helpers/workspace.js";

/** What `pnpm start:scale` prints once everything serves. */
interface Announced {
  gateway: URL;
  /** The campaign's round-robin front, for 2026-07-28 clients. */
  roundRobin: URL;
  addresses: { host: string; port: number }[];
}

function haproxyFound(): boolean {
  return ["haproxy", "/usr/sbin/haproxy"].some(
    (program) => spawnSync(program, ["-v"], { stdio: "ignore" }).status === 0,
  );
}

/** Waits for the printed URLs: the gateway's first, then every other address it started. */
function announced(child: ChildProcess): Promise<Announced> {
  return new Promise((resolve, reject) => {
    let stdout = "";
    let stderr = "";
    child.stderr?.on("data", (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    child.stdout?.on("data", (chunk: Buffer) => {
      stdout += chunk.toString();
      if (!stdout.includes("Ctrl-C")) return;
      const urls = [...stdout.matchAll(/(?:https?|postgres):\/\/[^\s,()]+/g)].map(
        (match) => new URL(match[0].replace(/^postgres:/, "http:")),
      );
      const [gateway] = urls;
      if (!gateway) return reject(new Error(`no URL in ${stdout}`));
      const addresses = urls.map((url) => ({ host: url.hostname, port: Number(url.port) }));
      const roundRobin = /2026-07-28 clients, round robin: (\S+)/.exec(stdout)?.[1];
      if (!roundRobin) return reject(new Error(`no round-robin front in ${stdout}`));
      resolve({ gateway, roundRobin: new URL(roundRobin), addresses });
    });
    child.once("exit", (code) => reject(new Error(`start:scale exited ${code}: ${stderr}`)));
  });
}

function accepts(address: { host: string; port: number }): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = new Socket();
    socket.once("connect", () => {
      socket.destroy();
      resolve(true);
    });
    socket.once("error", () => resolve(false));
    socket.connect(address.port, address.host);
  });
}

async function connect(url: URL, era: "legacy" | "modern" = "legacy"): Promise<Client> {
  const client = new Client({ name: "start-scale-test", version: "1.0.0" }, clientOptions(era));
  await client.connect(new StreamableHTTPClientTransport(url));
  expect(client.getProtocolEra()).toBe(era);
  return client;
}

async function createCampaign(client: Client, name: string): Promise<string> {
  const result = (await client.callTool({
    name: "campaign_create",
    arguments: { name, gm_mode: "AI" },
  })) as CallToolResult;
  expect(result.isError).toBeFalsy();
  return String((result.structuredContent as { id: unknown }).id);
}

const haproxy = haproxyFound();
if (!haproxy && process.env.CI) throw new Error("start:scale needs haproxy when CI is set");
if (!haproxy) process.stderr.write("start:scale test skipped: no haproxy on this machine\n");

describe.skipIf(!haproxy)("pnpm start:scale", () => {
  let child: ChildProcess | undefined;
  // Ctrl-C, not SIGKILL, after a failure too: the script is what stops the servers it started.
  afterAll(async () => {
    if (!child || child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((resolve) => child?.once("exit", resolve));
    child.kill("SIGINT");
    await exited;
  });

  it("serves the campaign through the gateway from two replicas on one PostgreSQL, and stops all of it on Ctrl-C", async () => {
    child = spawn(process.execPath, [join(REPOSITORY_ROOT, "scripts/start-scale.mjs")], {
      env: { ...process.env, PORT: "0" },
      stdio: ["ignore", "pipe", "pipe"],
    });
    const { gateway, roundRobin, addresses } = await announced(child);
    // The gateway, two replicas, the two HAProxy fronts and PostgreSQL.
    expect(addresses).toHaveLength(6);

    // One upstream session per client session: HAProxy hands the two out to both replicas,
    // and both see every campaign, whichever replica created it.
    const first = await connect(gateway);
    const second = await connect(gateway);
    const ids = [await createCampaign(first, "North"), await createCampaign(second, "South")];
    for (const client of [first, second]) {
      const listed = await client.readResource({ uri: "campaigns://list" });
      const text = JSON.stringify(listed.contents);
      for (const id of ids) expect(text).toContain(id);
      await client.close();
    }
    // A 2026-07-28 client needs no stickiness: each of its requests may go to either replica.
    const modern = await connect(roundRobin, "modern");
    ids.push(await createCampaign(modern, "East"));
    for (let read = 0; read < 2; read++) {
      const listed = await modern.readResource({ uri: "campaigns://list" });
      for (const id of ids) expect(JSON.stringify(listed.contents)).toContain(id);
    }
    await modern.close();

    const exited = new Promise<number | null>((resolve) => child?.once("exit", resolve));
    child.kill("SIGINT");
    expect(await exited).toBe(0);
    for (const address of addresses) expect(await accepts(address)).toBe(false);
  });
});
