import { configDefaults, defineConfig } from "vitest/config";

/**
 * The suite runs twice, once per store: every test that touches a store opens it through
 * tests/support/store-under-test.ts, which follows CAMPAIGN_TEST_STORE. Tests of one store's
 * own machinery live in its folder (sqlite/, postgres/) and run only in its project. The
 * postgres project starts a PostgreSQL cluster of its own for the run.
 */
export default defineConfig({
  // The e2e, replica and property suites start real processes; on a loaded machine they need
  // more than vitest's 5 s default, which is a limit on hangs, not a speed target.
  test: {
    testTimeout: 60_000,
    hookTimeout: 120_000,
    projects: [
      {
        extends: true,
        test: {
          name: "sqlite",
          env: { CAMPAIGN_TEST_STORE: "sqlite" },
          exclude: [...configDefaults.exclude, "**/postgres/**"],
        },
      },
      {
        extends: true,
        test: {
          name: "postgres",
          env: { CAMPAIGN_TEST_STORE: "postgres" },
          globalSetup: ["tests/support/postgres-global-setup.ts"],
          // The domain tests touch no store, and the views' browser tests drive a server of
          // their own: once is enough.
          exclude: [...configDefaults.exclude, "**/sqlite/**", "tests/domain/**", "tests/views/**"],
        },
      },
    ],
  },
});
