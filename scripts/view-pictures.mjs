#!/usr/bin/env node
// Regenerates the README picture of every MCP Apps view.
//
// Usage, from the repository root after a build: node scripts/view-pictures.mjs
//
// Each server package's browser tests (tests/views) show every view in the test host with a
// real result from the real server and write test-results/views/<view>-light.png and
// <view>-dark.png; the gateway's do the same for its status page. This runs them
// and copies each light picture to docs/views/<view>.png, the picture the package's README
// embeds. It needs the system's Chromium, like the tests.
import { spawnSync } from "node:child_process";
import { copyFileSync, existsSync, mkdirSync, readdirSync } from "node:fs";
import { join } from "node:path";

const root = new URL("..", import.meta.url).pathname;
const packages = ["packages", "apps"].flatMap((parent) =>
  readdirSync(join(root, parent))
    .map((child) => `${parent}/${child}`)
    .filter((name) => existsSync(join(root, name, "src", "views"))),
);

for (const name of packages) {
  const folder = join(root, name);
  const run = spawnSync("pnpm", ["exec", "vitest", "run", "tests/views"], {
    cwd: folder,
    stdio: "inherit",
    env: { ...process.env, CI: "true" },
  });
  if (run.status !== 0) throw new Error(`the browser tests of ${name} failed`);
  const views = readdirSync(join(folder, "src", "views")).filter((view) =>
    existsSync(join(folder, "src", "views", view, "index.html")),
  );
  mkdirSync(join(folder, "docs", "views"), { recursive: true });
  for (const view of views) {
    const picture = join(folder, "test-results", "views", `${view}-light.png`);
    if (!existsSync(picture)) throw new Error(`${name} wrote no picture of ${view}`);
    copyFileSync(picture, join(folder, "docs", "views", `${view}.png`));
    process.stdout.write(`${name}/docs/views/${view}.png\n`);
  }
}
