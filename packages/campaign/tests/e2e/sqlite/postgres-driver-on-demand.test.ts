// The PostgreSQL driver is loaded by the first PostgreSQL store, not by importing the package:
// a program serving SQLite (the gateway bundles this package) must not pay for it. On Node 20
// the driver's first evaluation also loads Node's whole fetch implementation (undici).
import { spawnSync } from "node:child_process";
import { describe, expect, it } from "vitest";

const LIBRARY = new URL("../../../dist/index.js", import.meta.url).href;

/** Imports the built library in a fresh process, runs `body`, and reports what was loaded. */
function loadedAfter(body: string): { pg: boolean; undici: boolean; outcome: string } {
  const script = `
    import { createRequire } from "node:module";
    const campaign = await import(${JSON.stringify(LIBRARY)});
    let outcome = "ok";
    try { ${body} } catch (error) { outcome = error.name + " " + error.code; }
    const cache = Object.keys(createRequire(import.meta.url).cache);
    process.stdout.write(JSON.stringify({
      pg: cache.some((path) => /[\\\\/]pg[\\\\/]lib[\\\\/]index\\.js$/.test(path)),
      undici: process.moduleLoadList.some((name) => name.includes("undici")),
      outcome,
    }));
  `;
  const child = spawnSync(process.execPath, ["--input-type=module", "-e", script], {
    encoding: "utf8",
    timeout: 30_000,
  });
  expect(child.stderr).toBe("");
  return JSON.parse(child.stdout);
}

describe("the PostgreSQL driver", () => {
  it("is not loaded by importing the package and serving SQLite", () => {
    const loaded = loadedAfter(`
      const store = await campaign.openCampaignDatabase(":memory:");
      store.close();
    `);
    expect(loaded).toEqual({ pg: false, undici: false, outcome: "ok" });
  });

  it("is loaded by the first PostgreSQL store, which then reports its failure as usual", () => {
    // Nothing listens on port 1: the driver is loaded and the open fails.
    const loaded = loadedAfter(`
      await campaign.openPostgresCampaignStore("postgres://tabletop@127.0.0.1:1/none");
    `);
    expect(loaded).toMatchObject({ pg: true, outcome: "StorageError OPEN_FAILED" });
  });
});
