import { describe, expect, it } from "vitest";
import {
  checkExtraDieExclusivity,
  checkThresholdOrder,
} from "../../src/engine/parameter-issues.js";

describe("checkExtraDieExclusivity", () => {
  it("reports both dice on disadvantage_die with the wording of docs/duality.md §6", () => {
    expect(checkExtraDieExclusivity({ advantage_die: 2, disadvantage_die: 5 })).toEqual([
      {
        parameter: "disadvantage_die",
        issue: "advantage_die and disadvantage_die are mutually exclusive",
      },
    ]);
  });

  it("accepts either die alone, or none", () => {
    expect(checkExtraDieExclusivity({ advantage_die: 2 })).toEqual([]);
    expect(checkExtraDieExclusivity({ disadvantage_die: 2 })).toEqual([]);
    expect(checkExtraDieExclusivity({})).toEqual([]);
  });
});

describe("checkThresholdOrder", () => {
  it("reports a severe threshold below the major one on severe_threshold", () => {
    expect(checkThresholdOrder({ major_threshold: 10, severe_threshold: 5 })).toEqual([
      { parameter: "severe_threshold", issue: "severe_threshold must be >= major_threshold" },
    ]);
  });

  it("accepts equal thresholds", () => {
    expect(checkThresholdOrder({ major_threshold: 7, severe_threshold: 7 })).toEqual([]);
  });
});
