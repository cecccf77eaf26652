import { describe, expect, it } from "vitest";
import { spanProblem } from "./spans.js";

describe("the span checker used by the property tests", () => {
  const source = "ab\n—\n";
  const span = (start_line: number, start_col: number, end_line: number, end_col: number) => ({
    file: "f",
    start_line,
    start_col,
    end_line,
    end_col,
  });

  it("accepts spans inside the file, up to one past the last byte", () => {
    expect(spanProblem(span(1, 1, 1, 3), "f", source)).toBeNull();
    expect(spanProblem(span(2, 1, 2, 4), "f", source)).toBeNull();
    expect(spanProblem(span(3, 1, 3, 1), "f", source)).toBeNull();
  });

  it("rejects spans outside the file or running backwards", () => {
    expect(spanProblem(span(0, 1, 1, 1), "f", source)).not.toBeNull();
    expect(spanProblem(span(4, 1, 4, 1), "f", source)).not.toBeNull();
    expect(spanProblem(span(1, 1, 1, 4), "f", source)).not.toBeNull();
    expect(spanProblem(span(2, 5, 2, 5), "f", source)).not.toBeNull();
    expect(spanProblem(span(1, 3, 1, 2), "f", source)).not.toBeNull();
    expect(spanProblem(span(1, 1, 1, 2), "g", source)).not.toBeNull();
  });
});
