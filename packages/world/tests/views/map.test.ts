import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import {
  describeInBrowser,
  openToolView,
  screenshotThemes,
  type ViewHost,
} from "@tabletop-mcp/views/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fixturePath } from "../helpers/fixtures.js";
import { type Connection, connectStdio } from "../helpers/harness.js";
import { chainWorld, generateWorld } from "../helpers/large-worlds.js";
import { joinPages, walkPages } from "../helpers/pages.js";

const PICTURES = fileURLToPath(new URL("../../test-results/views", import.meta.url));
const directory = mkdtempSync(join(tmpdir(), "world-map-view-"));
afterAll(() => rmSync(directory, { recursive: true, force: true }));

interface Graph {
  nodes: string[];
  edges: { from: string; to: string; exit_name: string; is_conditional: boolean }[];
}

interface Reach {
  reachable: string[];
  unreachable: string[];
}

function writeWorld(name: string, text: string): string {
  const path = join(directory, name);
  writeFileSync(path, text);
  return path;
}

/** The locations drawn, and which of them are greyed. */
async function drawnLocations(host: ViewHost) {
  const shapes = host.view.locator("[data-location]");
  const all = await shapes.evaluateAll((found) =>
    found.map((shape) => shape.getAttribute("data-location")),
  );
  const greyed = await host.view
    .locator("[data-location].location-unreachable")
    .evaluateAll((found) => found.map((shape) => shape.getAttribute("data-location")));
  return { all, greyed, lit: all.filter((id) => !greyed.includes(id)) };
}

async function viewBox(host: ViewHost): Promise<number[]> {
  const box = await host.view.locator("svg.map-graphic").getAttribute("viewBox");
  return (box ?? "").split(" ").map(Number);
}

describeInBrowser("the world map view", (browser) => {
  describe("on the Sunken Citadel", () => {
    let connection: Connection;
    beforeAll(async () => {
      connection = await connectStdio([fixturePath("sunken-citadel.urd.md")]);
    });
    afterAll(() => connection.close());

    it("draws every location and exit, the guarded ones dashed, and counts them in words", async () => {
      const { host, result, uri } = await openToolView(browser(), {
        client: connection.client,
        tool: "get_exit_graph",
        arguments: {},
      });
      expect(uri).toBe("ui://world/map.html");
      const graph = result.structuredContent as unknown as Graph;
      const summary = host.view.locator("#map-summary");
      await summary.filter({ hasText: /\S/ }).waitFor();
      expect(await summary.textContent()).toBe(
        `${graph.nodes.length} locations, ${graph.edges.length} exits`,
      );
      expect(graph.nodes).toHaveLength(12);
      expect((await drawnLocations(host)).all).toEqual(graph.nodes);
      expect(await host.view.locator("path.exit").count()).toBe(graph.edges.length);
      expect(await host.view.locator("path.exit-conditional").count()).toBe(
        graph.edges.filter((edge) => edge.is_conditional).length,
      );
      expect(await host.view.locator("#exit-list li").allTextContents()).toEqual(
        graph.edges.map(
          (edge) =>
            `${edge.from} → ${edge.to} (${edge.exit_name}${edge.is_conditional ? ", conditional" : ""})`,
        ),
      );
      await screenshotThemes(host, PICTURES, "map");
      expect(host.problems).toEqual([]);
      await host.close();
    });

    it("pans and zooms with the buttons, the keys, the wheel and a drag", async () => {
      const { host } = await openToolView(browser(), {
        client: connection.client,
        tool: "get_exit_graph",
        arguments: {},
      });
      const svg = host.view.locator("svg.map-graphic");
      await svg.waitFor();
      const whole = await viewBox(host);
      await host.view.getByRole("button", { name: "Zoom in" }).click();
      const zoomed = await viewBox(host);
      expect(zoomed[2]).toBeCloseTo((whole[2] ?? 0) / 1.25, 6);
      await svg.press("ArrowRight");
      expect((await viewBox(host))[0]).toBeCloseTo((zoomed[0] ?? 0) + (zoomed[2] ?? 0) * 0.15, 6);
      await host.view.getByRole("button", { name: "Whole map" }).click();
      expect(await viewBox(host)).toEqual(whole);

      const area = await svg.boundingBox();
      if (!area) throw new Error("the map is not drawn");
      await host.page.mouse.move(area.x + area.width / 2, area.y + area.height / 2);
      await host.page.mouse.wheel(0, -200);
      await expect.poll(async () => (await viewBox(host))[2]).toBeLessThan(whole[2] ?? 0);
      const beforeDrag = await viewBox(host);
      await host.page.mouse.down();
      await host.page.mouse.move(area.x + area.width / 2 - 60, area.y + area.height / 2, {
        steps: 4,
      });
      await host.page.mouse.up();
      expect((await viewBox(host))[0]).toBeGreaterThan(beforeDrag[0] ?? 0);
      expect(host.calls).toEqual([]);
      await host.close();
    });
  });

  describe("on a one-way chain of six rooms", () => {
    let connection: Connection;
    beforeAll(async () => {
      connection = await connectStdio([writeWorld("chain.urd.md", chainWorld(6))]);
    });
    afterAll(() => connection.close());

    it("shows a chosen location's reachable set, as get_reachable_locations gives it, and greys the rest", async () => {
      const { host } = await openToolView(browser(), {
        client: connection.client,
        tool: "get_exit_graph",
        arguments: {},
      });
      await host.view.getByRole("button", { name: "room-3", exact: true }).click();
      await host.view.locator("#reach-summary").filter({ hasText: "From room-3" }).waitFor();
      const expected = (
        await connection.client.callTool({
          name: "get_reachable_locations",
          arguments: { from: "room-3" },
        })
      ).structuredContent as unknown as Reach;
      expect(expected.unreachable).toEqual(["room-1", "room-2"]);
      const drawn = await drawnLocations(host);
      expect(drawn.lit).toEqual(expected.reachable);
      expect(drawn.greyed).toEqual(expected.unreachable);
      expect(
        await host.view
          .getByRole("button", { name: "room-3", exact: true })
          .getAttribute("aria-pressed"),
      ).toBe("true");
      expect(host.calls.map((call) => [call.name, call.arguments])).toEqual([
        ["get_reachable_locations", { from: "room-3", include_paths: false }],
      ]);

      await host.view.getByRole("button", { name: "room-5", exact: true }).press("Enter");
      await host.view.locator("#reach-summary").filter({ hasText: "From room-5" }).waitFor();
      expect((await drawnLocations(host)).lit).toEqual(["room-5", "room-6"]);
      await host.close();
    });

    it("draws the graph a get_reachable_locations result needs and greys what it cannot reach", async () => {
      const { host, result } = await openToolView(browser(), {
        client: connection.client,
        tool: "get_reachable_locations",
        arguments: { from: "room-4" },
      });
      const reach = result.structuredContent as unknown as Reach;
      await host.view.locator("#reach-summary").filter({ hasText: "From room-4" }).waitFor();
      expect(host.calls.map((call) => call.name)).toEqual(["get_exit_graph"]);
      const drawn = await drawnLocations(host);
      expect(drawn.lit).toEqual(reach.reachable);
      expect(drawn.greyed).toEqual(reach.unreachable);
      expect(await host.view.locator("#map-summary").textContent()).toBe("6 locations, 5 exits");
      await host.close();
    });
  });

  describe("on a generated world too large to draw whole", () => {
    let connection: Connection;
    beforeAll(async () => {
      connection = await connectStdio([writeWorld("generated.urd.md", generateWorld())]);
    });
    afterAll(() => connection.close());

    it("draws the neighbourhood of the start location, in a frame 320 pixels wide", async () => {
      const { host, result } = await openToolView(browser(), {
        client: connection.client,
        tool: "get_exit_graph",
        arguments: {},
        width: 320,
      });
      expect(
        (result.structuredContent as { page?: { next_cursor: unknown } }).page?.next_cursor,
      ).toEqual(expect.any(String));
      const scope = host.view.locator("#map-scope");
      await scope.filter({ hasText: /\S/ }).waitFor();
      const start = (
        await connection.client.callTool({ name: "get_world_metadata", arguments: {} })
      ).structuredContent as { start_location: string };
      const around = (
        await connection.client.callTool({
          name: "get_exit_graph",
          arguments: { around: start.start_location, radius: 2 },
        })
      ).structuredContent as unknown as Graph;
      expect(await scope.textContent()).toContain(`within 2 exits of ${start.start_location}`);
      expect(await host.view.locator("#map-summary").textContent()).toBe(
        `${around.nodes.length} locations, ${around.edges.length} exits`,
      );
      expect((await drawnLocations(host)).all).toEqual(around.nodes);
      expect(host.calls.map((call) => call.name)).toEqual(["get_world_metadata", "get_exit_graph"]);
      expect(await host.horizontalOverflow()).toBe(0);
      expect(host.problems).toEqual([]);
      await host.close();
    });

    it("re-centres the neighbourhood on the chosen location on request", async () => {
      const { host } = await openToolView(browser(), {
        client: connection.client,
        tool: "get_exit_graph",
        arguments: {},
      });
      const scope = host.view.locator("#map-scope");
      await scope.filter({ hasText: /\S/ }).waitFor();
      const [, , chosen] = (await drawnLocations(host)).all;
      if (!chosen) throw new Error("the neighbourhood has fewer than three locations");
      await host.view.getByRole("button", { name: chosen, exact: true }).click();
      await host.view.getByRole("button", { name: "Centre on the chosen location" }).click();
      await scope.filter({ hasText: `within 2 exits of ${chosen}.` }).waitFor();
      const around = (
        await connection.client.callTool({
          name: "get_exit_graph",
          arguments: { around: chosen, radius: 2 },
        })
      ).structuredContent as unknown as Graph;
      await host.view
        .locator("#reach-summary")
        .filter({ hasText: `From ${chosen}:` })
        .waitFor();
      expect((await drawnLocations(host)).all).toEqual(around.nodes);
      expect(
        await host.view
          .getByRole("button", { name: chosen, exact: true })
          .getAttribute("aria-pressed"),
      ).toBe("true");
      const firstPages = host.calls.filter((call) => !("cursor" in call.arguments));
      expect(firstPages.map((call) => [call.name, call.arguments])).toEqual([
        ["get_world_metadata", {}],
        ["get_exit_graph", { around: firstPages[1]?.arguments.around, radius: 2 }],
        ["get_reachable_locations", { from: chosen, include_paths: false }],
        ["get_exit_graph", { around: chosen, radius: 2 }],
        ["get_reachable_locations", { from: chosen, include_paths: false }],
      ]);
      const reach = joinPages(
        await walkPages(connection.client, "get_reachable_locations", { from: chosen }),
      ) as unknown as Reach;
      expect(reach.reachable.length + reach.unreachable.length).toBe(2000);
      const shown = new Set(around.nodes);
      const drawn = await drawnLocations(host);
      expect(drawn.lit).toEqual(reach.reachable.filter((id) => shown.has(id)));
      expect(drawn.greyed).toEqual(reach.unreachable.filter((id) => shown.has(id)));
      await host.close();
    });
  });
});
