import { fileURLToPath } from "node:url";

/** The built command of a package, by its path from the repository root. */
export function commandPath(fromRoot: string): string {
  return fileURLToPath(new URL(`../../../../${fromRoot}`, import.meta.url));
}

export const DICE = commandPath("packages/dice/dist/cli.js");
export const DUALITY = commandPath("packages/duality/dist/cli.js");
export const CAMPAIGN = commandPath("packages/campaign/dist/cli.js");
export const WORLD = commandPath("packages/world/dist/cli.js");
export const GATEWAY = commandPath("apps/gateway/dist/cli.js");
export const WORLD_FILE = commandPath("apps/gateway/examples/locked-garden.urd.md");
