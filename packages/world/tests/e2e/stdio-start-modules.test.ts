import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { connectStdioCommand, startHttpCommand } from "@tabletop-mcp/kit/testing";
import { afterAll, describe, expect, it } from "vitest";
import { fixturePath } from "../helpers/fixtures.js";
import { CLI_ENTRY, callTool } from "../helpers/harness.js";

const RECORDER = new URL("../helpers/record-builtins.mjs", import.meta.url).href;

/** Built-in modules only the HTTP transport needs (Fastify, the SDK's HTTP transports, TLS). */
const HTTP_ONLY_BUILTINS = ["http", "https", "http2", "tls", "zlib"];

const directory = mkdtempSync(join(tmpdir(), "world-start-modules-"));
afterAll(() => rmSync(directory, { recursive: true, force: true }));

function recordingEnvironment(name: string): { env: Record<string, string>; file: string } {
  const file = join(directory, name);
  return {
    file,
    env: { NODE_OPTIONS: `--import=${RECORDER}`, RECORD_BUILTINS_FILE: file },
  };
}

/** The recorded built-ins, once the process has exited and written them. */
async function recordedBuiltins(file: string): Promise<string[]> {
  for (let attempt = 0; attempt < 100 && !existsSync(file); attempt += 1) {
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return readFileSync(file, "utf8").trim().split("\n");
}

describe("the command's start-up loads only what its transport needs", () => {
  it("serves stdio without loading the HTTP stack's built-in modules", async () => {
    const { env, file } = recordingEnvironment("stdio.txt");
    const connection = await connectStdioCommand(
      CLI_ENTRY,
      [fixturePath("locked-garden.urd.md")],
      env,
    );
    const answer = await callTool(connection.client, "get_world_metadata", {});
    await connection.close();

    expect(answer.isError).toBe(false);
    const builtins = await recordedBuiltins(file);
    expect(builtins).toContain("fs");
    expect(builtins.filter((name) => HTTP_ONLY_BUILTINS.includes(name))).toEqual([]);
  });

  it("loads them when serving HTTP (the recording sees them)", async () => {
    const { env, file } = recordingEnvironment("http.txt");
    const server = await startHttpCommand(CLI_ENTRY, [fixturePath("locked-garden.urd.md")], env);
    await server.stop();

    const builtins = await recordedBuiltins(file);
    expect(builtins).toEqual(expect.arrayContaining(["http", "tls"]));
  });
});
