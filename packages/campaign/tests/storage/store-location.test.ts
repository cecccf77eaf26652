import { describe, expect, it } from "vitest";
import {
  isPostgresUrl,
  locationSecrets,
  maskLocation,
  redactSecrets,
} from "../../src/storage/store-location.js";

describe("database locations", () => {
  it("tells PostgreSQL URLs from file paths", () => {
    expect(isPostgresUrl("postgres://db/campaign")).toBe(true);
    expect(isPostgresUrl("postgresql://user@db/campaign")).toBe(true);
    expect(isPostgresUrl("POSTGRES://db/campaign")).toBe(true);
    expect(isPostgresUrl("./postgres://not-a-url")).toBe(false);
    expect(isPostgresUrl(":memory:")).toBe(false);
    expect(isPostgresUrl("/var/lib/campaign.db")).toBe(false);
  });

  it("masks the password of a URL and nothing else", () => {
    expect(maskLocation("postgres://gm:s3cret@db:5432/campaign?sslmode=require")).toBe(
      "postgres://gm:***@db:5432/campaign?sslmode=require",
    );
    expect(maskLocation("postgresql://gm:p@ss@db/campaign")).toBe(
      "postgresql://gm:***@db/campaign",
    );
    expect(maskLocation("postgres://gm@db/campaign")).toBe("postgres://gm@db/campaign");
    expect(maskLocation("postgres://db/campaign?user=a:b")).toBe("postgres://db/campaign?user=a:b");
    expect(maskLocation("/data/gm:secret@campaign.db")).toBe("/data/gm:secret@campaign.db");
  });

  it("knows the password as written, decoded, and from PGPASSWORD", () => {
    expect(locationSecrets("postgres://gm:p%40ss@db/campaign", { PGPASSWORD: "env-pw" })).toEqual([
      "p%40ss",
      "p@ss",
      "env-pw",
    ]);
    expect(locationSecrets("postgres://db/campaign", {})).toEqual([]);
  });

  it("redacts every occurrence of every secret, longest first", () => {
    expect(redactSecrets("auth failed for pw and pw2 (pw2)", ["pw", "pw2"])).toBe(
      "auth failed for *** and *** (***)",
    );
  });
});
