// PostgreSQL refuses to run as root, so a run started by root runs it as an unprivileged user,
// who must be able to reach the programs and the data directory (docs/campaign.md §10.4). Plain
// JavaScript, shared by the tests and the benchmark.
import { execFileSync } from "node:child_process";
import { realpathSync, statSync } from "node:fs";
import { dirname } from "node:path";

function idOf(name, flag) {
  return execFileSync("id", [flag, name], { encoding: "utf8" }).trim().split(/\s+/).map(Number);
}

/**
 * The user PostgreSQL runs as when this process is root: `postgres`, else `nobody`.
 *
 * @returns its name, ids and groups; undefined when this process is not root
 * @throws Error when running as root and neither user exists
 */
export function unprivilegedUser() {
  if (process.getuid?.() !== 0) return undefined;
  for (const name of ["postgres", "nobody"]) {
    try {
      const [uid] = idOf(name, "-u");
      const [gid] = idOf(name, "-g");
      return { name, uid, gid, groups: idOf(name, "-G") };
    } catch {
      // Try the next user.
    }
  }
  throw new Error("running as root and no unprivileged user (postgres, nobody) to run PostgreSQL");
}

/** Whether the user may enter (search) a directory, by its owner, group and mode bits. */
function mayEnter(user, directory) {
  const { uid, gid, mode } = statSync(directory);
  if (uid === user.uid) return (mode & 0o100) !== 0;
  if (user.groups.includes(gid)) return (mode & 0o010) !== 0;
  return (mode & 0o001) !== 0;
}

function firstClosed(user, directory) {
  const onTheWay = [directory];
  while (dirname(onTheWay[0]) !== onTheWay[0]) onTheWay.unshift(dirname(onTheWay[0]));
  return onTheWay.find((step) => !mayEnter(user, step));
}

/**
 * The first directory on the way into a directory (itself included) that the user may not
 * enter, following the path as written and as resolved: a symbolic link is only as open as both.
 *
 * @param {{ uid: number, gid: number, groups: number[] }} user - from {@link unprivilegedUser}
 * @param {string} directory - an existing directory
 * @returns the closed directory; undefined when the user can enter the directory
 */
export function closedDirectoryOnTheWay(user, directory) {
  return firstClosed(user, directory) ?? firstClosed(user, realpathSync(directory));
}
