import { configDefaults, defineConfig } from "vitest/config";

// The e2e and property suites start real processes; on a loaded machine they need more than
// vitest's 5 s default, which is a limit on hangs, not a speed target. The long runs live in
// soak/ with their own config (`pnpm soak`).
export default defineConfig({
  test: {
    testTimeout: 60_000,
    hookTimeout: 60_000,
    exclude: [...configDefaults.exclude, "soak/**"],
  },
});
