// docs/gateway.md §15, item 2: two upstreams offering the same tool name must never silently shadow
// each other.
import type { TextResourceContents } from "@modelcontextprotocol/server";
import { afterAll, describe, expect, it } from "vitest";
import {
  call,
  cleanupAll,
  fixtureStdio,
  openHttpSession,
  readRecord,
  runGateway,
  startGatewayHttp,
  toolNames,
  waitFor,
  writeConfig,
} from "../helpers/gateway.js";

afterAll(cleanupAll);

const secondCopy = ["--name", "b", "--scheme", "bfix", "--prompt", "b_greet"];

describe("two stdio fixtures both exposing echo", () => {
  it("makes --check exit 2 naming echo and both servers", async () => {
    const config = writeConfig({
      mcpServers: { a: fixtureStdio(["--name", "a"]), b: fixtureStdio(secondCopy) },
    });
    const result = await runGateway(["--config", config, "--check"]);
    expect(result.code).toBe(2);
    const line = result.stderr.split("\n").find((candidate) => candidate.includes('"echo"'));
    expect(line).toContain("collision");
    expect(line).toMatch(/"a"/);
    expect(line).toMatch(/"b"/);
  });

  it("refuses to start at all with the clash", async () => {
    const config = writeConfig({
      mcpServers: { a: fixtureStdio(["--name", "a"]), b: fixtureStdio(secondCopy) },
    });
    const result = await runGateway(["--config", config, "--transport", "http", "--port", "0"]);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('"echo"');
  });

  it("with a prefix on one, lists echo and b__echo and routes b__echo to the second", async () => {
    const config = writeConfig({
      mcpServers: {
        a: fixtureStdio(["--name", "a"]),
        b: fixtureStdio(secondCopy, { prefix: "b" }),
      },
    });
    const gateway = await startGatewayHttp(["--config", config]);
    const session = await openHttpSession(gateway.url);
    const names = await toolNames(session.client);
    expect(names).toContain("echo");
    expect(names).toContain("b__echo");

    const result = await call(session.client, "b__echo", { marker: "to-b" });
    expect(result.isError).toBeFalsy();
    const second = await readRecord(session.client, "b___record");
    const first = await readRecord(session.client, "_record");
    expect(second.name).toBe("b");
    expect(second.tool_calls.some((entry) => entry.name === "echo")).toBe(true);
    expect(first.tool_calls.some((entry) => entry.name === "echo")).toBe(false);
    await session.close();
    await gateway.stop();
  });
});

describe("a tool added at runtime that clashes", () => {
  it("is withheld, logged at error, shown in stats, and echo keeps its upstream", async () => {
    const config = writeConfig({
      mcpServers: {
        a: fixtureStdio(["--name", "a"]),
        c: fixtureStdio([
          ...["--name", "c", "--scheme", "cfix", "--prompt", "c_greet"],
          ...["--tools", "c_add=add_tool,c_record=_record"],
        ]),
      },
    });
    const gateway = await startGatewayHttp(["--config", config]);
    const session = await openHttpSession(gateway.url);
    const added = await call(session.client, "c_add", { name: "echo" });
    expect(added.isError).toBeFalsy();

    const readStats = async () => {
      const read = await session.client.readResource({ uri: "gateway://stats" });
      const stats = JSON.parse((read.contents[0] as TextResourceContents).text) as {
        upstreams: { name: string; withheld: unknown[] }[];
      };
      return stats.upstreams.find((upstream) => upstream.name === "c");
    };
    await waitFor(
      async () => JSON.stringify((await readStats())?.withheld ?? []).includes("echo"),
      "stats to list echo as withheld for c",
    );

    const gatewayErrors = () =>
      session.notifications.filter(
        (notification) =>
          notification.method === "notifications/message" &&
          notification.params?.logger === "gateway" &&
          notification.params?.level === "error",
      );
    await waitFor(
      () => JSON.stringify(gatewayErrors()).includes("echo"),
      "an error-level gateway log naming echo",
    );
    expect(gateway.stderr()).toContain("echo");

    const names = await toolNames(session.client);
    expect(names.filter((name) => name === "echo")).toHaveLength(1);
    await call(session.client, "echo", { marker: "still-a" });
    const aRecord = await readRecord(session.client, "_record");
    const cRecord = await readRecord(session.client, "c_record");
    expect(aRecord.tool_calls.some((entry) => entry.name === "echo")).toBe(true);
    expect(cRecord.tool_calls.some((entry) => entry.name === "echo")).toBe(false);
    await session.close();
    await gateway.stop();
  });
});
