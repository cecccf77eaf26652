import type { Pool, QueryResult } from "pg";
import { describe, expect, it } from "vitest";
import {
  BatchKeys,
  ContendedCampaigns,
  SessionCampaigns,
} from "../../../src/storage/postgres/batch-keys.js";
import type { Statement, Statements } from "../../../src/storage/postgres/postgres-transaction.js";
import { WriteBatch } from "../../../src/storage/postgres/write-batch.js";

/**
 * What a group of writes sends on its connection (docs/campaign.md §10.2), recorded by a
 * connection that answers every lock with the campaign's row unless told otherwise.
 */
function recordingPool(lockAnswers: boolean[] = []) {
  const sent: string[] = [];
  const client = {
    connection: { stream: { cork() {}, uncork() {} } },
    on() {},
    removeListener() {},
    release() {},
    async query(statement: string | Statement): Promise<QueryResult> {
      const text = typeof statement === "string" ? statement : statement.text;
      sent.push(text);
      const granted = text.startsWith("LOCK") ? (lockAnswers.shift() ?? true) : true;
      return {
        command: "SELECT",
        rowCount: 1,
        oid: 0,
        fields: [],
        rows: granted ? [{ id: "c1" }] : [],
      };
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

/** A write that locks campaign c1, as every write to a campaign does first, then writes. */
function writeTo(label: string) {
  return async (statements: Statements) => {
    const waiting = { text: "LOCK c1 WAITING", values: ["c1"] };
    await statements.lock({ campaignId: "c1" }, waiting, { text: "LOCK c1", values: ["c1"] });
    await statements.send({ text: `WRITE ${label}` });
    return label;
  };
}

describe("a group of writes to one campaign", () => {
  it("locks the campaign once, with its first write", async () => {
    const { sent, pool } = recordingPool();
    const batch = newBatch(pool);

    const outcomes = await Promise.all(["a", "b", "c"].map((label) => batch.run(writeTo(label))));

    expect(outcomes).toEqual(["a", "b", "c"].map((value) => ({ kind: "committed", value })));
    expect(sent).toEqual(["BEGIN", "LOCK c1", "WRITE a", "WRITE b", "WRITE c", "COMMIT"]);
  });

  it("locks it again for the next write when the first was refused the lock", async () => {
    const { sent, pool } = recordingPool([false]);
    const batch = newBatch(pool);

    const outcomes = await Promise.all(["a", "b"].map((label) => batch.run(writeTo(label))));

    expect(outcomes).toEqual([{ kind: "refused" }, { kind: "committed", value: "b" }]);
    expect(sent).toEqual(["BEGIN", "LOCK c1", "LOCK c1", "WRITE b", "COMMIT"]);
  });
});
