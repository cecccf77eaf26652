import type { Pool, QueryResult } from "pg";
import { describe, expect, it } from "vitest";
import {
  BatchKeys,
  ContendedCampaigns,
  SessionCampaigns,
} from "../../../src/storage/postgres/batch-keys.js";
import { STATEMENTS } from "../../../src/storage/postgres/postgres-statements.js";
import type { Statement, Statements } from "../../../src/storage/postgres/postgres-transaction.js";
import { WriteBatch } from "../../../src/storage/postgres/write-batch.js";

/**
 * What a group of writes sends on its connection (docs/campaign.md §10.2), recorded by a
 * connection that grants every lock the batch asks for, except the campaigns it is told are
 * locked elsewhere the first time they are asked for.
 */
function recordingPool(lockedElsewhere: string[] = []) {
  const sent: unknown[] = [];
  const client = {
    connection: { stream: { cork() {}, uncork() {} } },
    on() {},
    removeListener() {},
    release() {},
    async query(statement: string | Statement): Promise<QueryResult> {
      if (typeof statement === "string" || statement.text !== STATEMENTS.lockCampaignsSkipping) {
        sent.push(typeof statement === "string" ? statement : statement.text);
        return { command: "SELECT", rowCount: 0, oid: 0, fields: [], rows: [] };
      }
      const asked = statement.values?.[0] as string[];
      sent.push({ lock: asked });
      const rows = asked.filter((id) => !lockedElsewhere.includes(id)).map((id) => ({ id }));
      lockedElsewhere.splice(0);
      return { command: "SELECT", rowCount: rows.length, oid: 0, fields: [], rows };
    },
  };
  return { sent, pool: { connect: async () => client } as unknown as Pool };
}

function newBatch(pool: Pool): WriteBatch {
  const context = {
    keys: new BatchKeys(),
    campaigns: new SessionCampaigns(),
    contended: new ContendedCampaigns(),
  };
  return new WriteBatch(pool, 1, context, false);
}

/**
 * A write that locks its campaign, as every write to a campaign does first, issuing a read
 * along with the lock (the read must run after it), then writes.
 */
function writeTo(campaignId: string, label: string) {
  return async (statements: Statements) => {
    await Promise.all([
      statements.lock({ campaignId }, { text: `LOCK ${campaignId} WAITING` }),
      statements.query({ text: `READ ${label}` }),
    ]);
    await statements.send({ text: `WRITE ${label}` });
    return label;
  };
}

describe("a group of writes", () => {
  it("locks the campaigns its writes ask for together in one statement", async () => {
    const { sent, pool } = recordingPool();
    const batch = newBatch(pool);

    const outcomes = await Promise.all([
      batch.run(writeTo("c1", "a")),
      batch.run(writeTo("c2", "b")),
      batch.run(writeTo("c3", "c")),
    ]);

    expect(outcomes).toEqual(["a", "b", "c"].map((value) => ({ kind: "committed", value })));
    expect(sent).toEqual([
      "BEGIN",
      { lock: ["c1", "c2", "c3"] },
      "READ a",
      "READ b",
      "READ c",
      "WRITE a",
      "WRITE b",
      "WRITE c",
      "COMMIT",
    ]);
  });

  it("locks a campaign once, with the first of its writes", async () => {
    const { sent, pool } = recordingPool();
    const batch = newBatch(pool);

    const outcomes = await Promise.all(
      ["a", "b", "c"].map((label) => batch.run(writeTo("c1", label))),
    );

    expect(outcomes).toEqual(["a", "b", "c"].map((value) => ({ kind: "committed", value })));
    expect(sent).toEqual([
      "BEGIN",
      { lock: ["c1"] },
      ...["READ a", "WRITE a", "READ b", "WRITE b", "READ c", "WRITE c"],
      "COMMIT",
    ]);
  });

  it("locks it again for the next write when the first was refused the lock", async () => {
    const { sent, pool } = recordingPool(["c1"]);
    const batch = newBatch(pool);

    const outcomes = await Promise.all(["a", "b"].map((label) => batch.run(writeTo("c1", label))));

    expect(outcomes).toEqual([{ kind: "refused" }, { kind: "committed", value: "b" }]);
    expect(sent).toEqual([
      "BEGIN",
      { lock: ["c1"] },
      // Reads follow their lock before it is answered; this one's answer goes unused.
      "READ a",
      { lock: ["c1"] },
      "READ b",
      "WRITE b",
      "COMMIT",
    ]);
  });
});
