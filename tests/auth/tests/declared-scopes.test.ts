import type { Tool } from "@modelcontextprotocol/server";
import { connectStdioCommand } from "@tabletop-mcp/kit/testing";
import { describe, expect, it } from "vitest";
import { CAMPAIGN, DICE, DUALITY, WORLD, WORLD_FILE } from "./support/commands.js";

/**
 * The scope each tool needs by the scope table: dice, duality and world are play; a campaign
 * tool that only reads (its read-only hint, or set_context, which changes no campaign data and
 * stores only the caller's own context handle) needs campaign:read, every other campaign tool
 * campaign:write.
 */
function expectedScope(server: string, tool: Tool): string {
  if (server !== "campaign") return "tabletop:play";
  const reads = tool.annotations?.readOnlyHint === true || tool.name === "set_context";
  return reads ? "campaign:read" : "campaign:write";
}

const SERVERS = [
  ["dice", DICE, []],
  ["duality", DUALITY, []],
  ["world", WORLD, [WORLD_FILE]],
  ["campaign", CAMPAIGN, ["--db", ":memory:"]],
] as const;

describe.each(SERVERS)("the %s server's tools", (server, entry, args) => {
  it("each name their scope in the description's last line and in _meta", async () => {
    const connection = await connectStdioCommand(entry, args);
    try {
      const { tools } = await connection.client.listTools();
      expect(tools.length).toBeGreaterThan(0);
      for (const tool of tools) {
        const scope = expectedScope(server, tool);
        expect({ tool: tool.name, meta: tool._meta?.["tabletop/scope"] }).toEqual({
          tool: tool.name,
          meta: scope,
        });
        const lines = (tool.description ?? "").split("\n");
        expect(lines.at(-1)).toBe(`Requires scope: ${scope}`);
      }
    } finally {
      await connection.close();
    }
  });
});
