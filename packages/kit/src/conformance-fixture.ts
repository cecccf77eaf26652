#!/usr/bin/env node
import { createConformanceServer } from "./conformance/server.js";
import { readPackageVersion } from "./package-version.js";
import { runServer } from "./runtime/run-server.js";

const version = readPackageVersion(import.meta.url);

await runServer({
  command: "tabletop-conformance-fixture",
  summary:
    "The official MCP conformance suite's fixture server, built with the kit: test_* tools, test:// resources, prompts",
  version,
  defaultPort: 8089,
  setup: ({ hub, logger }) => ({
    createServer: () => createConformanceServer(version, { hub, logger }),
  }),
});
