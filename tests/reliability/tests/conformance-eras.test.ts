import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { startHttpCommand } from "@tabletop-mcp/kit/testing";
import { beforeAll, describe, expect, it } from "vitest";
import {
  type ConformanceToolchain,
  conformanceToolchain,
  FIXTURE_SUITE_VERSION,
  runConformance,
} from "./support/conformance.js";
import { serverCommands } from "./support/servers.js";

/**
 * The protocol-level scenarios of each requirement set, which need none of the suite's fixture
 * tools: every server must pass them over HTTP in both eras.
 */
const PROTOCOL_SCENARIOS: Record<string, readonly string[]> = {
  "2026-07-28": [
    "server-stateless",
    "tools-list",
    "resources-list",
    "server-sse-multiple-streams",
    "sep-2164-resource-not-found",
    "dns-rebinding-protection",
    "caching",
    "http-header-validation",
  ],
  "2025-11-25": [
    "server-initialize",
    "server-session-lifecycle",
    "ping",
    "tools-list",
    "resources-list",
    "server-sse-multiple-streams",
    "dns-rebinding-protection",
    "logging-set-level",
  ],
};

/**
 * Checks of `server-stateless` that call the suite's own diagnostic tools (`test_*`), which
 * only the kit's conformance fixture has: the suite reports them as not testable on a real
 * server. They pass against the fixture (conformance-fixture.test.ts).
 */
const FIXTURE_ONLY_CHECKS = new Map([
  ["sep-2575-server-rejects-undeclared-capability", "needs test_missing_capability"],
  ["sep-2575-missing-capability-http-400", "needs test_missing_capability"],
  ["sep-2575-http-server-no-independent-requests-on-stream", "needs test_streaming_elicitation"],
  ["sep-2575-server-no-log-without-loglevel", "needs test_logging_tool"],
]);

let toolchain: ConformanceToolchain;

beforeAll(() => {
  toolchain = conformanceToolchain(FIXTURE_SUITE_VERSION);
}, 180_000);

describe.each(serverCommands())("MCP conformance $name over HTTP, both eras", (server) => {
  it.each(Object.keys(PROTOCOL_SCENARIOS))(
    "passes every protocol-level scenario of the %s requirement set",
    async (requirements) => {
      const running = await startHttpCommand(server.entry, server.args, server.env);
      try {
        const outcomes = await runConformance(
          toolchain,
          running.url,
          mkdtempSync(join(tmpdir(), "conformance-eras-")),
          ["--requirements", requirements],
        );
        const problems: string[] = [];
        for (const scenario of PROTOCOL_SCENARIOS[requirements] ?? []) {
          const outcome = outcomes.get(scenario);
          if (!outcome) {
            problems.push(`${scenario}: did not run`);
            continue;
          }
          const failures = outcome.failures.filter(
            (failure) =>
              !(FIXTURE_ONLY_CHECKS.has(failure.id) && failure.message.startsWith("Not testable")),
          );
          for (const failure of failures)
            problems.push(`${scenario}/${failure.id}: ${failure.message.slice(0, 300)}`);
          if (outcome.passed === 0) problems.push(`${scenario}: no check passed`);
        }
        expect(problems).toEqual([]);
      } finally {
        await running.stop();
      }
    },
    240_000,
  );
});
