import { defineConfig } from "vitest/config";

// The suites start an authorization server and real server processes; on a loaded machine they
// need more than vitest's 5 s default, which is a limit on hangs, not a speed target.
export default defineConfig({ test: { testTimeout: 60_000, hookTimeout: 60_000 } });
