import { describe, expect, it } from "vitest";
import { HARNESS_QUESTIONS } from "../../src/llm-harness/questions.js";

// Reference answers written from the Locked Garden's facts (docs/world.md, Appendix A).
const REFERENCE_ANSWERS: Record<number, string> = {
  1: "The exit is guarded: @garden_gate.locked == false, so the Lock must be unlocked first.",
  2: "Two entities have type Character: @warden and @ghost.",
  3: "State your purpose: trust += 1. Offer the journal: trust += 5. Force the gate: trust -= 2.",
  4: "It sets Character.trust += 5 and Character.mood = friendly.",
  5: "Pick 'Ask about the garden', which needs trust >= 3; its effect sets Lock.locked = false.",
};

const WRONG_ANSWERS: Record<number, string> = {
  1: "You can always walk there through the north exit.",
  2: "@warden, @ghost and @journal are Characters.",
  3: "Trust goes up by 1 and by 5.",
  4: "It makes the warden friendly.",
  5: "Use the iron key on it.",
};

describe("the LLM harness verifiers", () => {
  it.each(HARNESS_QUESTIONS.map((question) => [question.id, question]))(
    "question %i accepts its reference answer and rejects a wrong one",
    (id, question) => {
      expect(question.verify(REFERENCE_ANSWERS[id] ?? "")).toBe(true);
      expect(question.verify(WRONG_ANSWERS[id] ?? "")).toBe(false);
    },
  );
});
