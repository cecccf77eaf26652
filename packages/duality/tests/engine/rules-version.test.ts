import { describe, expect, it } from "vitest";
import { getRulesVersion } from "../../src/engine/rules-version.js";
import { RULES_VERSION_EXAMPLE } from "../spec-examples.js";

describe("getRulesVersion", () => {
  it("returns exactly the constant metadata of docs/duality.md §3.1", () => {
    expect(getRulesVersion()).toEqual(RULES_VERSION_EXAMPLE);
  });

  it("hands out a fresh copy each time so callers cannot alter the constant", () => {
    const first = getRulesVersion();
    first.outcomes.pop();
    expect(getRulesVersion().outcomes).toHaveLength(7);
  });
});
