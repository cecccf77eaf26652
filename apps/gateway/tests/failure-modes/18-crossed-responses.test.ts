// docs/gateway.md §15, item 18: on one shared stdio upstream, many sessions' requests interleave;
// peers that key responses by the clients' own ids hand one client another's answer.
import { afterAll, describe, expect, it } from "vitest";
import {
  call,
  cleanupAll,
  fixtureStdio,
  openHttpSession,
  startGatewayHttp,
  writeConfig,
} from "../helpers/gateway.js";

afterAll(cleanupAll);

describe("5 sessions × 20 concurrent echo calls on a shared stdio upstream", () => {
  it("give every session exactly its own 20 payloads", async () => {
    const config = writeConfig({ mcpServers: { shared: fixtureStdio() } });
    const gateway = await startGatewayHttp(["--config", config]);
    const sessions = await Promise.all(
      Array.from({ length: 5 }, () => openHttpSession(gateway.url)),
    );
    const answers = await Promise.all(
      sessions.map((session, sessionIndex) =>
        Promise.all(
          Array.from({ length: 20 }, (_, callIndex) =>
            call(session.client, "echo", { payload: `s${sessionIndex}-c${callIndex}` }),
          ),
        ),
      ),
    );
    answers.forEach((results, sessionIndex) => {
      const payloads = results.map(
        (result) =>
          (result.structuredContent as { arguments: { payload: string } }).arguments.payload,
      );
      expect(payloads).toEqual(
        Array.from({ length: 20 }, (_, callIndex) => `s${sessionIndex}-c${callIndex}`),
      );
    });
  });
});
