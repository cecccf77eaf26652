#!/usr/bin/env node
import { readPackageVersion } from "@tabletop-mcp/kit";
import { type ExtraFlag, runServer, UsageError } from "@tabletop-mcp/kit/cli";
import { explicitRateLimitMs } from "./config/explicit-rate-limit.js";
import { TIERS } from "./config/types.js";
import { prepareGateway } from "./serve-gateway.js";
import { parseTier } from "./tiers/tiers.js";

const version = readPackageVersion(import.meta.url);

const EXTRA_FLAGS: readonly ExtraFlag[] = [
  {
    name: "config",
    value: "FILE",
    env: "GATEWAY_CONFIG",
    description: "config file (mcpServers JSON); default: dice, duality and campaign built in",
  },
  {
    name: "world",
    value: "FILE",
    env: "GATEWAY_WORLD",
    description: "add (or point) the world builtin at this Urd world file",
  },
  {
    name: "tier",
    value: "T",
    env: "GATEWAY_TIER",
    description: `latency tier of sessions that do not pick one: ${TIERS.join(", ")} (default deep, which hides nothing)`,
    parse: (raw) => {
      const tier = parseTier(raw);
      if (tier === undefined)
        throw new UsageError(`must be one of ${TIERS.join(", ")} (got ${JSON.stringify(raw)})`);
      return tier;
    },
  },
  {
    name: "print-config",
    description: "print the effective config (secrets as ***) as JSON and exit",
  },
  {
    name: "check",
    description:
      "connect every upstream and check names; exit 0 if all is well, 2 on config or name problems, 1 if an upstream is unreachable",
  },
];

await runServer({
  command: "tabletop-gateway",
  summary:
    "One MCP endpoint for every tabletop-mcp server (in-process) and any other MCP server over stdio or Streamable HTTP",
  version,
  defaultPort: 8080,
  extraFlags: EXTRA_FLAGS,
  setup: ({ extra, logger, options }) =>
    prepareGateway({
      configFile: typeof extra.config === "string" ? extra.config : undefined,
      worldFile: typeof extra.world === "string" ? extra.world : undefined,
      tier: parseTier(String(extra.tier)),
      printConfig: extra["print-config"] === true,
      check: extra.check === true,
      multiUserAuth: options.auth.tokensFile !== undefined || options.auth.issuer !== undefined,
      builtinRateLimitMs: explicitRateLimitMs(process.argv.slice(2), process.env, EXTRA_FLAGS),
      authToken: options.authToken,
      ...(options.limits.sessionIdleMs !== undefined
        ? { sessionIdleMs: options.limits.sessionIdleMs }
        : {}),
      env: process.env,
      cwd: process.cwd(),
      logger,
      version,
    }),
});
