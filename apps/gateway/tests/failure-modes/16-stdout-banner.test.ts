// docs/gateway.md §15, item 16: some servers print a banner on stdout before speaking MCP; peers
// treat the line as a fatal protocol error. The gateway skips it with one warning and works.
import { afterAll, describe, expect, it } from "vitest";
import {
  call,
  cleanupAll,
  fixtureStdio,
  openStdioGateway,
  writeConfig,
} from "../helpers/gateway.js";

afterAll(cleanupAll);

describe("a stdio upstream that prints a banner line on stdout first", () => {
  it("is connected, its banner logged once as a warning naming it, and its tools work", async () => {
    const config = writeConfig({ mcpServers: { chatty: fixtureStdio(["--banner"]) } });
    const gateway = await openStdioGateway(["--config", config, "--log-level", "warn"]);
    const result = await call(gateway.client, "echo", { after: "banner" });
    expect(result.isError).toBeFalsy();
    expect(result.structuredContent).toMatchObject({ arguments: { after: "banner" } });
    const warnings = gateway
      .stderr()
      .split("\n")
      .filter((line) => /warn/i.test(line) && line.includes("chatty"));
    expect(warnings).toHaveLength(1);
    await gateway.close();
  });
});
