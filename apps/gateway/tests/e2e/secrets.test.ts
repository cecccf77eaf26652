// No secret of the config (URL password, query key, header token, env value, argument) and no
// gateway token may reach a client, a log line, /mcp/health, /status/data, gateway://stats,
// --check or --print-config, even when upstreams fail with errors that repeat them or crash
// while dumping them.
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { join } from "node:path";
import { runCommand } from "@tabletop-mcp/kit/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  call,
  cleanupAll,
  errorOf,
  fixtureStdio,
  type HttpChild,
  openHttpSession,
  type Session,
  startGatewayHttp,
  tempFolder,
  waitFor,
  writeConfig,
} from "../helpers/gateway.js";
import { GATEWAY } from "./support.js";

const SECRETS = {
  urlPassword: "urlpass-Q7w2",
  queryKey: "querykey-R8e3",
  headerToken: "headertoken-T9r4",
  envValue: "envvalue-Y0t5",
  argument: "argument-U1y6",
  gatewayToken: "gatewaytoken-I2u7",
} as const;

/** An upstream that refuses everyone, repeating the credential and URL it was sent. */
let leaky: Server;
let config: string;
let gateway: HttpChild;
const texts: { where: string; text: string }[] = [];

function leakyUrl(): string {
  return `http://127.0.0.1:${(leaky.address() as AddressInfo).port}`;
}

beforeAll(async () => {
  leaky = createServer((request, response) => {
    response.writeHead(401, { "content-type": "application/json" });
    response.end(
      JSON.stringify({
        error: "unauthorized",
        detail: `credential ${request.headers.authorization} not valid for ${request.url}`,
      }),
    );
  });
  await new Promise<void>((resolve) => leaky.listen(0, "127.0.0.1", resolve));
  const marker = join(tempFolder(), "crashed");
  config = writeConfig({
    mcpServers: {
      dice: { builtin: "dice" },
      leaky: {
        url: `${leakyUrl()}/mcp?api_key=${SECRETS.queryKey}`,
        headers: { Authorization: `Bearer ${SECRETS.headerToken}` },
        startup_timeout_ms: 2000,
      },
      userinfo: {
        url: `http://admin:${SECRETS.urlPassword}@127.0.0.1:9/mcp`,
        startup_timeout_ms: 2000,
      },
      crashy: fixtureStdio(
        ["--api-key", SECRETS.argument, "--dump-on-exit", "--fail-after-exit", marker],
        { env: { NOTES_TOKEN: SECRETS.envValue }, prefix: "crashy" },
      ),
    },
  });
  gateway = await startGatewayHttp([
    "--config",
    config,
    "--auth-token",
    SECRETS.gatewayToken,
    "--log-level",
    "debug",
  ]);
});

afterAll(async () => {
  await cleanupAll();
  await new Promise((resolve) => leaky.close(resolve));
});

const authorization = { Authorization: `Bearer ${SECRETS.gatewayToken}` };

async function health(): Promise<string> {
  const response = await fetch(`${gateway.origin}/mcp/health`, { headers: authorization });
  expect(response.status).toBe(200);
  return response.text();
}

/** Drives every failure a client can see, keeping each answer's full text. */
async function exerciseFailures(session: Session): Promise<void> {
  await session.client.setLoggingLevel("debug");
  texts.push({ where: "tools/list", text: JSON.stringify(await session.client.listTools()) });
  const crash = await call(session.client, "crashy__exit", { code: 3 });
  texts.push({ where: "crash result", text: JSON.stringify(crash) });
  expect(errorOf(crash).message).toContain("fixture setup:");
  await waitFor(
    async () => (await health()).includes("Connection closed; last stderr line: fixture setup"),
    "a failed restart",
  );
  const restarting = await call(session.client, "crashy__echo", { after: "crash" });
  texts.push({ where: "call while restarting", text: JSON.stringify(restarting) });
  expect(errorOf(restarting).reason).toMatch(/^(restarting|unavailable)$/);
  await call(session.client, "no_such_tool", {}).catch((error: unknown) =>
    texts.push({ where: "unknown tool error", text: JSON.stringify(error) + String(error) }),
  );
  const stats = await session.client.readResource({ uri: "gateway://stats" });
  texts.push({ where: "gateway://stats", text: JSON.stringify(stats) });
}

describe("a gateway whose upstreams fail with their secrets in hand", () => {
  it("shows none of them to clients, in logs, health, stats, --check or --print-config", async () => {
    const session = await openHttpSession(gateway.url, "", authorization);
    await exerciseFailures(session);
    const healthBody = await health();
    texts.push({ where: "/mcp/health", text: healthBody });
    const statusResponse = await fetch(`${gateway.origin}/status/data`, { headers: authorization });
    expect(statusResponse.status).toBe(200);
    const statusBody = await statusResponse.text();
    texts.push({ where: "/status/data", text: statusBody });
    texts.push({
      where: "every message the client received",
      text: JSON.stringify(session.received),
    });
    texts.push({ where: "client notifications", text: JSON.stringify(session.notifications) });
    await session.close();
    await gateway.stop();
    texts.push({ where: "gateway stderr", text: gateway.stderr() });
    const check = runCommand(GATEWAY, ["--config", config, "--check", "--log-level", "debug"]);
    texts.push({ where: "--check", text: check.stdout + check.stderr });
    const printed = runCommand(GATEWAY, ["--config", config, "--print-config"]);
    expect(printed.status).toBe(0);
    texts.push({ where: "--print-config", text: printed.stdout + printed.stderr });

    const leaks = texts.flatMap(({ where, text }) =>
      Object.entries(SECRETS)
        .filter(([, secret]) => text.includes(secret))
        .map(([name]) => `${name} in ${where}`),
    );
    expect(leaks).toEqual([]);

    // The failures really happened, and what they said is there, masked.
    expect(healthBody).toContain("credential *** not valid");
    expect(healthBody).toContain("api_key=***");
    expect(healthBody).toContain("http://***@127.0.0.1:9/mcp");
    expect(statusBody).toContain("credential *** not valid");
    expect(check.status).toBe(1);
    expect(JSON.parse(printed.stdout).mcpServers.crashy.args).toContain("***");
  });
});
