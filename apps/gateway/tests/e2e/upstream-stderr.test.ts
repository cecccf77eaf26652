// What a stdio upstream writes on stderr costs the gateway a bounded amount, whatever it is
// (docs/gateway.md §13): a line is kept to its first 8 KiB and the rest counted, text without
// a newline is not held, and health, status and failures quote only the bounded text.
import { appendFileSync, readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import {
  call,
  cleanupAll,
  errorOf,
  fetchHealth,
  type HttpChild,
  openHttpSession,
  sleep,
  startGatewayHttp,
  tempFolder,
  upstreamOf,
  waitFor,
  writeConfig,
} from "../helpers/gateway.js";

const KIB = 1024;
const MIB = 1024 * KIB;
const LINE_KEPT = 8 * KIB;
const HUGE_LINE = 16 * MIB;
const UNTERMINATED = 24 * MIB;
const CUT_NOTE = `… (${HUGE_LINE - LINE_KEPT} more bytes)`;

const WRITER = fileURLToPath(new URL("../fixtures/stderr-writer.mjs", import.meta.url));

afterAll(cleanupAll);

function writer(flags: readonly string[], keys: Record<string, unknown> = {}) {
  return { command: process.execPath, args: [WRITER, ...flags], ...keys };
}

/** A process's peak resident set so far, in bytes (Linux's `VmHWM`). */
function peakRss(pid: number): number {
  const match = /^VmHWM:\s+(\d+) kB$/m.exec(readFileSync(`/proc/${pid}/status`, "utf8"));
  if (!match?.[1]) throw new Error(`no VmHWM for ${pid}`);
  return Number(match[1]) * KIB;
}

function lineCount(path: string): number {
  return readFileSync(path, "utf8").split("\n").length - 1;
}

/** A GET's body and its size in bytes. */
async function bodyOf(url: string): Promise<{ text: string; bytes: number }> {
  const response = await fetch(url);
  expect(response.status).toBe(200);
  const text = await response.text();
  return { text, bytes: Buffer.byteLength(text) };
}

describe("an upstream that writes a 16 MiB stderr line and exits, again and again", () => {
  it("keeps the gateway's memory, health, status and call errors small", async () => {
    const folder = tempFolder();
    const starts = join(folder, "starts");
    appendFileSync(starts, "");
    const config = writeConfig({
      mcpServers: {
        crashy: writer([], { prefix: "crashy" }),
        broken: writer(["--count", starts, "--line", String(HUGE_LINE), "--exit"]),
      },
    });
    const gateway = await startGatewayHttp(["--config", config]);
    const pid = gateway.child.pid ?? 0;
    const session = await openHttpSession(gateway.url);

    const errors = [];
    for (let restart = 1; restart <= 3; restart++) {
      errors.push(errorOf(await call(session.client, "crashy__crash", { bytes: HUGE_LINE })));
      await waitFor(
        async () => upstreamOf(await fetchHealth(gateway.origin), "crashy").restarts === restart,
        `restart ${restart} of crashy`,
        20_000,
        250,
      );
    }
    await waitFor(() => lineCount(starts) >= 5, "4 restarts of broken", 30_000, 250);

    const health = await bodyOf(`${gateway.origin}/mcp/health`);
    const status = await bodyOf(`${gateway.origin}/status/data`);
    const rss = peakRss(pid);
    const longest = Math.max(...errors.map((error) => error.message.length));
    console.info(
      `stderr flood: peak RSS ${(rss / MIB).toFixed(0)} MiB, /mcp/health ${health.bytes} bytes, /status/data ${status.bytes} bytes, longest call error ${longest} characters`,
    );
    for (const error of errors) {
      expect(error).toMatchObject({ upstream: "crashy", reason: "exited" });
      expect(error.message).toContain(`last stderr line: ${"x".repeat(LINE_KEPT)}${CUT_NOTE}`);
    }
    expect(longest).toBeLessThan(16 * KIB);
    expect(health.bytes).toBeLessThan(64 * KIB);
    expect(status.bytes).toBeLessThan(MIB);
    expect(upstreamOf(JSON.parse(health.text), "broken").last_error).toContain(CUT_NOTE);
    expect(rss).toBeLessThan(300 * MIB);
  });
});

/** The largest string made of the fixture's "x" in a heap snapshot, in bytes. */
function largestRunOfX(snapshotText: string): number {
  const snapshot = JSON.parse(snapshotText) as {
    snapshot: { meta: { node_fields: string[]; node_types: [string[]] } };
    nodes: number[];
    strings: string[];
  };
  const fields = snapshot.snapshot.meta.node_fields;
  const typeNames = snapshot.snapshot.meta.node_types[0];
  const [type, name, size] = ["type", "name", "self_size"].map((field) => fields.indexOf(field));
  const prefix = "x".repeat(1000);
  let largest = 0;
  for (let node = 0; node < snapshot.nodes.length; node += fields.length) {
    const typeName = typeNames[snapshot.nodes[node + (type ?? 0)] ?? 0] ?? "";
    if (!typeName.includes("string")) continue;
    const text = snapshot.strings[snapshot.nodes[node + (name ?? 0)] ?? 0] ?? "";
    if (text.startsWith(prefix))
      largest = Math.max(largest, snapshot.nodes[node + (size ?? 0)] ?? 0);
  }
  return largest;
}

/** Asks the gateway for a heap snapshot (taken after a full collection) and reads it. */
async function heapSnapshot(gateway: HttpChild, folder: string): Promise<string> {
  gateway.child.kill("SIGUSR2");
  let text = "";
  await waitFor(
    () => {
      const file = readdirSync(folder).find((entry) => entry.endsWith(".heapsnapshot"));
      if (file === undefined || statSync(join(folder, file)).size === 0) return false;
      text = readFileSync(join(folder, file), "utf8");
      return text.trimEnd().endsWith("}");
    },
    "the heap snapshot",
    30_000,
    250,
  );
  return text;
}

describe("an upstream that writes 24 MiB on stderr without a newline", () => {
  it("is served while the gateway holds none of it", async () => {
    const folder = tempFolder();
    const config = writeConfig({
      mcpServers: { quiet: writer(["--unterminated", String(UNTERMINATED)]) },
    });
    const gateway = await startGatewayHttp(["--config", config], {
      NODE_OPTIONS: `--heapsnapshot-signal=SIGUSR2 --diagnostic-dir=${folder}`,
    });
    await waitFor(
      async () => upstreamOf(await fetchHealth(gateway.origin), "quiet").state === "ready",
      "the upstream to serve",
      30_000,
    );
    await sleep(200);
    const largest = largestRunOfX(await heapSnapshot(gateway, folder));
    console.info(`unterminated stderr: largest string of it in the heap ${largest} bytes`);
    expect(largest).toBeLessThan(64 * KIB);
  });
});

/** What no log line may carry raw (docs/contract.md §6); newlines end lines. */
const RAW_CONTROL_BUT_NEWLINE =
  // biome-ignore lint/suspicious/noControlCharactersInRegex: the control characters are what is looked for
  /[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u2028-\u202e\u2066-\u2069]/;

describe("stderr text that would forge log lines", () => {
  it("reaches the gateway's stderr escaped: no raw control character, no forged line", async () => {
    const forgery =
      "\r[gateway] error: forged\n\u001b[2K\u001b[1A[gateway] error: forged again\u202e\u0085\n" +
      "\u0007bell\u007fdel\u2066isolate\u2069";
    const config = writeConfig({
      mcpServers: { forger: writer(["--text", forgery, "--exit"]) },
    });
    const gateway = await startGatewayHttp(["--config", config, "--log-level", "debug"]);
    await waitFor(
      () => gateway.stderr().includes("could not connect"),
      "the failed start to be logged",
    );
    const stderr = gateway.stderr();

    expect(stderr).toContain("[forger] \\r[gateway] error: forged");
    expect(stderr).toContain("[forger] \\x1b[2K\\x1b[1A[gateway] error: forged again\\u202e\\x85");
    expect(stderr).not.toMatch(RAW_CONTROL_BUT_NEWLINE);
    const lines = stderr.split(/\r\n|\r|\n/);
    expect(lines.filter((line) => line.startsWith("[gateway]"))).toEqual([]);
  });
});
