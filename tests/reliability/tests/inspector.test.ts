import { execFile } from "node:child_process";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { startHttpCommand } from "@tabletop-mcp/kit/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { serverCommands } from "./support/servers.js";

/**
 * The MCP Inspector's CLI (2.x, which speaks both protocol eras) calls one tool of every server
 * over stdio and HTTP in each era it offers: `legacy`, `auto` and `modern`.
 */
const INSPECTOR = fileURLToPath(
  new URL(
    "../node_modules/@modelcontextprotocol/inspector/clients/launcher/build/index.js",
    import.meta.url,
  ),
);

const SERVER_INFO = "io.modelcontextprotocol/serverInfo";

/** The inspector's `--tool-arg` pairs for the known-good arguments (values as JSON), if any. */
function toolArgs(args: Record<string, unknown>): string[] {
  const pairs = Object.entries(args).map(([key, value]) =>
    typeof value === "string" ? `${key}=${value}` : `${key}=${JSON.stringify(value)}`,
  );
  return pairs.length === 0 ? [] : ["--tool-arg", ...pairs];
}

describe.each(serverCommands().map((server) => [server.name, server] as const))(
  "the MCP Inspector CLI against %s",
  (_name, server) => {
    let http: Awaited<ReturnType<typeof startHttpCommand>>;
    beforeAll(async () => {
      http = await startHttpCommand(server.entry, server.args, server.env);
    });
    afterAll(() => http.stop());

    it.each(["stdio", "http"] as const)("calls a tool over %s in every era", async (transport) => {
      const target =
        transport === "http" ? [http.url] : [process.execPath, server.entry, ...server.args];
      for (const era of ["legacy", "auto", "modern"]) {
        const { stdout } = await promisify(execFile)(
          process.execPath,
          [
            INSPECTOR,
            "--cli",
            "--protocol-era",
            era,
            "--method",
            "tools/call",
            "--tool-name",
            server.knownGood.tool,
            ...toolArgs(server.knownGood.args),
            // The server's own flags (the gateway's --config) must not be read as the CLI's.
            "--",
            ...target,
          ],
          { timeout: 60_000, maxBuffer: 16 * 1024 * 1024 },
        );
        const result = JSON.parse(stdout) as { isError?: boolean; _meta?: Record<string, unknown> };
        expect(result.isError ?? false, `${era}: ${stdout.slice(0, 300)}`).toBe(false);
        // Only 2026-07-28 results name the server in _meta.
        expect(result._meta?.[SERVER_INFO] !== undefined, era).toBe(era !== "legacy");
      }
    });
  },
);
