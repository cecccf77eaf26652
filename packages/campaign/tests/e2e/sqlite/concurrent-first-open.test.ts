import Database from "better-sqlite3";
import { afterEach, describe, expect, it } from "vitest";
import { CLI_ENTRY, callOk, connectStdio, readJson, temporaryDatabase } from "../harness.js";

const PROCESSES = 6;
const ROUNDS = 5;

describe("servers opening one new database file at the same moment", () => {
  const cleanups: (() => void)[] = [];
  afterEach(() => {
    for (const cleanup of cleanups.splice(0)) cleanup();
  });

  it("waits while another connection holds the file it is creating, then serves", async () => {
    const database = temporaryDatabase();
    const holder = new Database(database.path);
    cleanups.push(() => {
      holder.close();
      database.remove();
    });
    holder.exec("BEGIN IMMEDIATE");
    const release = setTimeout(() => holder.exec("COMMIT"), 300);

    const client = await connectStdio(CLI_ENTRY, ["--db", database.path]);
    clearTimeout(release);
    if (holder.inTransaction) holder.exec("COMMIT");
    const campaign = await callOk(client, "campaign_create", { name: "Patient", gm_mode: "AI" });
    await client.close();

    expect(campaign.name).toBe("Patient");
  });

  it(`starts ${PROCESSES} servers on one new file at once, ${ROUNDS} times, and all serve`, async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const database = temporaryDatabase();
      cleanups.push(database.remove);
      const clients = await Promise.all(
        Array.from({ length: PROCESSES }, () => connectStdio(CLI_ENTRY, ["--db", database.path])),
      );
      const created = await Promise.all(
        clients.map((client, index) =>
          callOk(client, "campaign_create", { name: `Table ${index}`, gm_mode: "AI" }),
        ),
      );
      const [first] = clients;
      if (!first) throw new Error("no client");
      const listed = await readJson(first, "campaigns://list?limit=200");
      await Promise.all(clients.map((client) => client.close()));

      expect((listed.campaigns as { id: string }[]).map((campaign) => campaign.id).sort()).toEqual(
        created.map((campaign) => campaign.id).sort(),
      );
    }
  });
});
