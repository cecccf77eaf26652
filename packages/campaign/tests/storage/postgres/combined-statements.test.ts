import type { QueryResult } from "pg";
import { describe, expect, it } from "vitest";
import { combiningStatements } from "../../../src/storage/postgres/combined-statements.js";
import type { Statement, Statements } from "../../../src/storage/postgres/postgres-transaction.js";

/**
 * How the PostgreSQL store combines the statements a command issues together
 * (docs/campaign.md §10.2), seen from the connection: what goes out, in which order.
 */

/**
 * Statements that record what reaches the connection. A combined lookup answers one column per
 * lookup, as PostgreSQL would (each lookup's row as JSON, or null when it found none); any other
 * statement one plain row.
 */
function recorder() {
  const sent: { how: "query" | "send" | "lock"; statement: Statement }[] = [];
  const answer = (statement: Statement) => {
    const combined = statement.text.startsWith("SELECT (SELECT row_to_json(r)");
    const row = combined ? { "0": { from: 0 }, "1": null } : { plain: true };
    return { rows: [row], rowCount: 1 } as unknown as QueryResult;
  };
  const statements: Statements = {
    query: async (statement) => {
      sent.push({ how: "query", statement });
      return answer(statement) as never;
    },
    send: async (statement) => {
      sent.push({ how: "send", statement });
    },
    lock: async (_target, statement) => {
      sent.push({ how: "lock", statement });
      return answer(statement);
    },
    notify: async () => {},
  };
  return { sent, statements: combiningStatements(statements) };
}

const write = (name: string, table: string, values: unknown[]): Statement => ({
  name,
  text: `UPDATE ${table} SET a = $1 WHERE id = $2`,
  values,
  table,
});
const lookup = (name: string, values: unknown[]): Statement => ({
  name,
  text: `SELECT $1::text AS x, $2::int AS y`,
  values,
  lookup: true,
});

describe("statements issued together on PostgreSQL", () => {
  it("go out as one statement when they write different tables, parameters renumbered", async () => {
    const { sent, statements } = recorder();
    await Promise.all([
      statements.send(write("w1", "characters", [1, "a"])),
      statements.send(write("w2", "character_states", [2, "b"])),
      statements.send(write("w3", "campaigns", [3, "c"])),
    ]);
    expect(sent).toHaveLength(1);
    const [only] = sent;
    expect(only?.how).toBe("send");
    expect(only?.statement.text).toBe(
      'WITH "0" AS (UPDATE characters SET a = $1 WHERE id = $2), ' +
        '"1" AS (UPDATE character_states SET a = $3 WHERE id = $4) ' +
        "UPDATE campaigns SET a = $5 WHERE id = $6",
    );
    expect(only?.statement.values).toEqual([1, "a", 2, "b", 3, "c"]);
  });

  it("go out as one statement when they are lookups, each given its own row or none", async () => {
    const { sent, statements } = recorder();
    const [first, second] = await Promise.all([
      statements.query(lookup("l1", ["x", 1])),
      statements.query(lookup("l2", ["y", 2])),
    ]);
    expect(sent).toHaveLength(1);
    expect(sent[0]?.statement.text).toBe(
      'SELECT (SELECT row_to_json(r) FROM (SELECT $1::text AS x, $2::int AS y) r) AS "0", ' +
        '(SELECT row_to_json(r) FROM (SELECT $3::text AS x, $4::int AS y) r) AS "1"',
    );
    expect(sent[0]?.statement.values).toEqual(["x", 1, "y", 2]);
    expect([first.rows, second.rows]).toEqual([[{ from: 0 }], []]);
    expect([first.rowCount, second.rowCount]).toEqual([1, 0]);
  });

  it("keep two writes of one table apart, in the order they were issued", async () => {
    const { sent, statements } = recorder();
    await Promise.all([
      statements.send(write("first", "campaigns", [1, "a"])),
      statements.send(write("state", "character_states", [2, "b"])),
      statements.send(write("second", "campaigns", [3, "a"])),
    ]);
    expect(sent.map(({ statement }) => statement.values)).toEqual([
      [1, "a", 2, "b"],
      [3, "a"],
    ]);
  });

  it("never let a lookup overtake a write issued before it, nor a write a lookup", async () => {
    const { sent, statements } = recorder();
    const [, looked] = await Promise.all([
      statements.send(write("w1", "campaigns", [1, "a"])),
      statements.query(lookup("l1", ["x", 1])),
      statements.send(write("w2", "sessions", [2, "b"])),
    ]);
    expect(sent.map(({ how, statement }) => [how, statement.name])).toEqual([
      ["send", "w1"],
      ["query", "l1"],
      ["send", "w2"],
    ]);
    expect(looked.rows).toEqual([{ plain: true }]);
  });

  it("send what was issued before a lock ahead of it", async () => {
    const { sent, statements } = recorder();
    const writing = statements.send(write("w1", "campaigns", [1, "a"]));
    await statements.lock({ campaignId: "c" }, lookup("lock", ["c", 1]));
    await writing;
    expect(sent.map(({ how, statement }) => [how, statement.name])).toEqual([
      ["send", "w1"],
      ["lock", "lock"],
    ]);
  });

  it("do not combine a write that names no table", async () => {
    const { sent, statements } = recorder();
    await Promise.all([
      statements.send(write("w1", "campaigns", [1, "a"])),
      statements.send({
        name: "plain",
        text: "DELETE FROM mcp_sessions WHERE id = $1",
        values: [1],
      }),
      statements.send(write("w2", "sessions", [2, "b"])),
    ]);
    expect(sent.map(({ statement }) => statement.name)).toEqual(["w1", "plain", "w2"]);
  });
});
