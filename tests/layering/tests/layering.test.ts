import { posix } from "node:path";
import { describe, expect, it } from "vitest";
import {
  type SourceImport,
  sourceImports,
  type WorkspacePackage,
  workspacePackages,
} from "./workspace.js";

// The dependency rules of the repository: an engine knows nothing of MCP, a server knows the kit
// and engines, an app (the gateway) composes servers, and nothing imports an app.

const PACKAGES = workspacePackages();
const BY_NAME = new Map(PACKAGES.map((pack) => [pack.name, pack]));
const ENGINE_ENTRY = { types: "./dist/engine/index.d.ts", default: "./dist/engine/index.js" };

/** The workspace package a specifier names and the entry it asks for (`""` for the main one). */
function targetOf(specifier: string): { pack: WorkspacePackage; entry: string } | undefined {
  const match = /^(@tabletop-mcp\/[^/]+)(\/.*)?$/.exec(specifier);
  const pack = match?.[1] === undefined ? undefined : BY_NAME.get(match[1]);
  return pack === undefined ? undefined : { pack, entry: match?.[2] ?? "" };
}

function shown(found: SourceImport): string {
  return `${found.file} imports ${found.specifier}`;
}

/** What an engine may import from outside itself: Node, the kit's random module, other engines. */
function engineMayImport(found: SourceImport): boolean {
  const { specifier } = found;
  if (specifier.startsWith(".")) {
    const target = posix.normalize(posix.join(posix.dirname(found.file), specifier));
    return target.startsWith("src/engine/");
  }
  if (specifier.startsWith("node:")) return true;
  return specifier === "@tabletop-mcp/kit/random" || targetOf(specifier)?.entry === "/engine";
}

describe.each(PACKAGES)("$folder", (pack) => {
  const imports = sourceImports(pack);

  it("imports no app", () => {
    const apps = imports.filter((found) => {
      const target = targetOf(found.specifier);
      return target !== undefined && target.pack !== pack && target.pack.isApp;
    });
    expect(apps.map(shown)).toEqual([]);
  });

  // The v1 SDK is still installed for the peer tools the benchmarks run, and pnpm's hoisted
  // store lets any package resolve it: only this rule keeps a stray v1 import out.
  it("reaches the MCP SDK through its v2 packages only, never @modelcontextprotocol/sdk", () => {
    const v1 = imports.filter((found) => /^@modelcontextprotocol\/sdk(\/|$)/.test(found.specifier));
    expect(v1.map(shown)).toEqual([]);
    expect(Object.keys(pack.dependencies)).not.toContain("@modelcontextprotocol/sdk");
  });

  it.skipIf(pack.isApp)("imports another package's engine, never its server", () => {
    const servers = imports.filter((found) => {
      const target = targetOf(found.specifier);
      if (target === undefined || target.pack === pack || !target.pack.hasServer) return false;
      return target.entry !== "/engine";
    });
    expect(servers.map(shown)).toEqual([]);
  });

  it.runIf(pack.hasEngine)(
    "keeps its engine free of MCP, of its server and of other servers",
    () => {
      const engineImports = imports.filter((found) => found.file.startsWith("src/engine/"));
      expect(engineImports.length).toBeGreaterThan(0);
      expect(engineImports.filter((found) => !engineMayImport(found)).map(shown)).toEqual([]);
    },
  );

  it.runIf(pack.hasEngine && pack.hasServer)("exports its engine as <name>/engine", () => {
    expect(pack.exports["./engine"]).toEqual(ENGINE_ENTRY);
  });
});

describe("the rules themselves", () => {
  it("see the dice and duality engines and the servers they must keep apart", () => {
    const engines = PACKAGES.filter((pack) => pack.hasEngine).map((pack) => pack.name);
    expect(engines).toEqual(
      expect.arrayContaining(["@tabletop-mcp/dice", "@tabletop-mcp/duality"]),
    );
    expect(BY_NAME.get("@tabletop-mcp/gateway")?.isApp).toBe(true);
    expect(BY_NAME.get("@tabletop-mcp/kit")?.hasServer).toBe(false);
  });

  it("refuse an engine that reaches for the MCP SDK, the kit's server side or its own server", () => {
    const refused = [
      { file: "src/engine/roll.ts", specifier: "@modelcontextprotocol/server" },
      { file: "src/engine/roll.ts", specifier: "@modelcontextprotocol/core" },
      { file: "src/engine/roll.ts", specifier: "@tabletop-mcp/kit" },
      { file: "src/engine/roll.ts", specifier: "@tabletop-mcp/duality" },
      { file: "src/engine/tables/draw.ts", specifier: "../../server.js" },
    ];
    expect(refused.filter(engineMayImport)).toEqual([]);
    const allowed = [
      { file: "src/engine/roll.ts", specifier: "@tabletop-mcp/kit/random" },
      { file: "src/engine/roll.ts", specifier: "@tabletop-mcp/duality/engine" },
      { file: "src/engine/tables/draw.ts", specifier: "../roll.js" },
      { file: "src/engine/roll.ts", specifier: "node:crypto" },
    ];
    expect(allowed.filter((found) => !engineMayImport(found))).toEqual([]);
  });
});
