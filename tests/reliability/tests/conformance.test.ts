import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { startHttpCommand } from "@tabletop-mcp/kit/testing";
import { beforeAll, describe, expect, it } from "vitest";
import {
  type ConformanceToolchain,
  conformanceToolchain,
  expectations,
  FIXTURE_SCENARIOS,
  type Offers,
  runConformance,
} from "./support/conformance.js";
import { serverCommands } from "./support/servers.js";

// Dice and Duality declare resources for their MCP Apps views (ui://dice/…, ui://duality/…);
// every kit server declares prompts (none may be listed) and logging.
const OFFERS: Record<string, Offers> = {
  dice: { resources: true, prompts: true, logging: true, completions: false },
  duality: { resources: true, prompts: true, logging: true, completions: false },
  campaign: { resources: true, prompts: true, logging: true, completions: false },
  world: { resources: true, prompts: true, logging: true, completions: false },
  gateway: { resources: true, prompts: true, logging: true, completions: true },
};

let toolchain: ConformanceToolchain;

beforeAll(() => {
  toolchain = conformanceToolchain();
}, 180_000);

describe.each(serverCommands())("MCP conformance suite against $name over HTTP", (server) => {
  it("passes every scenario that does not need the suite's fixtures, and fails only the expected ones", async () => {
    const running = await startHttpCommand(server.entry, server.args, server.env);
    try {
      const outcomes = await runConformance(
        toolchain,
        running.url,
        mkdtempSync(join(tmpdir(), "conformance-")),
      );
      const expected = expectations(OFFERS[server.name] as Offers);
      const unexpected: string[] = [];
      for (const [scenario, outcome] of outcomes) {
        if (FIXTURE_SCENARIOS.has(scenario)) continue;
        const expectation = expected.get(scenario);
        const actual = outcome.failed === 0 && outcome.passed > 0 ? "pass" : "fail";
        if (!expectation) unexpected.push(`${scenario}: new scenario (${actual}); classify it`);
        else if (expectation.outcome !== actual) {
          unexpected.push(
            `${scenario}: expected ${expectation.outcome} (${expectation.reason}), got ${actual} ${outcome.messages.join("; ")}`,
          );
        }
      }
      for (const scenario of expected.keys())
        if (!outcomes.has(scenario)) unexpected.push(`${scenario}: did not run`);
      expect(unexpected).toEqual([]);
    } finally {
      await running.stop();
    }
  });
});
