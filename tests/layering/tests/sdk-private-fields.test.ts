import { describe, expect, it } from "vitest";
import { privateAccesses, sdkPackages, sdkPrivateMembers } from "./sdk-private-access.js";
import { parseSource, workspaceSources } from "./source-scan.js";
import { workspacePackages } from "./workspace.js";

// The SDK is reached only through its public API: a private field read today is a silent
// break at the next release, which may move or rename it.

const SDK_MEMBERS = sdkPrivateMembers();
const SOURCES = workspaceSources();

describe("the SDK's private members", () => {
  it("are read from the SDK's own declarations, which name its handler tables", () => {
    expect(sdkPackages().map((pack) => pack.name)).toEqual(
      expect.arrayContaining(["@modelcontextprotocol/client", "@modelcontextprotocol/server"]),
    );
    expect(SDK_MEMBERS).toContain("_requestHandlers");
    expect(SDK_MEMBERS).toContain("_notificationHandlers");
  });

  it("are found however a source reaches for them, and MCP's _meta is not one", () => {
    const text = [
      "const table = (server as any)._requestHandlers;",
      'const notices = server["_notificationHandlers"];',
      'const transport = Reflect.get(server, "_transport");',
      "const { _responseHandlers: responses } = client as any;",
      "const meta = request.params._meta;",
      "const { jsonrpc: _version, ...body } = message;",
    ].join("\n");
    const found = privateAccesses(parseSource("sample.ts", text), SDK_MEMBERS);
    expect(found.map((access) => access.line)).toEqual([1, 2, 3, 4]);
  });

  it("are read by no package or app", () => {
    const scanned = new Set(SOURCES.map((source) => source.folder));
    expect([...scanned].sort()).toEqual(
      workspacePackages()
        .map((pack) => pack.folder)
        .sort(),
    );
    expect(SOURCES.map((source) => source.file)).toEqual(
      expect.arrayContaining([
        "packages/kit/src/create-kit-server.ts",
        "apps/gateway/src/gateway.ts",
      ]),
    );
    const found = SOURCES.flatMap((source) => privateAccesses(source.source, SDK_MEMBERS));
    expect(found.map((access) => `${access.file}:${access.line}: ${access.text}`)).toEqual([]);
  });
});
