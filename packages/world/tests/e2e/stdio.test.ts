import { initializeRequest, runStdioLines } from "@tabletop-mcp/kit/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fixturePath } from "../helpers/fixtures.js";
import { CLI_ENTRY, type Connection, callTool, connectStdio } from "../helpers/harness.js";

describe("tabletop-world over stdio", () => {
  let connection: Connection;
  beforeAll(async () => {
    connection = await connectStdio([fixturePath("locked-garden.urd.md")]);
  });
  afterAll(() => connection.close());

  it("lists the eight read-only tools in their documented order", async () => {
    const { tools } = await connection.client.listTools();
    expect(tools.map((tool) => tool.name)).toEqual([
      "get_world_metadata",
      "get_exit_graph",
      "get_dialogue_graph",
      "get_entity_details",
      "get_property_dependencies",
      "get_reachable_locations",
      "get_choice_conditions",
      "get_diagnostics",
    ]);
    for (const tool of tools) {
      expect(tool.annotations).toMatchObject({
        readOnlyHint: true,
        idempotentHint: true,
        destructiveHint: false,
        openWorldHint: false,
      });
    }
  });

  it("answers the Locked Garden overview of docs/world.md, Appendix A", async () => {
    const answer = await callTool(connection.client, "get_world_metadata", {});
    expect(answer).toEqual({
      isError: false,
      payload: {
        schema_version: "1",
        world_name: "the-locked-garden",
        start_location: "gatehouse",
        entity_count: 5,
        location_count: 2,
        type_count: 3,
        section_count: 3,
        exit_count: 2,
        rule_count: 0,
        has_errors: false,
        diagnostic_count: 2,
      },
    });
  });

  it("returns the not-found error object with isError for an unknown entity", async () => {
    expect(
      await callTool(connection.client, "get_entity_details", { entity_id: "@nobody" }),
    ).toEqual({
      isError: true,
      payload: { schema_version: "1", error: "Entity not found", entity_id: "@nobody" },
    });
  });

  it("refuses an unknown parameter and a bad severity in the contract's shape", async () => {
    const unknown = await callTool(connection.client, "get_reachable_locations", {
      from: "gatehouse",
      start: "x",
    });
    expect(unknown).toEqual({
      isError: true,
      payload: {
        error: {
          message: "Invalid parameters provided",
          details: [
            {
              parameter: "start",
              issue:
                "Unknown parameter; valid parameters are from, respect_conditions, state, include_paths, limit, cursor",
            },
          ],
        },
      },
    });
    const severity = await callTool(connection.client, "get_diagnostics", { severity: "fatal" });
    expect(severity.payload).toEqual({
      error: {
        message: "Invalid parameters provided",
        details: [{ parameter: "severity", issue: "Expected one of: error, warning, info" }],
      },
    });
  });

  it("serves the source and the compiled world as resources, beside its map view", async () => {
    const { resources } = await connection.client.listResources();
    expect(resources.map((resource) => [resource.uri, resource.mimeType])).toEqual([
      ["world://compiled", "application/json"],
      ["world://source", "text/markdown"],
      ["ui://world/map.html", "text/html;profile=mcp-app"],
    ]);
    const compiled = await connection.client.readResource({ uri: "world://compiled" });
    const [content] = compiled.contents;
    const world = JSON.parse(content && "text" in content ? content.text : "null");
    expect(world.world).toEqual({ name: "the-locked-garden", urd: "1", start: "gatehouse" });
    const source = await connection.client.readResource({ uri: "world://source" });
    const [text] = source.contents;
    expect(text && "text" in text ? text.text : "").toContain("# Gatehouse");
  });
});

describe("tabletop-world over stdio with a world that has errors", () => {
  it("starts and reports the errors through get_diagnostics", async () => {
    const connection = await connectStdio([fixturePath("negative-type-mismatch.urd.md")]);
    const answer = await callTool(connection.client, "get_diagnostics", { severity: "error" });
    const compiled = await connection.client.readResource({ uri: "world://compiled" });
    await connection.close();
    expect(answer.isError).toBe(false);
    expect(answer.payload.errors).toBeGreaterThan(0);
    const [content] = compiled.contents;
    expect(content && "text" in content ? JSON.parse(content.text) : null).toEqual({
      error: "No compiled world available",
    });
  });
});

describe("tabletop-world over stdio, sent arguments nested 20,000 deep", () => {
  it("refuses them in the contract's shape and keeps serving", () => {
    // 40 KB of JSON, too deep for a recursive serialiser (the SDK's client cannot send it, so
    // the requests are written as raw lines).
    const deep = `${"[".repeat(20_000)}${"]".repeat(20_000)}`;
    const call = (id: number, name: string, args: string) =>
      `{"jsonrpc":"2.0","id":${id},"method":"tools/call","params":{"name":"${name}","arguments":${args}}}`;
    const { messages } = runStdioLines(
      CLI_ENTRY,
      [fixturePath("locked-garden.urd.md")],
      [
        JSON.stringify(initializeRequest(1, "deep-arguments")),
        '{"jsonrpc":"2.0","method":"notifications/initialized"}',
        call(
          2,
          "get_reachable_locations",
          `{"from":"gatehouse","respect_conditions":true,"state":${deep}}`,
        ),
        call(3, "get_world_metadata", `{"extra":${deep}}`),
        call(4, "get_world_metadata", "{}"),
      ],
    );
    expect(messages.map((message) => message.id)).toEqual([1, 2, 3, 4]);
    for (const message of messages.slice(1, 3)) {
      expect(message.result?.isError).toBe(true);
      expect(message.result?.structuredContent).toMatchObject({
        error: { message: "Invalid parameters provided" },
      });
    }
    expect(messages[3]?.result?.isError).toBeFalsy();
    expect(messages[3]?.result?.structuredContent).toMatchObject({
      world_name: "the-locked-garden",
    });
  });
});
