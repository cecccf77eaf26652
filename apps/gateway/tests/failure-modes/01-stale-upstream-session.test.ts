// docs/gateway.md §15, item 1: an HTTP upstream that restarts forgets its sessions; the gateway
// must notice the 404, start a new upstream session once and retry once, instead of failing forever
// on the old id.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  call,
  cleanupAll,
  directRecord,
  errorOf,
  type HttpChild,
  openStdioGateway,
  readRecord,
  type StdioSession,
  startFixtureHttpProcess,
  writeConfig,
} from "../helpers/gateway.js";

let fixture: HttpChild;
let gateway: StdioSession;

beforeAll(async () => {
  fixture = await startFixtureHttpProcess(["--name", "remote"]);
  const config = writeConfig({
    mcpServers: {
      dice: { builtin: "dice", rate_limit_ms: 0 },
      remote: { url: fixture.url },
    },
  });
  gateway = await openStdioGateway(["--config", config]);
});

afterAll(cleanupAll);

describe("an HTTP upstream that restarts on the same port", () => {
  it("gets a new upstream session with one initialize, and the call is retried exactly once", async () => {
    const before = await call(gateway.client, "echo", { round: 1 });
    expect(before.isError).toBeFalsy();
    const oldRecord = await readRecord(gateway.client);
    const oldSession = oldRecord.tool_calls.find((entry) => entry.name === "echo")?.session;
    expect(oldSession).toBeDefined();

    await fixture.stop();
    fixture = await startFixtureHttpProcess(["--name", "remote"], fixture.port);

    const after = await call(gateway.client, "echo", { round: 2 });
    expect(after.isError).toBeFalsy();
    expect(after.structuredContent).toMatchObject({ arguments: { round: 2 } });

    const record = await directRecord(fixture.url);
    expect(record.pid).not.toBe(oldRecord.pid);
    const echoes = record.tool_calls.filter((entry) => entry.name === "echo");
    expect(echoes).toHaveLength(1);
    const newSession = echoes[0]?.session ?? "";
    expect(newSession).not.toBe(oldSession);
    expect(record.sessions[newSession]).toMatchObject({ initialize: 1, initialized: 1 });
    const staleCalls = record.unknown_session_requests.filter((entry) =>
      entry.methods.includes("tools/call"),
    );
    expect(staleCalls.length).toBeLessThanOrEqual(1);
  });

  it("fails the call with reason session_lost when the new initialize gets HTTP 500, and keeps serving", async () => {
    await fixture.stop();
    fixture = await startFixtureHttpProcess(["--initialize-status", "500"], fixture.port);

    const lost = await call(gateway.client, "echo", { round: 3 });
    const error = errorOf(lost);
    expect(error).toMatchObject({ code: "FAILED_PRECONDITION", upstream: "remote" });
    expect(error.reason).toBe("session_lost");

    const dice = await call(gateway.client, "roll_dice", { dice_count: 1, dice_sides: 6 });
    expect(dice.isError).toBeFalsy();

    await fixture.stop();
    fixture = await startFixtureHttpProcess(["--name", "remote"], fixture.port);
    const again = await call(gateway.client, "echo", { round: 4 });
    expect(again.isError).toBeFalsy();
  });
});
