// docs/gateway.md §15, item 9: a downstream cancellation must reach the upstream under the
// upstream's own request id (peers forward the client's id, which means nothing there), and a call
// still waiting in the gateway's rate-limit queue must be dropped without ever being sent.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  cleanupAll,
  type FixtureRecord,
  fixtureStdio,
  sleep,
  waitFor,
  writeConfig,
} from "../helpers/gateway.js";
import { initializeRaw, type RawStdioGateway, spawnRawStdioGateway } from "../helpers/raw-stdio.js";

let gateway: RawStdioGateway;
let nextId = 1000;

beforeAll(async () => {
  const config = writeConfig({
    mcpServers: {
      fixture: fixtureStdio(),
      queued: fixtureStdio(["--name", "queued", "--scheme", "queued", "--prompt", "queued"], {
        prefix: "q",
        rate_limit_ms: 2000,
      }),
    },
  });
  gateway = spawnRawStdioGateway(["--config", config]);
  await initializeRaw(gateway, nextId++);
});

afterAll(cleanupAll);

function startCall(name: string, args: Record<string, unknown>): number {
  const id = nextId++;
  gateway.send({ id, method: "tools/call", params: { name, arguments: args } });
  return id;
}

async function record(exposedName: string): Promise<FixtureRecord> {
  const response = await gateway.request(nextId++, "tools/call", { name: exposedName });
  return (response.result as { structuredContent: FixtureRecord }).structuredContent;
}

const responsesTo = (id: number) =>
  gateway.messages.filter((message) => message.id === id && message.method === undefined);

describe("a downstream client whose ids start at 1000", () => {
  it("cancels an in-flight call upstream with the upstream's request id, and gets no response", async () => {
    const downstreamId = startCall("slow", { ms: 8000, marker: "to-cancel" });
    let upstreamId: string | number | undefined;
    await waitFor(async () => {
      const seen = (await record("_record")).tool_calls.find(
        (entry) => (entry.arguments as { marker?: string } | null)?.marker === "to-cancel",
      );
      upstreamId = seen?.id;
      return seen !== undefined;
    }, "the slow call to reach the fixture");
    expect(upstreamId).not.toBe(downstreamId);

    gateway.send({
      method: "notifications/cancelled",
      params: { requestId: downstreamId, reason: "test" },
    });
    await waitFor(
      async () =>
        (await record("_record")).aborted.some((entry) => entry.request_id === upstreamId),
      "the fixture's handler to be aborted",
    );
    const after = await record("_record");
    expect(after.cancellations.map((entry) => entry.request_id)).toEqual([upstreamId]);
    await sleep(1000);
    expect(responsesTo(downstreamId)).toEqual([]);
  });

  it("never sends a call that was cancelled while queued by rate_limit_ms", async () => {
    const first = startCall("q__echo", { marker: "first" });
    await waitFor(() => responsesTo(first).length === 1, "the first queued-upstream call");
    const queuedId = startCall("q__echo", { marker: "queued" });
    await sleep(300);
    gateway.send({ method: "notifications/cancelled", params: { requestId: queuedId } });

    // This read waits its turn behind where the cancelled call would have gone.
    const seen = await record("q___record");
    const markers = seen.tool_calls.map(
      (entry) => (entry.arguments as { marker?: string } | null)?.marker ?? entry.name,
    );
    expect(markers).toEqual(["first", "_record"]);
    expect(responsesTo(queuedId)).toEqual([]);
  });
});
