// docs/gateway.md §15, item 17: an upstream serving its tools in pages; peers keep only the first
// page.
import { afterAll, describe, expect, it } from "vitest";
import {
  call,
  cleanupAll,
  fixtureStdio,
  openStdioGateway,
  writeConfig,
} from "../helpers/gateway.js";

afterAll(cleanupAll);

describe("an upstream with 250 tools in pages of 100", () => {
  it("is listed whole, in one page, and its last tool is callable", async () => {
    const config = writeConfig({
      mcpServers: {
        paged: fixtureStdio(["--tools", "echo", "--tool-count", "249", "--page-size", "100"]),
      },
    });
    const gateway = await openStdioGateway(["--config", config]);
    const listed = await gateway.client.request({ method: "tools/list", params: {} });
    const expected = [
      "echo",
      ...Array.from({ length: 249 }, (_, index) => `extra_${String(index + 1).padStart(4, "0")}`),
    ];
    expect(listed.tools.map((tool) => tool.name)).toEqual(expected);
    expect(listed.nextCursor).toBeUndefined();
    const last = await call(gateway.client, "extra_0249", { n: 249 });
    expect(last.structuredContent).toMatchObject({ arguments: { n: 249 } });
    await gateway.close();
  });
});
