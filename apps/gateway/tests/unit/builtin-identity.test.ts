import { createHash } from "node:crypto";
import { silentLogger } from "@tabletop-mcp/kit";
import { InFlightRequests } from "@tabletop-mcp/kit/cli";
import { type HttpHandle, serveHttp } from "@tabletop-mcp/kit/http";
import { connectHttp, type TestConnection } from "@tabletop-mcp/kit/testing";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { validateConfig } from "../../src/config/validate-config.js";
import { Gateway } from "../../src/gateway.js";
import { identityEchoServer, WHO_URI } from "../helpers/identity-echo.js";

// The `dice` builtin entry is served by a kit server that echoes its caller's identity; the
// gateway, its HTTP layer and the in-process connection to the builtin are the real ones.
vi.mock(import("../../src/upstreams/builtin-servers.js"), async (importOriginal) => {
  const original = await importOriginal();
  return {
    ...original,
    openBuiltin: (entry, logger) =>
      entry.builtin === "dice"
        ? {
            createServer: identityEchoServer,
            createModernServer: identityEchoServer,
            close: () => {},
          }
        : original.openBuiltin(entry, logger),
  };
});

const sha256 = (token: string) => createHash("sha256").update(token).digest("hex");
const ROWS = [
  { sha256: sha256("alice-token"), sub: "alice", name: "Alice", scopes: ["tabletop:play"] },
  { sha256: sha256("bob-token"), sub: "bob", scopes: ["tabletop:play", "campaign:read"] },
];
// What each row makes of its holder (kit README, token table): subject, name, scopes.
const ALICE = { subject: "alice", name: "Alice", scopes: ["tabletop:play"] };
const BOB = { subject: "bob", scopes: ["tabletop:play", "campaign:read"] };

let gateway: Gateway;
let http: HttpHandle;
const connections: TestConnection[] = [];

beforeAll(async () => {
  const config = validateConfig(
    { mcpServers: { echo: { builtin: "dice", rate_limit_ms: 0 } } },
    { baseDirectory: process.cwd(), env: {}, logger: silentLogger },
  );
  ({ gateway } = await Gateway.start(config, { logger: silentLogger, version: "0.0.0" }));
  http = await serveHttp({
    createServer: () => gateway.createSessionServer("deep"),
    name: "tabletop-gateway",
    version: "0.0.0",
    host: "127.0.0.1",
    port: 0,
    allowedHosts: [],
    authToken: undefined,
    auth: { mode: "table", rows: ROWS },
    rateLimitMs: 0,
    logger: silentLogger,
    inFlight: new InFlightRequests(),
  });
});

afterAll(async () => {
  await Promise.all(connections.splice(0).map((connection) => connection.close()));
  await http.close();
  await gateway.close();
});

async function connectAs(token: string): Promise<TestConnection> {
  const connection = await connectHttp(http.url, { authorization: `Bearer ${token}` });
  connections.push(connection);
  return connection;
}

describe("a builtin behind the gateway in token-table mode", () => {
  it("is told by each tool call who the token's holder is, session by session", async () => {
    const [alice, bob] = await Promise.all([connectAs("alice-token"), connectAs("bob-token")]);
    const call = (connection: TestConnection) =>
      connection.client.callTool({ name: "whoami", arguments: {} });
    const [first, second, third] = await Promise.all([call(alice), call(bob), call(alice)]);
    expect(first?.structuredContent).toEqual(ALICE);
    expect(second?.structuredContent).toEqual(BOB);
    expect(third?.structuredContent).toEqual(ALICE);
  });

  it("is told who reads its resource", async () => {
    const bob = await connectAs("bob-token");
    const read = await bob.client.readResource({ uri: WHO_URI });
    const content = read.contents[0];
    expect(content && "text" in content ? JSON.parse(content.text) : undefined).toEqual(BOB);
  });
});
