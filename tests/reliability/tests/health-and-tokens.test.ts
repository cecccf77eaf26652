import { networkInterfaces } from "node:os";
import { callTool, connectHttp, startHttpCommand } from "@tabletop-mcp/kit/testing";
import { describe, expect, it } from "vitest";
import { rawHttp } from "./support/raw-http.js";
import { serverCommands } from "./support/servers.js";

const TOKEN = "reliability-health-token";
/** An address of this machine that is not loopback: a request to it comes from it too. */
const externalAddress = Object.values(networkInterfaces())
  .flat()
  .find((address) => address?.family === "IPv4" && !address.internal)?.address;

async function health(url: string, headers: Record<string, string> = {}, connectTo?: string) {
  const answer = await rawHttp(url, {
    method: "GET",
    path: "/mcp/health",
    headers,
    ...(connectTo ? { connectTo } : {}),
  });
  expect(answer.status).toBe(200);
  return JSON.parse(answer.body) as Record<string, unknown>;
}

describe.each(serverCommands().map((server) => [server.name, server] as const))(
  "/mcp/health and the token, on %s",
  (name, server) => {
    it("shows only the status without the token, the details with it, in either case of Bearer", async () => {
      const running = await startHttpCommand(
        server.entry,
        [...server.args, "--auth-token", TOKEN],
        server.env,
      );
      try {
        expect(await health(running.url)).toEqual({ status: "ok" });
        expect(await health(running.url, { authorization: `Bearer ${TOKEN}x` })).toEqual({
          status: "ok",
        });
        const details = await health(running.url, { authorization: `bearer ${TOKEN}` });
        expect(details).toMatchObject({ status: "ok", sessions: 0 });
        expect(String(details.name)).toContain("tabletop-");
        if (name === "gateway") expect(details).toHaveProperty("upstreams");

        const connection = await connectHttp(running.url, { authorization: `BEARER ${TOKEN}` });
        const result = await callTool(
          connection.client,
          server.knownGood.tool,
          server.knownGood.args,
        );
        expect(result.isError).toBeFalsy();
        await connection.close();
      } finally {
        await running.stop();
      }
    });

    it.skipIf(externalAddress === undefined)(
      "without a token configured, shows the details to loopback callers only",
      async () => {
        const running = await startHttpCommand(
          server.entry,
          [...server.args, "--host", "0.0.0.0", "--allow-unauthenticated"],
          server.env,
        );
        try {
          const port = new URL(running.url).port;
          const url = `http://127.0.0.1:${port}/mcp`;
          expect(await health(url, {}, externalAddress)).toEqual({ status: "ok" });
          expect(await health(url)).toMatchObject({ status: "ok", sessions: 0 });
        } finally {
          await running.stop();
        }
      },
    );
  },
);
