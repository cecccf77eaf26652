import type { Client } from "@modelcontextprotocol/client";
import { afterEach, describe, expect, it } from "vitest";
import { closeFixtureClients, FIXTURE_TRANSPORTS, fixtureClient, structured } from "./harness.js";

afterEach(closeFixtureClients);

/** Sends `tools/call` with `params` serialized exactly as given, own `__proto__` keys included. */
async function callRaw(client: Client, paramsJson: string) {
  const params = JSON.parse(paramsJson) as { name: string };
  return client.request({ method: "tools/call", params });
}

const UNKNOWN_FOR_ADD = "Unknown parameter; valid parameters are a, b";

describe.each(FIXTURE_TRANSPORTS)("tool arguments as sent over %s", (transport) => {
  const connect = () => fixtureClient(transport);

  it.each(["__proto__", "constructor", "prototype"])(
    "rejects %s as an unknown parameter instead of running the tool",
    async (key) => {
      const client = await connect();
      for (const value of ["5", "null", '{"a":1}']) {
        const result = await callRaw(
          client,
          `{"name":"add","arguments":{"a":1,"b":2,"${key}":${value}}}`,
        );
        expect(result.isError).toBe(true);
        expect(structured(result)).toEqual({
          error: {
            message: "Invalid parameters provided",
            details: [{ parameter: key, issue: UNKNOWN_FOR_ADD }],
          },
        });
      }
    },
  );

  it("does not let an object under __proto__ supply parameters", async () => {
    const result = await callRaw(
      await connect(),
      '{"name":"add","arguments":{"__proto__":{"a":1,"b":2}}}',
    );
    expect(result.isError).toBe(true);
    const details = (structured(result).error as { details: Array<{ parameter: string }> }).details;
    expect(details.map((detail) => detail.parameter)).toEqual(["a", "b", "__proto__"]);
  });

  it.each(['"a=1"', "7", "[1,2]", "null"])(
    "leaves arguments %s to the SDK, which refuses them with -32602 naming arguments",
    async (raw) => {
      const refused = await callRaw(await connect(), `{"name":"add","arguments":${raw}}`).then(
        () => undefined,
        (error: unknown) => error as { code?: number; message?: string },
      );
      expect(refused?.code).toBe(-32602);
      expect(refused?.message).toMatch(/^Invalid tools\/call request: [\s\S]*"arguments"/);
    },
  );

  it("treats absent arguments as an empty object", async () => {
    const client = await connect();
    expect(structured(await callRaw(client, '{"name":"counter_increment"}'))).toEqual({
      value: 1,
    });
    const add = await callRaw(client, '{"name":"add"}');
    expect(add.isError).toBe(true);
    expect(structured(add)).toMatchObject({
      error: { details: [{ parameter: "a" }, { parameter: "b" }] },
    });
  });

  it("tells a handler its call's JSON-RPC id and _meta as sent", async () => {
    const client = await connect();
    const withMeta = await callRaw(client, '{"name":"request","_meta":{"request_id":"r-1"}}');
    const without = await callRaw(client, '{"name":"request"}');
    const first = structured(withMeta) as { id: string | number; meta: object };
    const second = structured(without) as { id: string | number; meta: object };
    expect([first.meta, second.meta]).toEqual([{ request_id: "r-1" }, {}]);
    // The SDK client numbers its requests: two calls, two different ids.
    expect(typeof first.id).toBe("number");
    expect(second.id).not.toEqual(first.id);
  });

  it("still answers a call without a tool name with a protocol error", async () => {
    await expect(callRaw(await connect(), '{"arguments":{}}')).rejects.toMatchObject({
      code: -32602,
    });
  });
});
