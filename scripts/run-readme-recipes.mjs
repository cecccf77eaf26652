#!/usr/bin/env node
// Runs the build-and-test recipe of every package README on a fresh clone of the committed
// tree, the way a newcomer would follow it.
//
// Usage, from the repository root: node scripts/run-readme-recipes.mjs [NAME ...] [--keep]
//
// The clone (`git clone` of this repository's HEAD into a temporary folder) has no
// node_modules, no dist/ and no turbo cache, and before each README everything but
// node_modules is cleaned away again, so a recipe that only works because something was built
// before fails here. Each NAME (an npm name or part of one, e.g. `dice`) limits the run
// to the READMEs of matching packages. `--keep` leaves the clone in place. Commands run one
// after the other, READMEs in folder order; a README's recipe stops at its first failing
// command, the others still run, and the script exits 1 naming each README that failed.
import { spawnSync } from "node:child_process";
import { chmodSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { readmeRecipes } from "./readme-recipes.mjs";

const root = new URL("..", import.meta.url).pathname;
const args = process.argv.slice(2);
const keep = args.includes("--keep");
const wanted = args.filter((arg) => arg !== "--keep");

const scratch = mkdtempSync(join(tmpdir(), "tabletop-recipes-"));
// Readable by everyone, as a checkout usually is: tests that drop root's rights (campaign's
// PostgreSQL runs as `postgres` or `nobody`) must reach the clone.
chmodSync(scratch, 0o755);
const clone = join(scratch, "tabletop-mcp");
if (!run(`git clone --quiet ${JSON.stringify(root)} ${JSON.stringify(clone)}`, root))
  process.exit(1);

const recipes = readmeRecipes(clone).filter(
  (recipe) => wanted.length === 0 || wanted.some((name) => recipe.name.includes(name)),
);
const failures = [];
for (const recipe of recipes) {
  process.stderr.write(`::: ${recipe.folder}/README.md\n`);
  // What an earlier recipe built (dist/, turbo's cache) goes, so each starts as a fresh clone
  // does; only the installed node_modules stay.
  run("git clean -xdfq -e node_modules", clone);
  if (recipe.commands.length === 0) {
    failures.push(`${recipe.folder}/README.md has no recipe`);
    continue;
  }
  const broken = recipe.commands.find((command) => !run(command, clone));
  if (broken !== undefined) failures.push(`${recipe.folder}/README.md: \`${broken}\` failed`);
}
if (!keep) rmSync(scratch, { recursive: true, force: true });
else process.stderr.write(`the clone is kept at ${clone}\n`);
process.stderr.write(
  `${recipes.length - failures.length} of ${recipes.length} README recipes ran on a fresh clone\n`,
);
for (const failure of failures) process.stderr.write(`${failure}\n`);
if (failures.length > 0) process.exit(1);

/** Runs one command in a shell in `cwd`, its output shown; true when it exits 0. */
function run(command, cwd) {
  const started = Date.now();
  process.stderr.write(`$ ${command}\n`);
  const child = spawnSync(command, {
    cwd,
    shell: true,
    stdio: "inherit",
    env: { ...process.env, TURBO_TELEMETRY_DISABLED: "1" },
  });
  process.stderr.write(
    `  exit ${child.status} after ${Math.round((Date.now() - started) / 1000)} s\n`,
  );
  if (child.error) throw child.error;
  return child.status === 0;
}
