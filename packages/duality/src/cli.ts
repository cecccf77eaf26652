#!/usr/bin/env node
import { readPackageVersion } from "@tabletop-mcp/kit";
import { replaySeedFlag, runServer } from "@tabletop-mcp/kit/cli";
import { createRandomDieRoller, type DieRoller } from "./engine/index.js";
import { createServer } from "./server.js";

await runServer({
  command: "tabletop-duality",
  summary:
    "Daggerheart Duality rules server: action and reaction rolls, outcomes, explanations, exact odds, damage",
  version: readPackageVersion(import.meta.url),
  defaultPort: 8082,
  defaultRateLimitMs: 0,
  extraFlags: [
    replaySeedFlag(
      "DUALITY_SEED",
      "seeded rolls for tests and replays: every session replays the same dice (1-256 characters)",
    ),
  ],
  setup: ({ extra, hub, logger }) => {
    const seed = typeof extra.seed === "string" ? extra.seed : undefined;
    // A 2026-07-28 request gets a server of its own; a seeded process rolls every modern call
    // from one roller, so that replaying the same calls in order gives the same dice.
    let modernDice: DieRoller | undefined;
    return {
      createServer: (session) => {
        if (session.era !== "modern" || seed === undefined)
          return createServer({ seed, hub, logger });
        modernDice ??= createRandomDieRoller(seed);
        return createServer({ rollDie: modernDice, hub, logger });
      },
    };
  },
});
