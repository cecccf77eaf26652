#!/usr/bin/env node
import { readPackageVersion, runServer } from "@tabletop-mcp/kit";
import { MAX_SEED_LENGTH } from "./engine/index.js";
import { createServer } from "./server.js";

function parseSeed(raw: string): string {
  const length = [...raw].length;
  if (length < 1 || length > MAX_SEED_LENGTH) {
    throw new Error(`must be 1-${MAX_SEED_LENGTH} characters (got ${length})`);
  }
  return raw;
}

await runServer({
  command: "tabletop-duality",
  summary:
    "Daggerheart Duality rules server: action and reaction rolls, outcomes, explanations, exact odds, damage",
  version: readPackageVersion(import.meta.url),
  defaultPort: 8082,
  defaultRateLimitMs: 0,
  extraFlags: [
    {
      name: "seed",
      value: "S",
      env: "DUALITY_SEED",
      description:
        "seeded rolls for tests and replays: every session replays the same dice (1-256 characters)",
      parse: parseSeed,
    },
  ],
  setup: ({ extra, hub, logger }) => {
    const seed = typeof extra.seed === "string" ? extra.seed : undefined;
    return { createServer: () => createServer({ seed, hub, logger }) };
  },
});
