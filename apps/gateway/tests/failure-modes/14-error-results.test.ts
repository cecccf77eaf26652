// docs/gateway.md §15, item 14: SDK 1.x clients validate structured content against outputSchema
// even on errors; a gateway that calls upstream with the validating callTool turns an upstream's
// error result into a validation exception. The fixture's `fail` declares a schema its error
// breaks.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  cleanupAll,
  fixtureStdio,
  openStdioGateway,
  type StdioSession,
  writeConfig,
} from "../helpers/gateway.js";

let gateway: StdioSession;

beforeAll(async () => {
  const config = writeConfig({ mcpServers: { fixture: fixtureStdio() } });
  gateway = await openStdioGateway(["--config", config]);
});

afterAll(cleanupAll);

describe("an upstream error result its outputSchema does not admit", () => {
  it("comes back to a plain tools/call unchanged, byte for byte", async () => {
    const listed = (await gateway.client.listTools()).tools.find((tool) => tool.name === "fail");
    expect(listed?.outputSchema?.required).toEqual(["value"]);

    const result = await gateway.client.request({
      method: "tools/call",
      params: { name: "fail", arguments: {} },
    });
    const expectedText =
      '{"error":{"code":"FAILED_PRECONDITION","message":"Fixture fixture always fails."}}';
    expect(result.isError).toBe(true);
    expect(result.content).toEqual([{ type: "text", text: expectedText }]);
    expect(JSON.stringify(result.structuredContent)).toBe(expectedText);
    expect(gateway.stderr()).not.toMatch(/output schema|outputSchema/i);
  });
});
