// What a stdio client that does not read can make a server hold (docs/contract.md §7.7), and
// that every answer still arrives once it reads, through a real child process.
import { type ChildProcess, spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { initializeRequest } from "../../src/testing.js";
import { FIXTURE_ENTRY } from "./harness.js";

const INITIALIZE = JSON.stringify(initializeRequest(0, "backpressure"));

function call(id: number, name: string, args: Record<string, unknown>): string {
  return JSON.stringify({
    jsonrpc: "2.0",
    id,
    method: "tools/call",
    params: { name, arguments: args },
  });
}

function residentMiB(child: ChildProcess): number {
  const status = readFileSync(`/proc/${child.pid}/status`, "utf8");
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
}

/** Reads every line the child writes until it exits; resolves with the parsed answers. */
function answersOf(child: ChildProcess): Promise<{ id: unknown; result?: unknown }[]> {
  const answers: { id: unknown }[] = [];
  let buffered = "";
  child.stdout?.setEncoding("utf8");
  child.stdout?.on("data", (chunk: string) => {
    buffered += chunk;
    for (let end = buffered.indexOf("\n"); end !== -1; end = buffered.indexOf("\n")) {
      answers.push(JSON.parse(buffered.slice(0, end)));
      buffered = buffered.slice(end + 1);
    }
  });
  return new Promise((resolve) => child.on("exit", () => resolve(answers)));
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe("a stdio server whose client does not read", () => {
  it("stops taking requests while answers wait, and delivers all of them once read", async () => {
    // 2,000 answers of 120 KB each (60 KB twice: structured and text), 240 MB in all.
    const count = 2_000;
    const child = spawn(process.execPath, [FIXTURE_ENTRY], { stdio: ["pipe", "pipe", "ignore"] });
    child.stdout?.pause();
    const lines = [INITIALIZE];
    for (let id = 1; id <= count; id++) lines.push(call(id, "blob", { bytes: 60_000 }));
    child.stdin?.end(`${lines.join("\n")}\n`);
    let peak = 0;
    for (let sample = 0; sample < 10; sample++) {
      await pause(200);
      peak = Math.max(peak, residentMiB(child));
    }
    expect(peak).toBeGreaterThan(0);
    expect(peak).toBeLessThan(160);
    const answered = answersOf(child);
    child.stdout?.resume();
    const answers = await answered;
    expect(answers.map((answer) => answer.id)).toEqual(
      Array.from({ length: count + 1 }, (_, id) => id),
    );
  });

  it("answers more calls at once than it runs at once, and drops a waiting one cancelled", async () => {
    const child = spawn(process.execPath, [FIXTURE_ENTRY], { stdio: ["pipe", "pipe", "ignore"] });
    const answered = answersOf(child);
    const lines = [INITIALIZE, '{"jsonrpc":"2.0","method":"notifications/initialized"}'];
    for (let id = 1; id <= 200; id++) lines.push(call(id, "sleep", { ms: 50 }));
    // Call 200 still waits for one of the first 64 to finish: cancelled, it never runs.
    lines.push('{"jsonrpc":"2.0","method":"notifications/cancelled","params":{"requestId":200}}');
    child.stdin?.write(`${lines.join("\n")}\n`);
    await pause(2_000);
    child.stdin?.end();
    const answers = await answered;
    const ids = answers.map((answer) => answer.id).filter((id) => id !== 0);
    expect(ids.sort((a, b) => Number(a) - Number(b))).toEqual(
      Array.from({ length: 199 }, (_, index) => index + 1),
    );
  });
});
