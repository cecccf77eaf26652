import { defineConfig } from "vitest/config";

// These suites pack, install and deploy the packages and start real processes; on a loaded
// machine they need more than vitest's 5 s default, which is a limit on hangs, not a speed target.
export default defineConfig({
  test: {
    globalSetup: ["tests/global-setup.ts"],
    testTimeout: 120_000,
    hookTimeout: 180_000,
  },
});
