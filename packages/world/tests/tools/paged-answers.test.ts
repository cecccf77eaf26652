import type { Client } from "@modelcontextprotocol/client";
import { connectInMemory } from "@tabletop-mcp/kit/testing";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  type CompiledWorld,
  compileWorldText,
  createServer,
  getChoiceConditions,
  getDiagnostics,
  getDialogueGraph,
  getEntityDetails,
  getExitGraph,
  getPropertyDependencies,
  getReachableLocations,
  type LoadedWorld,
  WorldStore,
} from "../../src/index.js";
import { chainWorld, generateWorld, slug, type WorldSize } from "../helpers/large-worlds.js";
import {
  itemsOn,
  joinPages,
  type Payload,
  pageOf,
  payloadBytes,
  walkPages,
} from "../helpers/pages.js";

const BUDGET = 65_536;

/** The neighbourhood of `around`, grown one ring of neighbours at a time over the whole graph. */
function neighbourhood(compiled: CompiledWorld, around: string, radius: number): Payload {
  const whole = getExitGraph(compiled);
  const kept = new Set([around]);
  for (let step = 0; step < radius; step++) {
    const ring = whole.edges.flatMap((edge) => {
      if (kept.has(edge.from)) return [edge.to];
      return kept.has(edge.to) ? [edge.from] : [];
    });
    for (const location of ring) kept.add(location);
  }
  return {
    schema_version: "1",
    nodes: whole.nodes.filter((node) => kept.has(node)),
    edges: whole.edges.filter((edge) => kept.has(edge.from) && kept.has(edge.to)),
  };
}

/** The whole dialogue graph cut down to the sections under a prefix. */
function underPrefix(compiled: CompiledWorld, prefix: string): Payload {
  const whole = getDialogueGraph(compiled);
  return {
    schema_version: "1",
    sections: whole.sections.filter((section) => section.startsWith(prefix)),
    jumps: whole.jumps.filter((jump) => jump.from_section.startsWith(prefix)),
    choices: whole.choices.filter((choice) => choice.section.startsWith(prefix)),
  };
}

/** The reachability answer with `parents` read off the last step of each path, in its place. */
function withParents(answer: Payload): Payload {
  const paths = answer.paths as Record<string, string[]>;
  const reachable = answer.reachable as string[];
  const entries = Object.entries(answer).map(([key, value]) =>
    key === "paths"
      ? [
          "parents",
          reachable
            .filter((location) => location !== answer.from)
            .map((location) => ({ location, via: paths[location]?.at(-2) })),
        ]
      : [key, value],
  );
  return Object.fromEntries(entries);
}

interface Question {
  tool: string;
  args: Payload;
  reference: Payload;
}

/** One question of each kind about a generated world, the starting points chosen by `pick`. */
function questions(world: LoadedWorld, pick: (count: number) => number): Question[] {
  const compiled = world.compiled;
  const rooms = Object.keys(compiled.world?.locations ?? {});
  const from = rooms[pick(rooms.length)] as string;
  const around = rooms[pick(rooms.length)] as string;
  const radius = 1 + pick(3);
  const state = { "@d1.locked": false };
  const prefix = "generated-world/s1";
  const ask = (tool: string, args: Payload, reference: object) => ({
    tool,
    args,
    reference: reference as Payload,
  });
  return [
    ask("get_exit_graph", {}, getExitGraph(compiled)),
    ask("get_exit_graph", { around, radius }, neighbourhood(compiled, around, radius)),
    ask("get_dialogue_graph", {}, getDialogueGraph(compiled)),
    ask("get_dialogue_graph", { section_prefix: prefix }, underPrefix(compiled, prefix)),
    ask("get_reachable_locations", { from }, getReachableLocations(compiled, from)),
    ask(
      "get_reachable_locations",
      { from, include_paths: false },
      withParents(getReachableLocations(compiled, from) as unknown as Payload),
    ),
    ask(
      "get_reachable_locations",
      { from, respect_conditions: true, state },
      getReachableLocations(compiled, from, {
        respectConditions: true,
        state,
        sources: world.lines,
      }),
    ),
    ask("get_diagnostics", {}, getDiagnostics(compiled)),
    ask(
      "get_property_dependencies",
      { entity_type: "Guard", property: "mood" },
      getPropertyDependencies(compiled, { entity_type: "Guard", property: "mood" }),
    ),
    ask("get_choice_conditions", { section: prefix }, getChoiceConditions(compiled, prefix)),
    ask("get_entity_details", { entity_id: "@g1" }, getEntityDetails(compiled, "@g1")),
  ];
}

/** Walks every page of a question and checks them against the unpaged reference. */
async function checkPages(client: Client, question: Question, limit: number | undefined) {
  const args = limit === undefined ? question.args : { ...question.args, limit };
  const label = `${question.tool} ${JSON.stringify(args)}`;
  const pages = await walkPages(client, question.tool, args);
  expect(JSON.stringify(joinPages(pages)), label).toBe(JSON.stringify(question.reference));
  for (const page of pages) {
    const info = pageOf(page);
    if (info === undefined) {
      expect(limit, label).toBeUndefined();
      expect(payloadBytes(page), label).toBeLessThanOrEqual(BUDGET);
      continue;
    }
    if (itemsOn(page) > 1) expect(payloadBytes(page), label).toBeLessThanOrEqual(BUDGET);
    for (const [key, value] of Object.entries(question.reference)) {
      if (key in info.total) {
        const whole = Array.isArray(value) ? value.length : Object.keys(value as object).length;
        expect(info.total[key], `${label} total.${key}`).toBe(whole);
      } else {
        expect(page[key], `${label} ${key}`).toEqual(value);
      }
    }
  }
  return pages;
}

async function askAll(size: WorldSize, limit: number | undefined, pickSeed: number) {
  const world = compileWorldText("generated-world.urd.md", generateWorld(size));
  const connection = await connectInMemory(createServer({ store: new WorldStore(world) }));
  let state = pickSeed;
  const pick = (count: number) => {
    state = (state * 1103515245 + 12345) % 2147483648;
    return state % count;
  };
  const pageCounts: number[] = [];
  try {
    for (const question of questions(world, pick)) {
      pageCounts.push((await checkPages(connection.client, question, limit)).length);
    }
  } finally {
    await connection.close();
  }
  return pageCounts;
}

describe("every paged answer of a generated world", () => {
  it("joins into the unpaged answer for small limits, one item at a time included", async () => {
    const sizes = [
      { locations: 6, entities: 3, sections: 2 },
      { locations: 25, entities: 8, sections: 6 },
      { locations: 60, entities: 12, sections: 12 },
    ];
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...sizes),
        fc.integer({ min: 1, max: 10_000 }),
        fc.constantFrom(1, 2, 7),
        fc.nat(),
        async (size, seed, limit, pickSeed) => {
          await askAll({ ...size, seed }, limit, pickSeed);
        },
      ),
      { numRuns: 6 },
    );
  });

  it("stays inside 64 KiB on large worlds, by size or with a limit, and joins into the unpaged answer", async () => {
    const sizes = [{ locations: 600, entities: 150, sections: 300 }, {}];
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...sizes),
        fc.integer({ min: 1, max: 10_000 }),
        fc.constantFrom(undefined, 400, 5000),
        fc.nat(),
        async (size, seed, limit, pickSeed) => {
          const pageCounts = await askAll({ ...size, seed }, limit, pickSeed);
          // The whole exit graph of these worlds is larger than one answer may be.
          expect(pageCounts[0]).toBeGreaterThan(1);
        },
      ),
      { numRuns: 3 },
    );
  });
});

describe("a shortest path longer than the budget", () => {
  it("comes alone on a page of its own, and every other page stays inside 64 KiB", async () => {
    const heading = "Long Corridor Room Of The Eastern Wing";
    const rooms = Array.from({ length: 1600 }, (_, index) => `${slug(heading)}-${index + 1}`);
    const world = compileWorldText("chain.urd.md", chainWorld(rooms.length, heading));
    const connection = await connectInMemory(createServer({ store: new WorldStore(world) }));
    try {
      const pages = await walkPages(connection.client, "get_reachable_locations", {
        from: rooms[0],
      });
      const oversized = pages.filter((page) => payloadBytes(page) > BUDGET);
      expect(oversized.length).toBeGreaterThan(0);
      for (const page of oversized) expect(itemsOn(page)).toBe(1);
      const paths = joinPages(pages).paths as Record<string, string[]>;
      expect(Object.keys(paths)).toHaveLength(rooms.length - 1);
      for (const [index, room] of rooms.entries()) {
        if (index > 0) expect(paths[room]).toEqual(rooms.slice(0, index + 1));
      }
    } finally {
      await connection.close();
    }
  }, 120_000);
});
