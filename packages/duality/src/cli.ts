#!/usr/bin/env node
import { readPackageVersion, replaySeedFlag, runServer } from "@tabletop-mcp/kit";
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
    return { createServer: () => createServer({ seed, hub, logger }) };
  },
});
