import type { CallToolResult } from "@modelcontextprotocol/server";
import { describe, expect, it } from "vitest";
import { compileWorldText } from "../../src/index.js";
import { AnswerCache } from "../../src/tools/answer-cache.js";

const world = compileWorldText("w.urd.md", "---\nworld:\n  name: w\n---\n");
const answer = (text: string): CallToolResult => ({ content: [{ type: "text", text }] });

describe("the answer cache", () => {
  it("keeps a bounded number of small answers, forgetting the least recently used", () => {
    const cache = new AnswerCache();
    const keys = Array.from({ length: 5000 }, (_, index) => cache.keyOf({ cursor: `c${index}` }));
    for (const key of keys) cache.set(world, "tool", key as string, answer("{}"));
    const kept = keys.filter((key) => cache.get(world, "tool", key as string) !== undefined);
    expect(kept.length).toBeGreaterThan(0);
    expect(kept.length).toBeLessThan(1000);
    expect(kept).toEqual(keys.slice(keys.length - kept.length));
  });

  it("keeps a bounded amount of text, whatever the number of answers", () => {
    const cache = new AnswerCache();
    const page = "x".repeat(64 * 1024);
    for (let index = 0; index < 200; index++) cache.set(world, "tool", `p${index}`, answer(page));
    let kept = 0;
    for (let index = 0; index < 200; index++) {
      if (cache.get(world, "tool", `p${index}`) !== undefined) kept++;
    }
    expect(kept).toBeGreaterThan(0);
    expect(kept * page.length).toBeLessThanOrEqual(4 * 1024 * 1024);
  });
});
