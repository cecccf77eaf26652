// How much a session may make a server remember about its subscriptions (docs/contract.md §7.8):
// URIs of at most 2,048 characters and at most 1,000 subscriptions, through a real client over
// both transports, and what a hostile stdio client holds of a server's memory.
import { spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import type { Client } from "@modelcontextprotocol/client";
import { ProtocolError } from "@modelcontextprotocol/client";
import { ResultSchema } from "@modelcontextprotocol/core";
import { afterEach, describe, expect, it } from "vitest";
import { initializeRequest } from "../../src/testing.js";
import {
  closeFixtureClients,
  FIXTURE_ENTRY,
  FIXTURE_TRANSPORTS,
  fixtureClient,
} from "./harness.js";

afterEach(closeFixtureClients);

const INVALID = -32602;
const TOO_MANY =
  "a session may be subscribed to at most 1,000 resources; unsubscribe from one first";

async function request(client: Client, method: string, uri: string): Promise<ProtocolError | "ok"> {
  try {
    await client.request({ method, params: { uri } } as never, ResultSchema);
    return "ok";
  } catch (error) {
    if (error instanceof ProtocolError) return error;
    throw error;
  }
}

/** A `note://` URI of exactly `length` characters. */
const noteOfLength = (length: number) => `note://${"n".repeat(length - "note://".length)}`;

describe.each(FIXTURE_TRANSPORTS)("subscriptions over %s", (transport) => {
  it("name URIs of at most 2,048 characters, for every resource request", async () => {
    const client = await fixtureClient(transport);
    expect(await request(client, "resources/subscribe", noteOfLength(2_048))).toBe("ok");
    for (const method of ["resources/subscribe", "resources/unsubscribe", "resources/read"]) {
      const error = await request(client, method, noteOfLength(2_049));
      expect({
        method,
        code: (error as ProtocolError).code,
        message: (error as ProtocolError).message,
      }).toEqual({
        method,
        code: INVALID,
        message: `params.uri must be at most 2,048 characters; this one has 2,049`,
      });
      expect((error as ProtocolError).data).toEqual({ max_uri_length: 2_048 });
    }
  });

  it("are at most 1,000 per session; a repeated one takes no room, an ended one frees it", async () => {
    const client = await fixtureClient(transport);
    const subscribe = (uri: string) => request(client, "resources/subscribe", uri);
    for (let index = 0; index < 1_000; index++) {
      expect(await subscribe(`note://n${index}`)).toBe("ok");
    }
    const refused = (await subscribe("note://one-too-many")) as ProtocolError;
    expect({ code: refused.code, message: refused.message, data: refused.data }).toEqual({
      code: INVALID,
      message: TOO_MANY,
      data: { max_subscriptions: 1_000 },
    });
    expect(await subscribe("note://n7")).toBe("ok");
    expect(await request(client, "resources/unsubscribe", "note://n7")).toBe("ok");
    expect(await subscribe("note://one-too-many")).toBe("ok");
    expect(((await subscribe("note://n7")) as ProtocolError).message).toBe(TOO_MANY);

    // The session keeps serving, and the subscriptions it holds still hear of changes.
    const heard: string[] = [];
    client.setNotificationHandler("notifications/resources/updated", (notification) => {
      heard.push(notification.params.uri);
    });
    await client.callTool({ name: "touch_note", arguments: { name: "one-too-many", times: 1 } });
    await expect.poll(() => heard).toEqual(["note://one-too-many"]);
  });
});

describe("a stdio client subscribing to huge URIs", () => {
  it("makes the server hold none of them", async () => {
    // 150 requests of 1 MB each; kept, they would hold 150 MB or more.
    const child = spawn(process.execPath, [FIXTURE_ENTRY], { stdio: ["pipe", "pipe", "ignore"] });
    let answers = 0;
    child.stdout?.setEncoding("utf8");
    child.stdout?.on("data", (chunk: string) => {
      answers += chunk.split("\n").length - 1;
    });
    const write = (message: unknown) =>
      new Promise((resolve) => child.stdin?.write(`${JSON.stringify(message)}\n`, resolve));
    const residentMiB = () => {
      const status = readFileSync(`/proc/${child.pid}/status`, "utf8");
      return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
    };
    await write(initializeRequest(0, "huge-uris"));
    await expect.poll(() => answers, { timeout: 20_000 }).toBe(1);
    const before = residentMiB();
    const huge = "u".repeat(1_000_000);
    for (let id = 1; id <= 150; id++) {
      await write({
        jsonrpc: "2.0",
        id,
        method: "resources/subscribe",
        params: { uri: `note://${id}${huge}` },
      });
    }
    await expect.poll(() => answers, { timeout: 20_000 }).toBe(151);
    const after = residentMiB();
    child.kill();
    expect(before).toBeGreaterThan(0);
    // Held URIs would add 150 MiB on top of the transient buffers, which come and go (up to
    // about 110 MiB of them on Node 24).
    expect(after - before).toBeLessThan(140);
  });
});
