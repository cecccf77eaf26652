import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

// Loads an entry point in a fresh Node process whose resolver refuses the MCP SDK and every
// main, server, command or testing module of a package, so an entry that reaches any of them
// fails to load, whatever the source says.
const GUARD = `
export async function resolve(specifier, context, next) {
  const resolved = await next(specifier, context);
  if (/@modelcontextprotocol|\\/dist\\/(index|server|cli|testing)\\.js$/.test(resolved.url)) {
    throw new Error("refused " + resolved.url + " imported by " + context.parentURL);
  }
  return resolved;
}`;

const LOADER = `
import { register } from "node:module";
register("data:text/javascript," + encodeURIComponent(${JSON.stringify(GUARD)}));
const loaded = await import(process.argv[1]);
console.log(JSON.stringify(Object.keys(loaded)));`;

const HERE = fileURLToPath(new URL("..", import.meta.url));

function loadGuarded(entry: string): { status: number | null; stdout: string; stderr: string } {
  const child = spawnSync(process.execPath, ["--input-type=module", "-e", LOADER, entry], {
    cwd: HERE,
    encoding: "utf8",
  });
  return { status: child.status, stdout: child.stdout, stderr: child.stderr };
}

describe("engine entry points, loaded without MCP", () => {
  it.each([
    ["@tabletop-mcp/dice/engine", ["rollDice", "interpretNotation", "computeDiceProbability"]],
    ["@tabletop-mcp/duality/engine", ["rollAction", "evaluateActionOutcome", "createDieRoller"]],
  ])("loads %s and its rules", (entry, names) => {
    const loaded = loadGuarded(entry);
    expect(loaded.stderr).toBe("");
    expect(loaded.status).toBe(0);
    expect(JSON.parse(loaded.stdout)).toEqual(expect.arrayContaining(names));
  });

  it.each(["@tabletop-mcp/dice", "@tabletop-mcp/duality"])(
    "refuses %s, whose main entry carries the server",
    (entry) => {
      const loaded = loadGuarded(entry);
      expect(loaded.status).not.toBe(0);
      expect(loaded.stderr).toMatch(/refused .*\/dist\/index\.js/);
    },
  );
});
