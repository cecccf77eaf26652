/** One structural question about the Locked Garden and how to judge a model's answer to it. */
export interface HarnessQuestion {
  readonly id: number;
  readonly prompt: string;
  /** What a correct answer says, for people reading a failed run. */
  readonly expected: string;
  /** Pattern checks on the answer text, not exact text (docs/world.md §9). */
  readonly verify: (answer: string) => boolean;
}

const mentionsAll = (answer: string, patterns: readonly RegExp[]) =>
  patterns.every((pattern) => pattern.test(answer));

/**
 * The five questions of docs/world.md §9, answered from `locked-garden.urd.md`; 4 of 5 must
 * pass.
 */
export const HARNESS_QUESTIONS: readonly HarnessQuestion[] = [
  {
    id: 1,
    prompt: "What condition must be met to travel from the Gatehouse to the Walled Garden?",
    expected: "Lock.locked must be false (@garden_gate.locked == false)",
    verify: (answer) => mentionsAll(answer, [/locked/i, /false|unlocked/i]),
  },
  {
    id: 2,
    prompt: "Which entities are of type Character?",
    expected: "@warden and @ghost, no others",
    verify: (answer) =>
      mentionsAll(answer, [/\bwarden\b/i, /\bghost\b/i]) &&
      !/iron_key|\bjournal\b|garden_gate/i.test(answer),
  },
  {
    id: 3,
    prompt: "What are all the ways @warden.trust can change in the gatehouse?",
    expected: "+1 (State your purpose), +5 (Offer the journal), -2 (Force the gate)",
    verify: (answer) =>
      mentionsAll(answer, [
        /(\+=?|plus|increase[sd]? by|add(?:s|ed)?)\s*1\b/i,
        /(\+=?|plus|increase[sd]? by|add(?:s|ed)?)\s*5\b/i,
        /(-=?|−|minus|decrease[sd]? by|subtract(?:s|ed)?|reduce[sd]? by)\s*2\b/i,
      ]),
  },
  {
    id: 4,
    prompt: "What effects does choosing 'Offer the journal' have?",
    expected: "trust +5, mood = friendly",
    verify: (answer) => mentionsAll(answer, [/trust/i, /\b5\b/, /mood/i, /friendly/i]),
  },
  {
    id: 5,
    prompt: "How can the garden gate be unlocked?",
    expected: "Choose 'Ask about the garden' when trust >= 3; it sets locked = false",
    verify: (answer) => mentionsAll(answer, [/trust/i, /\b3\b/, /locked/i, /false|unlock/i]),
  },
];

/** How many answers must pass (docs/world.md §9). */
export const HARNESS_PASS_MARK = 4;
