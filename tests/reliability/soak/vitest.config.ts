import { defineConfig } from "vitest/config";

// Long runs: minutes of load, thousands of fuzzed calls, many crash rounds. One file at a time,
// so the figures of one are not disturbed by another.
export default defineConfig({
  test: {
    include: ["soak/**/*.soak.test.ts"],
    testTimeout: 900_000,
    hookTimeout: 180_000,
    fileParallelism: false,
  },
});
