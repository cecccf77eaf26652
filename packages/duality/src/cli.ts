#!/usr/bin/env node
import type { Server } from "@modelcontextprotocol/server";
import { readPackageVersion } from "@tabletop-mcp/kit";
import { replaySeedFlag, runServer } from "@tabletop-mcp/kit/cli";
import { createServer, createServerFactory } from "./server.js";

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
    // A 2026-07-28 request gets a server of its own, all of them made from one set of tools and
    // so rolling from one roller: a seeded process replays the same dice for the same calls in
    // order.
    let modern: (() => Server) | undefined;
    return {
      createServer: (session) => {
        if (session.era !== "modern") return createServer({ seed, hub, logger });
        modern ??= createServerFactory({ seed, hub, logger });
        return modern();
      },
    };
  },
});
