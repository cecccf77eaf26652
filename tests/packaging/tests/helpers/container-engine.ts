import { join } from "node:path";
import { type CommandResult, runChecked, runCommand } from "./commands.js";
import { REPOSITORY_ROOT } from "./workspace.js";

/** The repository's engine wrapper: Podman, else Docker, configured to run here. */
const ENGINE_SCRIPT = join(REPOSITORY_ROOT, "docker", "engine.sh");

/** The container engine `docker/engine.sh` runs, or why there is none. */
export type EngineAvailability =
  | { name: "podman" | "docker"; reason?: undefined }
  | { name?: undefined; reason: string };

/** Asks `docker/engine.sh` which engine it would run. */
export async function findContainerEngine(): Promise<EngineAvailability> {
  const result = await runCommand(ENGINE_SCRIPT, ["--name"], { cwd: REPOSITORY_ROOT });
  const name = result.stdout.trim();
  if (result.code === 0 && (name === "podman" || name === "docker")) return { name };
  return { reason: result.stderr.trim() || `docker/engine.sh --name exited with ${result.code}` };
}

/** Runs the engine with these arguments; throws with its output when it fails. */
export function engine(args: readonly string[]): Promise<CommandResult> {
  return runChecked(ENGINE_SCRIPT, args, { cwd: REPOSITORY_ROOT });
}

/** Runs the engine with these arguments and returns how it ended, failure included. */
export function tryEngine(args: readonly string[]): Promise<CommandResult> {
  return runCommand(ENGINE_SCRIPT, args, { cwd: REPOSITORY_ROOT });
}

/**
 * Builds the images with `docker/build-images.sh` (on the local stand-in for node:22-slim
 * unless NODE_IMAGE names a base) and returns the durations it reported, one line a stage.
 */
export async function buildImages(): Promise<string> {
  const script = join(REPOSITORY_ROOT, "docker", "build-images.sh");
  const { stderr } = await runChecked(script, [], { cwd: REPOSITORY_ROOT });
  return stderr;
}

/** The name docker/build-images.sh gives the image of a Dockerfile target. */
export function imageName(target: string): string {
  return `localhost/tabletop-mcp-verify/${target}`;
}
