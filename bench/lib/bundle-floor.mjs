// The bare-SDK floor bundled into one minified file, as the commands ship, so start-up and
// memory compare packaging with packaging: what is left is the kit's cost. The engines stay
// external (they read their own package.json), so the bundle goes where Node resolves them: a
// cache folder under the bench workspace's node_modules.
import { rmSync } from "node:fs";
import { join } from "node:path";
import { build } from "esbuild";
import { FLOOR_SERVER, root } from "./commands.mjs";

/** Bundles the floor server and returns the entry file. */
export async function bundleFloor() {
  const outputDirectory = `${root}bench/node_modules/.cache/floor-bundle`;
  rmSync(outputDirectory, { recursive: true, force: true });
  await build({
    entryPoints: { "floor-server": FLOOR_SERVER },
    outdir: outputDirectory,
    outExtension: { ".js": ".mjs" },
    bundle: true,
    splitting: true,
    format: "esm",
    platform: "node",
    target: "node20",
    minify: true,
    logLevel: "error",
    external: ["@tabletop-mcp/*"],
    // Dependencies written in CommonJS call require(); an ES module bundle needs one.
    banner: {
      js: 'import { createRequire as __floorCreateRequire } from "node:module"; const require = __floorCreateRequire(import.meta.url);',
    },
  });
  return join(outputDirectory, "floor-server.mjs");
}
