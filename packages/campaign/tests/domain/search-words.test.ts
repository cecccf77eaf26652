import { describe, expect, it } from "vitest";
import { itemsWithinBudget } from "../../src/domain/answer-budget.js";
import { parseSearchCursor, searchCursorOf } from "../../src/domain/search-cursor.js";
import { searchWords } from "../../src/domain/search-words.js";

describe("searchWords", () => {
  it("splits at every space, punctuation mark and symbol, keeping each word once", () => {
    expect(searchWords('  "Goblin-king" NEAR(goblin*) ^KING: -duke\'s €5 goblin ')).toEqual([
      "Goblin",
      "king",
      "NEAR",
      "duke",
      "s",
      "5",
    ]);
  });

  it("keeps letters of every script and their combining marks inside a word", () => {
    expect(searchWords("Éowyn e\u0301lan 東京 ٣٤")).toEqual(["Éowyn", "e\u0301lan", "東京", "٣٤"]);
  });

  it("finds no word in punctuation, symbols and control characters alone", () => {
    expect(searchWords('"*^:()-+~\u0000\t 😀')).toEqual([]);
  });
});

describe("search cursors", () => {
  it("name the session and seq of an event, and read back only what they name", () => {
    const cursor = searchCursorOf({ session_id: "sess_a-1", seq: 42 });
    expect(parseSearchCursor(cursor)).toEqual({ sessionId: "sess_a-1", seq: 42 });
    for (const malformed of ["sess_a.0", "sess_a.2147483648", ".1", "sess a.1", "sess_a"]) {
      expect(parseSearchCursor(malformed)).toBeUndefined();
    }
    expect(parseSearchCursor("sess_a.2147483647")).toEqual({
      sessionId: "sess_a",
      seq: 2 ** 31 - 1,
    });
  });
});

describe("itemsWithinBudget", () => {
  it("counts each item's UTF-8 JSON and the commas between them", () => {
    // ["ä"] is 4 bytes of JSON ("ä" takes 2), a comma 1: three items take 14 bytes.
    const items = ["ä", "ä", "ä"];
    expect(itemsWithinBudget(items, 14)).toBe(3);
    expect(itemsWithinBudget(items, 13)).toBe(2);
    expect(itemsWithinBudget(items, 9)).toBe(2);
    expect(itemsWithinBudget(items, 8)).toBe(1);
  });

  it("keeps one item even past the budget, so that a page always moves on", () => {
    expect(itemsWithinBudget(["too long"], 1)).toBe(1);
    expect(itemsWithinBudget([], 1)).toBe(0);
  });
});
