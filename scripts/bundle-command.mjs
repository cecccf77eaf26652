#!/usr/bin/env node
// Bundles a package's command (src/cli.ts) into dist/cli.js, the file its `bin` names.
//
// Usage, from a package folder after `tsc`: node ../../scripts/bundle-command.mjs
//
// Why: loading hundreds of small modules (the kit, the MCP SDK, zod) dominates a command's cold
// start; one minified file starts markedly faster. The library build (`exports`) stays tsc's.
//
// - The bundle replaces tsc's dist/cli.js, so every `node dist/cli.js` and the published `bin`
//   run the same file. It stays in dist/ because readPackageVersion(import.meta.url) reads
//   the package.json one folder up.
// - Code splitting keeps dynamic imports (the kit's HTTP stack: Fastify and the SDK's HTTP
//   transports) in separate chunks beside it, loaded only when serving HTTP.
// - Dependencies with a native addon (better-sqlite3) stay external: their compiled binary is
//   found relative to their own package, so they are installed, not bundled.
// - Packages named in --external stay external too. The gateway keeps the server packages, the
//   kit, the SDK and zod external: the servers import them, and one copy of each must serve
//   both, and each server reads its version from its own package.json.
import { existsSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { build } from "esbuild";

const CHUNK_PREFIX = "cli-chunk-";
const packageDirectory = process.cwd();
const manifest = JSON.parse(readFileSync(join(packageDirectory, "package.json"), "utf8"));
const requireFromPackage = createRequire(join(packageDirectory, "package.json"));

/** Whether an installed dependency builds a native addon, which cannot be bundled. */
function hasNativeAddon(dependency) {
  let manifestPath;
  try {
    manifestPath = requireFromPackage.resolve(`${dependency}/package.json`);
  } catch {
    return false;
  }
  const dependencyManifest = JSON.parse(readFileSync(manifestPath, "utf8"));
  return (
    dependencyManifest.gypfile === true || existsSync(join(dirname(manifestPath), "binding.gyp"))
  );
}

function requestedExternals(argv) {
  const externals = [];
  for (let index = 0; index < argv.length; index += 1) {
    if (argv[index] === "--external" && argv[index + 1] !== undefined) {
      externals.push(...argv[index + 1].split(","));
      index += 1;
    } else {
      throw new Error(`bundle-command: unknown argument ${argv[index]} (accepted: --external a,b)`);
    }
  }
  return externals;
}

function removePreviousBundle(outputDirectory) {
  if (!existsSync(outputDirectory)) return;
  for (const name of readdirSync(outputDirectory)) {
    if (name.startsWith(CHUNK_PREFIX) || name === "cli.js.map") {
      rmSync(join(outputDirectory, name));
    }
  }
}

const dependencies = Object.keys(manifest.dependencies ?? {});
const external = [
  ...dependencies.filter(hasNativeAddon),
  ...requestedExternals(process.argv.slice(2)),
];
const outputDirectory = join(packageDirectory, "dist");
removePreviousBundle(outputDirectory);

const result = await build({
  absWorkingDir: packageDirectory,
  entryPoints: { cli: "src/cli.ts" },
  outdir: "dist",
  bundle: true,
  splitting: true,
  format: "esm",
  platform: "node",
  target: "node20.19",
  minify: true,
  legalComments: "none",
  chunkNames: `${CHUNK_PREFIX}[hash]`,
  external,
  // CommonJS dependencies (Fastify, Ajv) call require() for Node built-ins; ESM has none.
  banner: {
    js: 'import { createRequire as __tabletopCreateRequire } from "node:module"; const require = __tabletopCreateRequire(import.meta.url);',
  },
  metafile: true,
  logLevel: "warning",
});

const outputs = Object.entries(result.metafile.outputs);
const totalBytes = outputs.reduce((sum, [, output]) => sum + output.bytes, 0);
process.stdout.write(
  `bundled ${manifest.name} command: ${outputs.length} files, ${(totalBytes / 1024).toFixed(0)} KiB` +
    (external.length > 0 ? `, external: ${external.join(", ")}` : "") +
    "\n",
);
