// Unknown tools answer through the gateway as they do from the servers: JSON-RPC -32602 with
// the available names, and no error message repeats its code.
import type { JSONRPCMessage } from "@modelcontextprotocol/server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  call,
  cleanupAll,
  fixtureStdio,
  openStdioGateway,
  type StdioSession,
  toolNames,
  waitFor,
  writeConfig,
} from "../helpers/gateway.js";

let gateway: StdioSession;

beforeAll(async () => {
  const config = writeConfig({
    mcpServers: {
      dice: { builtin: "dice" },
      fixture: fixtureStdio(["--tools", "echo,fail"], { prefix: "fx" }),
    },
  });
  gateway = await openStdioGateway(["--config", config]);
});

afterAll(cleanupAll);

/** The JSON-RPC error the client received last, as it came over the wire. */
async function lastWireError(): Promise<{ code: number; message: string; data?: unknown }> {
  let found: { code: number; message: string; data?: unknown } | undefined;
  await waitFor(() => {
    const errors = gateway.received.filter(
      (message: JSONRPCMessage): message is JSONRPCMessage & { error: typeof found } =>
        "error" in message,
    );
    found = errors.at(-1)?.error;
    return found !== undefined;
  }, "an error response");
  if (!found) throw new Error("no error response");
  return found;
}

describe("a call to a tool the gateway does not expose", () => {
  it("is the JSON-RPC error -32602 naming the tool and every available one", async () => {
    const before = gateway.received.length;
    await expect(call(gateway.client, "roll_dise", {})).rejects.toMatchObject({ code: -32602 });
    const error = await lastWireError();
    expect(gateway.received.length).toBeGreaterThan(before);
    const available = await toolNames(gateway.client);
    expect(available).toContain("roll_dice");
    expect(available).toContain("fx__echo");
    expect(error).toEqual({
      code: -32602,
      message: `Unknown tool: roll_dise; available tools are ${available.join(", ")}`,
    });
  });

  it("is refused the same way under the upstream's own name when a prefix renames it", async () => {
    await expect(call(gateway.client, "echo", {})).rejects.toMatchObject({ code: -32602 });
    expect((await lastWireError()).message).toMatch(/^Unknown tool: echo; available tools are /);
  });
});

// SDK v2 never sends -32002 for a resource miss: its servers answer -32602 with data.uri (the
// 2026-07-28 spec's code, used on every revision), the fixture's and the gateway's alike.
describe("an upstream's JSON-RPC error passed through", () => {
  it("keeps its code and data, and its message carries no `MCP error` prefix", async () => {
    await expect(gateway.client.readResource({ uri: "fixture://item/" })).rejects.toMatchObject({
      code: -32602,
    });
    const error = await lastWireError();
    expect(error).toEqual({
      code: -32602,
      message: "Resource not found",
      data: { uri: "fixture://item/" },
    });
  });

  it("of the gateway's own kind says what is wrong without its code either", async () => {
    await expect(gateway.client.readResource({ uri: "nowhere://at/all" })).rejects.toMatchObject({
      code: -32602,
    });
    expect(await lastWireError()).toEqual({
      code: -32602,
      message: "Resource not found",
      data: { uri: "nowhere://at/all" },
    });
  });
});

describe("the session after refused requests", () => {
  it("keeps serving", async () => {
    const result = await call(gateway.client, "fx__echo", { still: "here" });
    expect(result.structuredContent).toMatchObject({ arguments: { still: "here" } });
  });
});
