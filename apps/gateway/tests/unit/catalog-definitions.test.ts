import type { Tool } from "@modelcontextprotocol/server";
import { describe, expect, it } from "vitest";
import { Catalog } from "../../src/catalog/catalog.js";
import type { Upstream } from "../../src/upstreams/upstream.js";
import type { UpstreamListing } from "../../src/upstreams/upstream-client.js";

const INPUT = { type: "object", properties: { sides: { type: "integer" } } } as const;
const OUTPUT = { type: "object", properties: { total: { type: "integer" } } } as const;

/** A tool whose schemas are converted when first read, as an in-process server's are. */
function lazyTool(name: string): { tool: Tool; reads: () => number } {
  let reads = 0;
  const tool = {
    name,
    description: "Rolls a die.",
    get inputSchema() {
      reads += 1;
      return INPUT;
    },
    get outputSchema() {
      reads += 1;
      return OUTPUT;
    },
  } as unknown as Tool;
  return { tool, reads: () => reads };
}

function fakeUpstream(prefix: string | undefined, tools: Tool[]): Upstream {
  const listing: UpstreamListing = {
    tools,
    prompts: [],
    resourceTemplates: [],
    resources: [],
    instructions: undefined,
    capabilities: {},
    missing: [],
    cacheHints: {},
  };
  return {
    name: "dice",
    entry: { kind: "builtin", name: "dice", prefix, tiers: {} },
    listing,
    withheld: [],
    markConflict: () => undefined,
  } as unknown as Upstream;
}

describe("exposed tool definitions", () => {
  it("leave an upstream's schemas unread until a client lists them, under a prefix too", () => {
    for (const prefix of [undefined, "d"]) {
      const { tool, reads } = lazyTool("roll");
      const upstream = fakeUpstream(prefix, [tool]);
      const catalog = new Catalog([upstream]);
      const change = catalog.apply(upstream, upstream.listing as UpstreamListing);
      expect(change.tools).toBe(true);
      expect(reads()).toBe(0);
      const [listed] = JSON.parse(JSON.stringify(catalog.toolDefinitions)) as Tool[];
      expect(listed).toEqual({
        name: prefix === undefined ? "roll" : "d__roll",
        description: "Rolls a die.",
        inputSchema: INPUT,
        outputSchema: OUTPUT,
      });
      expect(reads()).toBe(2);
      // The upstream's own definition keeps its name.
      expect(tool.name).toBe("roll");
    }
  });

  it("count an unchanged relisting as no change, and a changed schema as one", () => {
    const first = lazyTool("roll");
    const upstream = fakeUpstream("d", [first.tool]);
    const catalog = new Catalog([upstream]);
    catalog.apply(upstream, upstream.listing as UpstreamListing);
    const same = lazyTool("roll");
    expect(
      catalog.apply(upstream, { ...(upstream.listing as UpstreamListing), tools: [same.tool] }),
    ).toMatchObject({ tools: false });
    const changed = { ...lazyTool("roll").tool, description: "Rolls two dice." } as Tool;
    expect(
      catalog.apply(upstream, { ...(upstream.listing as UpstreamListing), tools: [changed] }),
    ).toMatchObject({ tools: true });
    expect(catalog.toolDefinitions[0]?.description).toBe("Rolls two dice.");
  });
});
