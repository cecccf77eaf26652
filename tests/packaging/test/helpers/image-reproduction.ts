import { mkdir } from "node:fs/promises";
import { join } from "node:path";
import { cleanEnvironment, runChecked } from "./commands.js";
import { findStage, type ImageConfig, runCommands, type Stage } from "./dockerfile.js";
import { REPOSITORY_ROOT } from "./workspace.js";

/** Where a path inside the image lives on this machine, longest container path first. */
export type PathMap = ReadonlyArray<readonly [containerPath: string, hostPath: string]>;

/** Rewrites a value naming a path inside the image to the same path on this machine. */
export function mapPath(pathMap: PathMap, value: string): string {
  for (const [containerPath, hostPath] of pathMap) {
    if (value === containerPath) return hostPath;
    if (value.startsWith(`${containerPath}/`)) {
      return join(hostPath, value.slice(containerPath.length + 1));
    }
  }
  return value;
}

/** Orders a path map so that longer, more specific container paths are tried first. */
export function sortPathMap(entries: ReadonlyArray<readonly [string, string]>): PathMap {
  return [...entries].sort(([left], [right]) => right.length - left.length);
}

function replacePathToken(command: string, path: string, replacement: string): string {
  const escaped = path.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  return command.replace(new RegExp(`(^|\\s)${escaped}(?=$|\\s|/)`, "g"), `$1${replacement}`);
}

/**
 * Reproduces a target's files outside a container: for each `COPY --from=STAGE SOURCE DEST`,
 * runs STAGE's own RUN commands in the repository (the stage's working directory is the
 * build context copied to /repo) with SOURCE replaced by a folder under `workRoot`; a COPY from
 * the build context maps DEST to the repository file. The stages below (the workspace install
 * and build) are what `pnpm install` and `pnpm build` already did here.
 */
export async function reproduceImageFiles(
  stages: readonly Stage[],
  config: ImageConfig,
  workRoot: string,
): Promise<Array<[string, string]>> {
  const entries: Array<[string, string]> = [];
  for (const copy of config.copies) {
    if (copy.fromStage === undefined) {
      entries.push([copy.destination, join(REPOSITORY_ROOT, copy.source)]);
      continue;
    }
    const output = join(workRoot, copy.fromStage);
    await mkdir(workRoot, { recursive: true });
    for (const command of runCommands(findStage(stages, copy.fromStage))) {
      await runChecked("sh", ["-c", replacePathToken(command, copy.source, output)], {
        cwd: REPOSITORY_ROOT,
      });
    }
    entries.push([copy.destination, output]);
  }
  return entries;
}

/** The command and environment an image would start with, mapped onto this machine. */
export function localInvocation(
  config: ImageConfig,
  pathMap: PathMap,
  overrides: Record<string, string>,
): { command: string; args: string[]; env: NodeJS.ProcessEnv } {
  const [program = "", ...args] = [...config.entrypoint, ...config.command].map((part) =>
    mapPath(pathMap, part),
  );
  const environment: Record<string, string> = {};
  for (const [name, value] of config.environment) environment[name] = mapPath(pathMap, value);
  const base = cleanEnvironment();
  return {
    command: program === "node" ? process.execPath : program,
    args,
    env: { PATH: base.PATH, HOME: base.HOME, ...environment, ...overrides },
  };
}
