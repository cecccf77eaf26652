import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ExternalChange } from "../../../src/storage/campaign-store.js";
import { ChangeListener } from "../../../src/storage/postgres/change-listener.js";
import { CHANGE_CHANNEL } from "../../../src/storage/postgres/change-notices.js";
import { clientConfig } from "../../../src/storage/postgres/connection-options.js";
import { runSql } from "../../support/sql.mjs";
import { newPostgresDatabase, type TestDatabase } from "../../support/store-under-test.js";

async function waitFor(condition: () => boolean, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error("timed out waiting");
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

function notify(location: string, origin: string, uri: string): Promise<unknown> {
  return runSql(location, "SELECT pg_notify($1, $2)", [
    CHANGE_CHANNEL,
    JSON.stringify({ origin, uris: [uri] }),
  ]);
}

describe("the PostgreSQL change listener (docs/campaign.md §10.3)", () => {
  let database: TestDatabase;
  const listeners: ChangeListener[] = [];

  function start(name: string, changes: ExternalChange[], connect?: () => pg.Client) {
    const listener = new ChangeListener({
      origin: "this-store",
      connect:
        connect ??
        (() => new pg.Client({ ...clientConfig(database.location), application_name: name })),
      onChange: (change) => changes.push(change),
      onInterrupted: () => {},
    });
    listeners.push(listener);
    return listener;
  }

  beforeAll(async () => {
    database = await newPostgresDatabase();
  });

  afterAll(async () => {
    await Promise.all(listeners.map((listener) => listener.stop()));
    await database.remove();
  });

  it("treats its first connection like a reconnect: what was committed before it listened counts as missed", async () => {
    const changes: ExternalChange[] = [];
    const listener = start("listener-first", changes);
    await listener.firstAttempt;
    await waitFor(() => changes.length > 0);
    expect(changes).toEqual([{ kind: "missed" }]);

    await notify(database.location, "this-store", "campaign://own");
    await notify(database.location, "other-store", "campaign://theirs");
    await waitFor(() => changes.length > 1);
    expect(changes).toEqual([
      { kind: "missed" },
      { kind: "changed", uris: ["campaign://theirs"], audience: undefined },
    ]);
  });

  it("reports missed once more after its connection is terminated, then hears again", async () => {
    const changes: ExternalChange[] = [];
    const listener = start("listener-cut", changes);
    await listener.firstAttempt;
    await waitFor(() => changes.length === 1);
    await runSql(
      database.location,
      "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = $1",
      ["listener-cut"],
    );
    await waitFor(() => changes.length === 2);
    await notify(database.location, "other-store", "campaign://after");
    await waitFor(() => changes.length === 3);
    expect(changes).toEqual([
      { kind: "missed" },
      { kind: "missed" },
      { kind: "changed", uris: ["campaign://after"], audience: undefined },
    ]);
  });

  it("reports missed when it first listens after failed attempts, whatever was committed meanwhile", async () => {
    const changes: ExternalChange[] = [];
    let refusals = 2;
    const listener = start("listener-late", changes, () => {
      // The first attempts reach a port nobody listens on.
      const url = new URL(database.location);
      if (refusals-- > 0) url.port = "1";
      return new pg.Client({ ...clientConfig(url.href), application_name: "listener-late" });
    });
    await listener.firstAttempt;
    expect(changes).toEqual([]);
    await notify(database.location, "other-store", "campaign://unheard");
    await waitFor(() => changes.length > 0, 20_000);
    expect(changes).toEqual([{ kind: "missed" }]);
  }, 30_000);
});
