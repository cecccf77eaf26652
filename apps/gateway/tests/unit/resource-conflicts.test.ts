import { describe, expect, it } from "vitest";
import {
  MAX_KEPT_CONFLICTS,
  MAX_REPORTED_URI_LENGTH,
  ResourceConflicts,
} from "../../src/catalog/resource-conflicts.js";

describe("the log of resource conflicts", () => {
  it("reports a conflict once, however often it is seen", () => {
    const conflicts = new ResourceConflicts();
    expect(conflicts.record("resource URI", "ui://a/view.html", "a", "evil")).toBe(true);
    expect(conflicts.record("resource URI", "ui://a/view.html", "a", "evil")).toBe(false);
    expect(conflicts.record("resource template", "ui://a/view.html", "a", "evil")).toBe(true);
    const { conflicts: kept, more } = conflicts.report();
    expect(kept.map(({ kind, uri, owner, claimant }) => [kind, uri, owner, claimant])).toEqual([
      ["resource URI", "ui://a/view.html", "a", "evil"],
      ["resource template", "ui://a/view.html", "a", "evil"],
    ]);
    expect(more).toBe(false);
  });

  it("stays small when a server claims 50,000 long URIs that others own", () => {
    const conflicts = new ResourceConflicts();
    const long = "x".repeat(5_000);
    for (let index = 0; index < 50_000; index++) {
      conflicts.record("resource URI", `owned://${index}/${long}`, "owner", "evil");
    }
    const report = conflicts.report();
    expect(report.conflicts).toHaveLength(MAX_KEPT_CONFLICTS);
    expect(report.more).toBe(true);
    expect(report.conflicts[0]?.uri.startsWith("owned://0/xxx")).toBe(true);
    for (const conflict of report.conflicts) {
      expect(conflict.uri).toHaveLength(MAX_REPORTED_URI_LENGTH);
      expect(conflict.uri.endsWith("…")).toBe(true);
    }
    expect(JSON.stringify(report).length).toBeLessThan(MAX_KEPT_CONFLICTS * 400);
  });
});
