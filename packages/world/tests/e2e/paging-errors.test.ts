import { copyFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { fixturePath } from "../helpers/fixtures.js";
import { type Connection, callTool, connectStdio } from "../helpers/harness.js";
import { LOCKED_GARDEN_SPEC } from "../helpers/locked-garden-spec.js";
import { pageOf } from "../helpers/pages.js";

const invalid = (parameter: string, issue: string, validRange?: string) => ({
  isError: true,
  payload: {
    error: {
      message: "Invalid parameters provided",
      details: [
        { parameter, issue, ...(validRange === undefined ? {} : { valid_range: validRange }) },
      ],
    },
  },
});

/** The Locked Garden's exit graph, two nodes and two exits, as the spec transcription gives it. */
const LOCKED_GARDEN_GRAPH = LOCKED_GARDEN_SPEC.find((call) => call.tool === "get_exit_graph")
  ?.payload as { nodes: string[]; edges: unknown[] };

describe("paging arguments over stdio", () => {
  let connection: Connection;
  beforeAll(async () => {
    connection = await connectStdio([fixturePath("locked-garden.urd.md")]);
  });
  afterAll(() => connection.close());

  /** After every refusal the server answers a good call. */
  async function stillServing() {
    const answer = await callTool(connection.client, "get_exit_graph", {});
    expect(answer).toEqual({ isError: false, payload: LOCKED_GARDEN_GRAPH });
  }

  it.each([
    [{ limit: 0 }, "limit", "Value 0 is below minimum allowed (1)", "1-5000"],
    [{ limit: 5001 }, "limit", "Value 5001 exceeds maximum allowed (5000)", "1-5000"],
    [{ limit: "10" }, "limit", "Expected an integer, received string", "1-5000"],
    [
      { around: "the-walled-garden", radius: 11 },
      "radius",
      "Value 11 exceeds maximum allowed (10)",
      "1-10",
    ],
    [
      { around: "the-walled-garden", radius: 0 },
      "radius",
      "Value 0 is below minimum allowed (1)",
      "1-10",
    ],
    [{ radius: 2 }, "radius", "Only allowed together with around", undefined],
  ])("refuses %j in the contract's words", async (args, parameter, issue, range) => {
    expect(await callTool(connection.client, "get_exit_graph", args)).toEqual(
      invalid(parameter, issue, range),
    );
    await stillServing();
  });

  it("answers a malformed cursor with the invalid-cursor error", async () => {
    for (const cursor of ["not-a-cursor", "", "AQ"]) {
      expect(await callTool(connection.client, "get_exit_graph", { cursor })).toEqual({
        isError: true,
        payload: { schema_version: "1", error: "Invalid cursor", cursor },
      });
      await stillServing();
    }
  });

  it("answers a cursor of another question with the invalid-cursor error", async () => {
    const first = await callTool(connection.client, "get_exit_graph", { limit: 1 });
    const cursor = pageOf(first.payload)?.next_cursor as string;
    expect(cursor).toEqual(expect.any(String));
    for (const [tool, args] of [
      ["get_dialogue_graph", { cursor }],
      ["get_exit_graph", { around: "the-walled-garden", cursor }],
    ] as const) {
      expect(await callTool(connection.client, tool, args)).toEqual({
        isError: true,
        payload: { schema_version: "1", error: "Invalid cursor", cursor },
      });
    }
    await stillServing();
  });

  it("answers an unknown around with the location-not-found error", async () => {
    expect(await callTool(connection.client, "get_exit_graph", { around: "nowhere" })).toEqual({
      isError: true,
      payload: { schema_version: "1", error: "Location not found", location: "nowhere" },
    });
    await stillServing();
  });

  it("pages a small answer when a limit is given, one item per list at a time", async () => {
    const first = await callTool(connection.client, "get_exit_graph", { limit: 1 });
    const cursor = pageOf(first.payload)?.next_cursor as string;
    const second = await callTool(connection.client, "get_exit_graph", { limit: 1, cursor });
    expect(first.payload).toEqual({
      schema_version: "1",
      nodes: ["gatehouse"],
      edges: [LOCKED_GARDEN_GRAPH.edges[0]],
      page: { total: { nodes: 2, edges: 2 }, next_cursor: cursor },
    });
    expect(second.payload).toEqual({
      schema_version: "1",
      nodes: ["the-walled-garden"],
      edges: [LOCKED_GARDEN_GRAPH.edges[1]],
      page: { total: { nodes: 2, edges: 2 }, next_cursor: null },
    });
  });
});

describe("cursors and world versions", () => {
  let directory: string;
  let connection: Connection | undefined;
  afterEach(async () => {
    await connection?.close();
    connection = undefined;
    rmSync(directory, { recursive: true, force: true });
  });

  function copyLockedGarden(): string {
    directory = mkdtempSync(join(tmpdir(), "world-cursor-"));
    const world = join(directory, "locked-garden.urd.md");
    copyFileSync(fixturePath("locked-garden.urd.md"), world);
    return world;
  }

  it("refuses a cursor after a --watch recompilation and keeps serving", async () => {
    const world = copyLockedGarden();
    connection = await connectStdio([world, "--watch"]);
    const { client } = connection;
    const updates: string[] = [];
    client.setNotificationHandler("notifications/resources/updated", (notification) => {
      updates.push(notification.params.uri);
    });
    await client.subscribeResource({ uri: "world://compiled" });
    const first = await callTool(client, "get_exit_graph", { limit: 1 });
    const stale = pageOf(first.payload)?.next_cursor as string;
    expect((await callTool(client, "get_exit_graph", { limit: 1, cursor: stale })).isError).toBe(
      false,
    );

    writeFileSync(world, readFileSync(world, "utf8").replace("the-locked-garden", "a-new-garden"));
    const deadline = Date.now() + 5000;
    while (updates.length === 0 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(updates).toContain("world://compiled");

    expect(await callTool(client, "get_exit_graph", { limit: 1, cursor: stale })).toEqual({
      isError: true,
      payload: { schema_version: "1", error: "Invalid cursor", cursor: stale },
    });
    const fresh = await callTool(client, "get_exit_graph", { limit: 1 });
    const cursor = pageOf(fresh.payload)?.next_cursor as string;
    expect(cursor).not.toBe(stale);
    const next = await callTool(client, "get_exit_graph", { limit: 1, cursor });
    expect(next.payload.edges).toEqual([LOCKED_GARDEN_GRAPH.edges[1]]);
  });

  it("accepts a cursor in a new process serving the same file", async () => {
    const world = copyLockedGarden();
    connection = await connectStdio([world]);
    const first = await callTool(connection.client, "get_exit_graph", { limit: 1 });
    const cursor = pageOf(first.payload)?.next_cursor as string;
    await connection.close();
    connection = await connectStdio([world]);
    const next = await callTool(connection.client, "get_exit_graph", { limit: 1, cursor });
    expect(next.payload.edges).toEqual([LOCKED_GARDEN_GRAPH.edges[1]]);
  });
});
