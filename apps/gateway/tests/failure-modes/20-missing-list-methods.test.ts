// docs/gateway.md §15, item 20: an upstream that declares resources or prompts but answers
// `-32601` Method not found to one of their list methods still comes up: that list is empty,
// logged once at info, and everything else it offers is served.
import { spawn } from "node:child_process";
import { fileURLToPath } from "node:url";
import type { Client, TextResourceContents } from "@modelcontextprotocol/client";
import { afterAll, describe, expect, it } from "vitest";
import {
  call,
  cleanupAll,
  type HttpChild,
  openHttpSession,
  startGatewayHttp,
  toolNames,
  trackPid,
  waitFor,
  writeConfig,
} from "../helpers/gateway.js";

const PARTIAL = fileURLToPath(new URL("../fixtures/partial-lists.mjs", import.meta.url));
const NOTE_URI = "partial://note/1";

afterAll(cleanupAll);

/** A config entry running the fixture over stdio without these list methods. */
function partialStdio(without: string): Record<string, unknown> {
  return { command: process.execPath, args: [PARTIAL, "--without", without] };
}

/** Starts the fixture over HTTP and resolves with its URL; killed at cleanup. */
function startPartialHttp(without: string): Promise<string> {
  const child = spawn(process.execPath, [PARTIAL, "--transport", "http", "--without", without], {
    stdio: ["ignore", "ignore", "pipe"],
  });
  if (child.pid !== undefined) trackPid(child.pid);
  let stderr = "";
  return new Promise((resolve, reject) => {
    child.stderr.setEncoding("utf8").on("data", (chunk: string) => {
      stderr += chunk;
      const url = /listening on (\S+)/.exec(stderr)?.[1];
      if (url) resolve(url);
    });
    child.once("exit", (code) => reject(new Error(`partial-lists exited ${code}: ${stderr}`)));
  });
}

async function startGatewayWith(entry: Record<string, unknown>): Promise<HttpChild> {
  const config = writeConfig({ mcpServers: { partial: entry } });
  return startGatewayHttp(["--config", config, "--log-level", "info"]);
}

async function readNote(client: Client): Promise<string> {
  const { contents } = await client.readResource({ uri: NOTE_URI });
  return (contents[0] as TextResourceContents).text;
}

function linesNaming(stderr: string, method: string): string[] {
  return stderr.split("\n").filter((line) => line.includes(`answered ${method} with Method`));
}

describe("an upstream declaring resources without resources/templates/list", () => {
  it("serves its tools and resources, and logs the missing method once at info", async () => {
    const gateway = await startGatewayWith(partialStdio("resources/templates/list"));
    const session = await openHttpSession(gateway.url);
    expect(await toolNames(session.client)).toEqual(["partial_echo", "partial_add"]);
    const echoed = await call(session.client, "partial_echo", { marker: "reached" });
    expect(echoed.isError).toBeFalsy();
    expect(JSON.stringify(echoed.content)).toContain("reached");
    const { resources } = await session.client.listResources();
    expect(resources.map((resource) => resource.uri)).toContain(NOTE_URI);
    expect(await readNote(session.client)).toBe("a note from partial-lists");
    expect((await session.client.listResourceTemplates()).resourceTemplates).toEqual([]);

    await call(session.client, "partial_add");
    await waitFor(
      async () => (await toolNames(session.client)).includes("partial_added"),
      "the gateway to list the upstream again",
    );
    const logged = linesNaming(gateway.stderr(), "resources/templates/list");
    expect(logged).toHaveLength(1);
    expect(logged[0]).toContain("info");
    expect(gateway.stderr()).not.toContain("could not connect");
    await session.close();
    await gateway.stop();
  });
});

describe("an upstream declaring prompts without prompts/list", () => {
  it("serves its tools and resources, with no prompts", async () => {
    const gateway = await startGatewayWith(partialStdio("prompts/list"));
    const session = await openHttpSession(gateway.url);
    expect(await toolNames(session.client)).toEqual(["partial_echo", "partial_add"]);
    expect(await readNote(session.client)).toBe("a note from partial-lists");
    expect((await session.client.listPrompts()).prompts).toEqual([]);
    expect(linesNaming(gateway.stderr(), "prompts/list")).toHaveLength(1);
    await session.close();
    await gateway.stop();
  });
});

describe("an upstream declaring resources without resources/list", () => {
  it("serves its tools, and a session's resources/list asks it nothing", async () => {
    const gateway = await startGatewayWith(partialStdio("resources/list"));
    const session = await openHttpSession(gateway.url);
    expect(await toolNames(session.client)).toEqual(["partial_echo", "partial_add"]);
    const { resources } = await session.client.listResources();
    expect(resources.map((resource) => resource.uri)).toEqual(["gateway://stats"]);
    expect(gateway.stderr()).not.toContain("resources/list of");
    expect(linesNaming(gateway.stderr(), "resources/list")).toHaveLength(1);
    await session.close();
    await gateway.stop();
  });
});

describe("an HTTP upstream without resources/templates/list and prompts/list", () => {
  it("serves its tools and resources", async () => {
    const url = await startPartialHttp("resources/templates/list,prompts/list");
    const gateway = await startGatewayWith({ url });
    const session = await openHttpSession(gateway.url);
    expect(await toolNames(session.client)).toEqual(["partial_echo", "partial_add"]);
    expect(await readNote(session.client)).toBe("a note from partial-lists");
    expect(linesNaming(gateway.stderr(), "resources/templates/list")).toHaveLength(1);
    expect(linesNaming(gateway.stderr(), "prompts/list")).toHaveLength(1);
    await session.close();
    await gateway.stop();
  });
});
