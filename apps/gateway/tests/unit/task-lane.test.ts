// docs/gateway.md §7.7: the task lane sends its requests on the connection's transport and takes
// only their answers off it; everything else still reaches the SDK client. Its requests carry
// the connection's envelope with the extension declared, and fail on a time limit, a cancel or
// a closed connection rather than wait forever.
import {
  type JSONRPCMessage,
  ProtocolError,
  SdkError,
  type Transport,
} from "@modelcontextprotocol/client";
import { describe, expect, it } from "vitest";
import { TaskHandles } from "../../src/session/task-handles.js";
import { TaskLane } from "../../src/upstreams/task-lane.js";

/** A transport that records what is sent and lets the test deliver messages. */
function fakeTransport() {
  const sent: JSONRPCMessage[] = [];
  const toClient: JSONRPCMessage[] = [];
  const transport: Transport = {
    start: async () => {},
    close: async () => {},
    send: async (message) => {
      sent.push(message);
    },
    onmessage: (message) => toClient.push(message),
  };
  const deliver = (message: JSONRPCMessage) => transport.onmessage?.(message);
  return { transport, sent, toClient, deliver };
}

const IDENTITY = {
  protocolVersion: "2026-07-28",
  clientInfo: { name: "tabletop-gateway", version: "1.0.0" },
  capabilities: { elicitation: { form: {} } },
};

describe("TaskLane", () => {
  it("frames its request with the envelope and the extension, and takes only its answer", async () => {
    const { transport, sent, toClient, deliver } = fakeTransport();
    const lane = new TaskLane(transport, IDENTITY);
    const pending = lane.request(
      "tasks/get",
      { taskId: "t-1", _meta: { traceparent: "00-abc-def-01" } },
      { timeout: 1000 },
    );
    await Promise.resolve();
    const request = sent[0] as { id: string; method: string; params: Record<string, unknown> };
    expect(request.method).toBe("tasks/get");
    expect(request.params.taskId).toBe("t-1");
    expect(request.params._meta).toEqual({
      traceparent: "00-abc-def-01",
      "io.modelcontextprotocol/protocolVersion": "2026-07-28",
      "io.modelcontextprotocol/clientInfo": IDENTITY.clientInfo,
      "io.modelcontextprotocol/clientCapabilities": {
        elicitation: { form: {} },
        extensions: { "io.modelcontextprotocol/tasks": {} },
      },
    });
    // The client's own traffic, numeric ids included, passes by untouched.
    deliver({ jsonrpc: "2.0", id: 1, result: {} });
    deliver({ jsonrpc: "2.0", method: "notifications/message", params: { level: "info" } });
    deliver({ jsonrpc: "2.0", id: request.id, result: { resultType: "task", taskId: "t-1" } });
    await expect(pending).resolves.toEqual({ resultType: "task", taskId: "t-1" });
    expect(toClient).toHaveLength(2);
  });

  it("passes an upstream's error on as a ProtocolError with its code and data", async () => {
    const { transport, sent, deliver } = fakeTransport();
    const lane = new TaskLane(transport, IDENTITY);
    const pending = lane.request("tasks/get", { taskId: "gone" }, { timeout: 1000 });
    await Promise.resolve();
    const id = (sent[0] as { id: string }).id;
    deliver({ jsonrpc: "2.0", id, error: { code: -32602, message: "Task not found", data: 1 } });
    const error = await pending.catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ProtocolError);
    expect((error as ProtocolError).code).toBe(-32602);
  });

  it("gives up on a time limit, a cancel, and a closed connection", async () => {
    const { transport } = fakeTransport();
    const lane = new TaskLane(transport, IDENTITY);
    await expect(lane.request("tasks/get", { taskId: "a" }, { timeout: 20 })).rejects.toThrow(
      SdkError,
    );
    const controller = new AbortController();
    const cancelled = lane.request(
      "tasks/get",
      { taskId: "b" },
      {
        timeout: 10_000,
        signal: controller.signal,
      },
    );
    controller.abort("client went away");
    await expect(cancelled).rejects.toThrow("client went away");
    const open = lane.request("tasks/get", { taskId: "c" }, { timeout: 10_000 });
    lane.close();
    await expect(open).rejects.toThrow("Connection closed");
  });

  it("fails a request whose send fails, at once", async () => {
    const { transport } = fakeTransport();
    transport.send = async () => {
      throw new Error("socket hang up");
    };
    const lane = new TaskLane(transport, IDENTITY);
    await expect(lane.request("tools/call", { name: "x" }, { timeout: 10_000 })).rejects.toThrow(
      "socket hang up",
    );
  });
});

describe("TaskHandles", () => {
  it("opens what it sealed for the same subject only, and nothing changed or foreign", () => {
    const handles = new TaskHandles();
    const handle = handles.seal({ upstream: "up.one", taskId: "a.b.c" }, "alice");
    expect(handles.open(handle, "alice")).toEqual({ upstream: "up.one", taskId: "a.b.c" });
    expect(handles.open(handle, "bob")).toBeUndefined();
    expect(new TaskHandles().open(handle, "alice")).toBeUndefined();
    for (let index = 0; index < handle.length; index++) {
      const changed = handle[index] === "x" ? "y" : "x";
      const tampered = `${handle.slice(0, index)}${changed}${handle.slice(index + 1)}`;
      expect(handles.open(tampered, "alice"), `position ${index}`).toBeUndefined();
    }
    for (const junk of [undefined, 7, "", "gwt1", "gwt1..", `${handle}.x`, "x".repeat(5000)]) {
      expect(handles.open(junk, "alice")).toBeUndefined();
    }
  });
});
