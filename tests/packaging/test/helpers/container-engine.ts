import { runCommand } from "./commands.js";
import { REPOSITORY_ROOT } from "./workspace.js";

/** A container engine that can build and run this repository's images. */
export interface ContainerEngine {
  name: "docker" | "podman";
}

async function succeeds(command: string, args: readonly string[]): Promise<boolean> {
  try {
    return (await runCommand(command, args, { cwd: REPOSITORY_ROOT })).code === 0;
  } catch {
    return false;
  }
}

/**
 * The engine to verify the images with: `TABLETOP_IMAGE_VERIFY=local` forces the reproduction
 * without one; otherwise docker, then podman, when it answers and can obtain the base image.
 */
export async function findContainerEngine(baseImage: string): Promise<ContainerEngine | undefined> {
  const requested = process.env.TABLETOP_IMAGE_VERIFY;
  if (requested === "local") return undefined;
  for (const name of ["docker", "podman"] as const) {
    if (!(await succeeds(name, ["info"]))) continue;
    const hasBase =
      (await succeeds(name, ["image", "inspect", baseImage])) ||
      (await succeeds(name, ["pull", baseImage]));
    if (hasBase) return { name };
  }
  if (requested === "container") {
    throw new Error("TABLETOP_IMAGE_VERIFY=container, but no engine can build the images here");
  }
  return undefined;
}
