import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  isTableSubject,
  providerSubject,
  RESERVED_SUBJECTS,
} from "../../src/auth/subject-namespace.js";

describe("a provider's subjects", () => {
  it.each([
    ["local", "oauth:local"],
    ["token", "oauth:token"],
    ["oauth:local", "oauth:oauth:local"],
    ["oauth:", "oauth:oauth:"],
  ])("escapes %s as %s", (given, expected) => {
    expect(providerSubject(given)).toBe(expected);
  });

  it.each(["alice", "Local", "tokens", "248289761001", "oauth", "user:local"])(
    "keeps the ordinary subject %s as it is",
    (subject) => {
      expect(providerSubject(subject)).toBe(subject);
    },
  );

  it("never yields a reserved subject, and never the same subject for two", () => {
    const subjects = fc.oneof(
      fc.string({ minLength: 1 }),
      fc.constantFrom(...RESERVED_SUBJECTS),
      fc.string().map((rest) => `oauth:${rest}`),
    );
    fc.assert(
      fc.property(subjects, subjects, (one, other) => {
        expect(RESERVED_SUBJECTS).not.toContain(providerSubject(one));
        if (one !== other) expect(providerSubject(one)).not.toBe(providerSubject(other));
      }),
    );
  });
});

describe("a token table row's subject", () => {
  it.each(["local", "token", "oauth:alice", "oauth:"])("may not be %s", (subject) => {
    expect(isTableSubject(subject)).toBe(false);
  });

  it.each(["alice", "Local", "oauth"])("may be %s", (subject) => {
    expect(isTableSubject(subject)).toBe(true);
  });
});
