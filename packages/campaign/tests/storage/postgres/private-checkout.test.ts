import { chmodSync, cpSync, existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { findPostgresBinaries, type PostgresBinaries } from "../../support/postgres-binaries.mjs";
import { startPostgresServer } from "../../support/postgres-server.mjs";
import { runSql } from "../../support/sql.mjs";

// Started by root, the helper runs PostgreSQL as an unprivileged user, who cannot enter a
// checkout made by root in a private folder (mode 0700, or under /root). Not root, there is no
// other user and nothing to test.
const isRoot = process.getuid?.() === 0;
const SKIP_REASON = "needs root, which runs PostgreSQL as another user";
if (!isRoot && process.env.CI) {
  process.stderr.write(`private-checkout.test.ts skipped: ${SKIP_REASON}\n`);
}

/** The embedded package's installation copied into a folder only root can enter. */
async function privateInstallation(folder: string): Promise<PostgresBinaries> {
  const embedded = await findPostgresBinaries("embedded");
  const installation = dirname(dirname(embedded.postgres));
  for (const part of ["bin", "lib", "share"]) {
    cpSync(join(installation, part), join(folder, "native", part), {
      recursive: true,
      verbatimSymlinks: true,
    });
  }
  return {
    source: "embedded",
    initdb: join(folder, "native", "bin", "initdb"),
    postgres: join(folder, "native", "bin", "postgres"),
  };
}

describe.skipIf(!isRoot)(
  isRoot
    ? "a checkout only root can enter"
    : `a checkout only root can enter (skipped: ${SKIP_REASON})`,
  () => {
    let privateFolder = "";
    let binaries: PostgresBinaries;

    beforeAll(async () => {
      privateFolder = mkdtempSync(join(tmpdir(), "tabletop-private-checkout-"));
      chmodSync(privateFolder, 0o700);
      binaries = await privateInstallation(privateFolder);
    });

    afterAll(() => rmSync(privateFolder, { recursive: true, force: true }));

    it("runs the embedded binaries from a copy the unprivileged user can reach, removed after", async () => {
      const server = await startPostgresServer(binaries);
      const clusterDirectory = dirname(server.dataDirectory);
      let rows: { server_version: string }[];
      try {
        rows = await runSql<{ server_version: string }>(server.url, "SHOW server_version");
      } finally {
        await server.remove();
      }

      expect(server.binaries).toEqual(binaries);
      expect(rows[0]?.server_version).toMatch(/^\d+\.\d+/);
      expect(existsSync(clusterDirectory)).toBe(false);
    });

    it("says in one line what to do when that user cannot reach the temporary folder", async () => {
      vi.stubEnv("TMPDIR", privateFolder);
      try {
        await expect(startPostgresServer(binaries)).rejects.toThrow(
          /^PostgreSQL runs as \w+, who cannot enter \S+ .*: set TMPDIR to a folder every user can enter, such as \/tmp$/,
        );
      } finally {
        vi.unstubAllEnvs();
      }
    });
  },
);
