import { spawn } from "node:child_process";
import { describe, expect, it } from "vitest";
import { initializeRequest, MCP_POST_HEADERS } from "../../src/testing.js";
import { connectHttp, FIXTURE_ENTRY, structured } from "./harness.js";

describe("an HTTP kit server shutting down", () => {
  it("finishes the in-flight call, refuses new sessions meanwhile, then exits 0", async () => {
    const child = spawn(process.execPath, [FIXTURE_ENTRY, "--transport", "http", "--port", "0"]);
    const url = await new Promise<string>((resolve) => {
      let text = "";
      child.stderr.on("data", (chunk: Buffer) => {
        text += chunk.toString();
        const match = /listening on (\S+)/.exec(text);
        if (match?.[1]) resolve(match[1]);
      });
    });
    const exited = new Promise<number | null>((resolve) => child.once("exit", resolve));
    const client = await connectHttp(url);
    // The server is told to stop only once the call is running there (its first progress), so a
    // busy machine that delays the request cannot turn it into one that arrives after the stop.
    let running: () => void = () => {};
    const started = new Promise<void>((resolve) => {
      running = resolve;
    });
    const slow = client.callTool(
      { name: "sleep", arguments: { ms: 600 } },
      {
        onprogress: () => running(),
      },
    );
    await started;
    child.kill("SIGTERM");
    await new Promise((resolve) => setTimeout(resolve, 100));
    const refused = await fetch(url, {
      method: "POST",
      headers: MCP_POST_HEADERS,
      body: JSON.stringify(initializeRequest(1, "late")),
    });
    expect(refused.status).toBe(503);
    expect(structured(await slow)).toEqual({ slept: 600 });
    expect(await exited).toBe(0);
  });
});
