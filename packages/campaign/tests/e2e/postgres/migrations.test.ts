import { runCommand } from "@tabletop-mcp/kit/testing";
import { describe, expect, it } from "vitest";
import { POSTGRES_SCHEMA_VERSION } from "../../../src/storage/postgres/postgres-migrations.js";
import { runSql } from "../../support/sql.mjs";
import { newPostgresDatabase } from "../../support/store-under-test.js";
import { CLI_ENTRY } from "../harness.js";
import { startReplica } from "./replica-harness.js";

const REPLICAS = 3;
const ROUNDS = 3;

describe("schema migrations on PostgreSQL (docs/campaign.md §10.1)", () => {
  it(`run once when ${REPLICAS} replicas start together on an empty database, ${ROUNDS} times`, async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const database = await newPostgresDatabase({ empty: true });
      const started = await Promise.allSettled(
        Array.from({ length: REPLICAS }, () => startReplica(database.location)),
      );
      for (const replica of started) {
        if (replica.status === "fulfilled") await replica.value.stop();
      }
      const versions = await runSql(
        database.location,
        "SELECT version FROM campaign_schema_migrations ORDER BY version",
      );
      await database.remove();

      expect(started.map((replica) => replica.status)).toEqual(
        Array.from({ length: REPLICAS }, () => "fulfilled"),
      );
      expect(versions).toEqual(
        Array.from({ length: POSTGRES_SCHEMA_VERSION }, (_, index) => ({ version: index + 1 })),
      );
    }
  });

  it("stop the server with exit 2 and one line on a database newer than the code", async () => {
    const database = await newPostgresDatabase();
    await runSql(
      database.location,
      "INSERT INTO campaign_schema_migrations (version) VALUES ($1)",
      [POSTGRES_SCHEMA_VERSION + 1],
    );
    const result = runCommand(CLI_ENTRY, ["--db", database.location]);
    await database.remove();

    expect(result.status).toBe(2);
    expect(result.stderr).toBe(
      `cannot open database: schema version ${POSTGRES_SCHEMA_VERSION + 1} is newer than supported ${POSTGRES_SCHEMA_VERSION}\n`,
    );
  });
});
