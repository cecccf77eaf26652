// A view of a server behind a gateway prefix calls its own server's tools, under the prefixed
// names (docs/views.md §3): the map of the second world, opened from w2__get_reachable_locations,
// asks w2__get_exit_graph and draws that world, not the first one's.
import { copyFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describeInBrowser, openToolView } from "@tabletop-mcp/views/testing";
import { afterAll, beforeAll, expect, it } from "vitest";
import {
  call,
  cleanupAll,
  type HttpChild,
  openHttpSession,
  type Session,
  startGatewayHttp,
  tempFolder,
  writeConfig,
} from "../helpers/gateway.js";

const WORLD_FIXTURES = fileURLToPath(
  new URL("../../../../packages/world/tests/fixtures/", import.meta.url),
);

interface Graph {
  nodes: string[];
  edges: unknown[];
}

afterAll(cleanupAll);

describeInBrowser("a view of a server behind a gateway prefix", (browser) => {
  let gateway: HttpChild;
  let session: Session;

  beforeAll(async () => {
    const folder = tempFolder();
    const first = join(folder, "first.urd.md");
    const second = join(folder, "second.urd.md");
    copyFileSync(join(WORLD_FIXTURES, "two-room-key-puzzle.urd.md"), first);
    copyFileSync(join(WORLD_FIXTURES, "locked-garden.urd.md"), second);
    const config = writeConfig({
      mcpServers: {
        world: { builtin: "world", options: { worldPath: first } },
        w2: { builtin: "world", options: { worldPath: second }, prefix: "w2" },
      },
    });
    gateway = await startGatewayHttp(["--config", config]);
    session = await openHttpSession(gateway.url);
  });

  afterAll(() => session.close());

  it("calls its own server's tools under the prefix and draws that server's world", async () => {
    const graph = (await call(session.client, "w2__get_exit_graph"))
      .structuredContent as unknown as Graph;
    const own = (await call(session.client, "get_exit_graph"))
      .structuredContent as unknown as Graph;
    expect(graph.nodes).not.toEqual(own.nodes);
    const [from = ""] = graph.nodes;
    const { host, uri } = await openToolView(browser(), {
      client: session.client,
      tool: "w2__get_reachable_locations",
      arguments: { from },
    });
    expect(uri).toBe("ui://w2__world/map.html");
    await host.view
      .locator("#reach-summary")
      .filter({ hasText: `From ${from}` })
      .waitFor();
    expect(host.calls.map((made) => made.name)).toEqual(["w2__get_exit_graph"]);
    expect(await host.view.locator("#map-summary").textContent()).toBe(
      `${graph.nodes.length} locations, ${graph.edges.length} exits`,
    );
    expect(host.problems).toEqual([]);
    await host.close();
  });
});
