import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { connectStdioMeasured, type MeasuredConnection, residentMiB } from "../helpers/harness.js";
import { chainWorld, generateWorld } from "../helpers/large-worlds.js";
import { joinPages, type Payload, pageOf, payloadBytes, walkPages } from "../helpers/pages.js";

const BUDGET = 65_536;
const directory = mkdtempSync(join(tmpdir(), "world-large-"));
afterAll(() => rmSync(directory, { recursive: true, force: true }));

function writeWorld(name: string, text: string): string {
  const path = join(directory, name);
  writeFileSync(path, text);
  return path;
}

const byCodePoint = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/**
 * The exits of the generator's default world, in source order: 2,000 rooms on a 45-wide grid,
 * each with east, west, south and north where the neighbour exists; every 5th east exit and every
 * 7th south exit guarded by one condition.
 */
function generatedExits(rooms = 2000, width = 45) {
  const edges: Payload[] = [];
  const exit = (from: number, to: number, name: string, guarded: boolean) =>
    edges.push({
      from: `room-${from}`,
      to: `room-${to}`,
      exit_name: name,
      is_conditional: guarded,
      guard_count: guarded ? 1 : 0,
    });
  for (let room = 1; room <= rooms; room++) {
    if (room < rooms) exit(room, room + 1, "east", room % 5 === 0);
    if (room > 1) exit(room, room - 1, "west", false);
    if (room + width <= rooms) exit(room, room + width, "south", room % 7 === 0);
    if (room - width >= 1) exit(room, room - width, "north", false);
  }
  return edges;
}

describe("the default generated world over stdio", () => {
  let connection: MeasuredConnection;
  const edges = generatedExits();
  const rooms = Array.from({ length: 2000 }, (_, index) => `room-${index + 1}`).sort(byCodePoint);
  beforeAll(async () => {
    connection = await connectStdioMeasured([
      writeWorld("generated-world.urd.md", generateWorld()),
    ]);
  });
  afterAll(() => connection.close());

  it("answers get_exit_graph with its first page: every node, then as many exits as fit in 64 KiB", async () => {
    const result = await connection.client.callTool({ name: "get_exit_graph", arguments: {} });
    const page = result.structuredContent as Payload;
    const shown = page.edges as Payload[];
    expect(page.nodes).toEqual(rooms);
    expect(shown).toEqual(edges.slice(0, shown.length));
    expect(pageOf(page)?.total).toEqual({ nodes: 2000, edges: 7908 });
    expect(pageOf(page)?.next_cursor).toEqual(expect.any(String));
    expect(payloadBytes(page)).toBeLessThanOrEqual(BUDGET);
    expect(payloadBytes({ ...page, edges: edges.slice(0, shown.length + 1) })).toBeGreaterThan(
      BUDGET,
    );
  });

  it("answers the radius-2 neighbourhood of room-1000 whole", async () => {
    const near = [0, 1, -1, 2, -2, 45, -45, 90, -90, 46, 44, -44, -46].map(
      (step) => `room-${1000 + step}`,
    );
    const result = await connection.client.callTool({
      name: "get_exit_graph",
      arguments: { around: "room-1000", radius: 2 },
    });
    expect(result.isError).toBeFalsy();
    expect(result.structuredContent).toEqual({
      schema_version: "1",
      nodes: [...near].sort(byCodePoint),
      edges: edges.filter(
        (edge) => near.includes(edge.from as string) && near.includes(edge.to as string),
      ),
    });
  });
});

describe("a chain of 6,000 rooms over stdio", () => {
  let connection: MeasuredConnection;
  const rooms = Array.from({ length: 6000 }, (_, index) => `room-${index + 1}`);
  const sorted = [...rooms].sort(byCodePoint);
  const number = (room: string) => Number(room.slice("room-".length));
  beforeAll(async () => {
    connection = await connectStdioMeasured([writeWorld("chain.urd.md", chainWorld(6000))]);
  });
  afterAll(() => connection.close());

  it("pages every parent of the reachable set inside 64 KiB", async () => {
    const pages = await walkPages(connection.client, "get_reachable_locations", {
      from: "room-1",
      include_paths: false,
    });
    expect(pages.length).toBeGreaterThan(1);
    for (const page of pages) expect(payloadBytes(page)).toBeLessThanOrEqual(BUDGET);
    expect(joinPages(pages)).toEqual({
      schema_version: "1",
      from: "room-1",
      reachable: sorted,
      unreachable: [],
      path_count: 6000,
      parents: sorted
        .filter((room) => room !== "room-1")
        .map((room) => ({ location: room, via: `room-${number(room) - 1}` })),
    });
  });

  it("writes out shortest paths a page at a time, each page inside 64 KiB", async () => {
    const pages = await walkPages(
      connection.client,
      "get_reachable_locations",
      { from: "room-1" },
      4,
    );
    const paths = joinPages(pages).paths as Record<string, string[]>;
    expect(Object.keys(paths).length).toBeGreaterThan(0);
    for (const [room, path] of Object.entries(paths)) {
      expect(path).toEqual(rooms.slice(0, number(room)));
    }
    for (const page of pages) expect(payloadBytes(page)).toBeLessThanOrEqual(BUDGET);
  }, 120_000);

  it("pages the whole exit graph inside 64 KiB and stays under 200 MB", async () => {
    const pages = await walkPages(connection.client, "get_exit_graph", {});
    for (const page of pages) expect(payloadBytes(page)).toBeLessThanOrEqual(BUDGET);
    expect((joinPages(pages).edges as unknown[]).length).toBe(5999);
    expect(residentMiB(connection.pid)).toBeLessThan(200);
  });
});
