// docs/gateway.md §15, item 3: names with dots, slashes or spaces, or longer than 64 characters,
// break clients; the gateway refuses them at startup, and never splits an exposed name on "__" to
// route it.
import fc from "fast-check";
import { afterAll, describe, expect, it } from "vitest";
import {
  CLIENT_SAFE_NAME,
  call,
  cleanupAll,
  fixtureStdio,
  openStdioGateway,
  readRecord,
  runGateway,
  toolNames,
  writeConfig,
} from "../helpers/gateway.js";

afterAll(cleanupAll);

const SERVER_NAME = /^[a-zA-Z0-9_-]{1,64}$/;
const PREFIX = /^[a-zA-Z0-9_-]{1,32}$/;

describe("names clients reject", () => {
  it("refuses a prefix with a dot, naming the key", async () => {
    const config = writeConfig({
      mcpServers: { s: fixtureStdio(["--tools", "echo"], { prefix: "my.server" }) },
    });
    const result = await runGateway(["--config", config, "--check"]);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain("mcpServers.s.prefix");
  });

  it("refuses to start when an upstream offers a tool named a.b, naming it", async () => {
    const config = writeConfig({ mcpServers: { dotted: fixtureStdio(["--tools", "a.b=echo"]) } });
    const result = await runGateway(["--config", config, "--transport", "http", "--port", "0"]);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('"a.b"');
    expect(result.stderr).toContain('"dotted"');
  });

  it("refuses a 32-character prefix on a 40-character tool, asking for a shorter prefix", async () => {
    const prefix = "p".repeat(32);
    const tool = "t".repeat(40);
    const config = writeConfig({
      mcpServers: { long: fixtureStdio(["--tools", `${tool}=echo`], { prefix }) },
    });
    const result = await runGateway(["--config", config, "--transport", "http", "--port", "0"]);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain(`${prefix}__${tool}`);
    expect(result.stderr).toContain("shorter prefix");
  });

  it("routes p__x__y to the tool x__y of the server with prefix p", async () => {
    const config = writeConfig({
      mcpServers: {
        p: fixtureStdio(["--tools", "x__y=echo,x=echo,_record"], { prefix: "p" }),
        p__x: fixtureStdio(["--tools", "y=echo", "--scheme", "other", "--prompt", "other"]),
      },
    });
    const gateway = await openStdioGateway(["--config", config]);
    expect(await toolNames(gateway.client)).toEqual(
      expect.arrayContaining(["p__x__y", "p__x", "p___record", "y"]),
    );
    const result = await call(gateway.client, "p__x__y", { marker: 1 });
    expect(result.isError).toBeFalsy();
    const record = await readRecord(gateway.client, "p___record");
    expect(record.tool_calls.map((entry) => entry.name)).toEqual(["x__y", "_record"]);
    await gateway.close();
  });
});

/** A config of one to three fixtures with random names, prefixes and tool names. */
const nameCharacter = fc.constantFrom(..."abcxyz019_-.", "/", " ", "é");
const randomName = (max: number) =>
  fc.string({
    unit: fc.oneof({ weight: 6, arbitrary: fc.constantFrom(..."abcXYZ09_-") }, nameCharacter),
    minLength: 1,
    maxLength: max,
  });
const serverArbitrary = fc.record({
  name: randomName(12),
  prefix: fc.option(randomName(36), { nil: undefined }),
  tools: fc.uniqueArray(randomName(70), { minLength: 1, maxLength: 3 }),
});
const configArbitrary = fc.uniqueArray(serverArbitrary, {
  minLength: 1,
  maxLength: 3,
  selector: (server) => server.name,
});

type RandomServer = { name: string; prefix: string | undefined; tools: string[] };

/** What docs/gateway.md §3 and §5 say of this config, computed independently. */
function expectedExposure(servers: RandomServer[]): string[] | "refuse" {
  const exposed: string[] = [];
  for (const server of servers) {
    if (!SERVER_NAME.test(server.name)) return "refuse";
    if (server.prefix !== undefined && !PREFIX.test(server.prefix)) return "refuse";
    for (const tool of server.tools) {
      exposed.push(server.prefix === undefined ? tool : `${server.prefix}__${tool}`);
    }
  }
  if (exposed.some((name) => !CLIENT_SAFE_NAME.test(name))) return "refuse";
  if (new Set(exposed).size !== exposed.length) return "refuse";
  return exposed;
}

describe("random configs", () => {
  it("expose only client-safe names, exactly the expected ones, or refuse to start", async () => {
    await fc.assert(
      fc.asyncProperty(configArbitrary, async (servers) => {
        const mcpServers = Object.fromEntries(
          servers.map((server, index) => [
            server.name,
            fixtureStdio(
              [
                ...["--tools", server.tools.map((tool) => `${tool}=echo`).join(",")],
                ...["--scheme", `s${index}`, "--prompt", `p${index}`],
              ],
              server.prefix === undefined ? {} : { prefix: server.prefix },
            ),
          ]),
        );
        const config = writeConfig({ mcpServers });
        const expected = expectedExposure(servers);
        if (expected === "refuse") {
          const result = await runGateway(["--config", config]);
          expect(result.code).toBe(2);
          return;
        }
        const gateway = await openStdioGateway(["--config", config]);
        try {
          const names = await toolNames(gateway.client);
          for (const name of names) expect(name).toMatch(CLIENT_SAFE_NAME);
          expect([...names].sort()).toEqual([...expected].sort());
        } finally {
          await gateway.close();
        }
      }),
      { numRuns: 8 },
    );
  });
});
