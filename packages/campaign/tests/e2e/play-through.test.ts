import type { Client } from "@modelcontextprotocol/client";
import { afterEach, describe, it } from "vitest";
import { freshDatabase, STORE_KIND } from "../support/store-under-test.js";
import { connectHttp, connectStdio, type HttpChild, SCRIPTED_ENTRY, spawnHttp } from "./harness.js";
import { playWorkedSequence, WORKED_SEQUENCE_DICE } from "./worked-sequence.js";

describe(`the worked sequence of docs/campaign.md §9 on ${STORE_KIND}`, () => {
  let cleanup: (() => Promise<void>)[] = [];
  afterEach(async () => {
    for (const step of cleanup.reverse()) await step();
    cleanup = [];
  });

  it("ends with the spec's states, GM Fear and event log over stdio", async () => {
    const database = await freshDatabase();
    const client: Client = await connectStdio(SCRIPTED_ENTRY, ["--db", database.location], {
      SCRIPTED_DICE: WORKED_SEQUENCE_DICE,
    });
    cleanup.push(async () => {
      await client.close();
      await database.remove();
    });
    await playWorkedSequence(client);
  });

  it("ends with the spec's states, GM Fear and event log over HTTP", async () => {
    const database = await freshDatabase();
    const server: HttpChild = await spawnHttp(SCRIPTED_ENTRY, ["--db", database.location], {
      SCRIPTED_DICE: WORKED_SEQUENCE_DICE,
    });
    const client = await connectHttp(server.url);
    cleanup.push(async () => {
      await client.close();
      await server.stop();
      await database.remove();
    });
    await playWorkedSequence(client);
  });
});
