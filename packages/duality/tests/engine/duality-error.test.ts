import { describe, expect, it } from "vitest";
import { DualityError } from "../../src/engine/duality-error.js";

describe("DualityError", () => {
  it("is an Error carrying its code, parameter and name", () => {
    const error = new DualityError("OUT_OF_RANGE", "hope must be at most 12, got 13", "hope");
    expect(error).toBeInstanceOf(Error);
    expect(error.name).toBe("DualityError");
    expect(error.code).toBe("OUT_OF_RANGE");
    expect(error.parameter).toBe("hope");
    expect(error.message).toBe("hope must be at most 12, got 13");
  });

  it("leaves the parameter undefined when no single input is at fault", () => {
    expect(new DualityError("INVALID_DIE_ROLL", "A d6 cannot show 7").parameter).toBeUndefined();
  });
});
