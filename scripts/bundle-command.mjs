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
//   found relative to their own package, so they are installed, not bundled. They are CommonJS
//   and loaded with require() (createRequire), not an ES import: an import of CommonJS makes
//   Node's ES loader parse the package's source for named exports and build a facade module,
//   work and memory the command keeps for nothing (about 0.6 MB of an idle campaign server).
//   One that a bundled dependency imports (the campaign's better-sqlite3, in the gateway) is
//   required from that dependency's installed folder, where the package manager put it.
// - In a bundled dependency's modules, import.meta.url is the module's URL where that
//   dependency is installed (found with import.meta.resolve of its package.json at run time), so
//   what it reads relative to itself (each server's package.json, for its version) is its own.
//   A command can therefore bundle the server packages it serves in-process (the gateway).
// - Packages named in --external stay external.
import { existsSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join, relative, sep } from "node:path";
import { build } from "esbuild";

const CHUNK_PREFIX = "cli-chunk-";
const packageDirectory = process.cwd();
const manifest = JSON.parse(readFileSync(join(packageDirectory, "package.json"), "utf8"));

/** Whether a dependency, as installed for the package in folder `from`, builds a native addon. */
function hasNativeAddon(dependency, from = packageDirectory) {
  let manifestPath;
  try {
    manifestPath = createRequire(join(from, "package.json")).resolve(`${dependency}/package.json`);
  } catch {
    return false;
  }
  const dependencyManifest = JSON.parse(readFileSync(manifestPath, "utf8"));
  return (
    dependencyManifest.gypfile === true || existsSync(join(dirname(manifestPath), "binding.gyp"))
  );
}

/** `a` of `a/b`, `@s/a` of `@s/a/b`. */
function packageName(specifier) {
  const parts = specifier.split("/");
  return specifier.startsWith("@") ? parts.slice(0, 2).join("/") : parts[0];
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
/** This package's dependencies with a native addon: required at run time, never bundled. */
const ownNativeAddons = new Set(dependencies.filter((dependency) => hasNativeAddon(dependency)));
const external = requestedExternals(process.argv.slice(2));

/** The package a file belongs to (nearest package.json with a name): its folder and name. */
const packageRoots = new Map();
function owningPackage(file) {
  let folder = dirname(file);
  const visited = [];
  while (!packageRoots.has(folder)) {
    visited.push(folder);
    const candidate = join(folder, "package.json");
    if (existsSync(candidate)) {
      const { name } = JSON.parse(readFileSync(candidate, "utf8"));
      if (typeof name === "string") {
        packageRoots.set(folder, { root: folder, name });
        break;
      }
    }
    const parent = dirname(folder);
    if (parent === folder) {
      packageRoots.set(folder, undefined);
      break;
    }
    folder = parent;
  }
  const found = packageRoots.get(folder);
  for (const each of visited) packageRoots.set(each, found);
  return found;
}

/**
 * Keeps modules of bundled dependencies working from inside the bundle:
 * - `import.meta.url` in a dependency's module becomes that module's URL where the dependency is
 *   installed (found at run time with import.meta.resolve of its package.json), so files it
 *   reads relative to itself (its package.json, for its version) are still its own.
 * - A dependency with a native addon stays out of the bundle and is required at run time:
 *   the package's own (the campaign's better-sqlite3) from the bundle's folder, a bundled
 *   dependency's own from that dependency's folder, where the package manager put it.
 */
const bundledDependencies = {
  name: "bundled-dependencies",
  setup(build) {
    build.onLoad({ filter: /\.m?js$/ }, (args) => {
      const owner = owningPackage(args.path);
      if (!owner || owner.name === manifest.name) return undefined;
      const source = readFileSync(args.path, "utf8");
      if (!source.includes("import.meta.url")) return undefined;
      const inside = relative(owner.root, args.path).split(sep).join("/");
      const url = `new URL(${JSON.stringify(inside)}, import.meta.resolve(${JSON.stringify(`${owner.name}/package.json`)})).href`;
      return { contents: source.replaceAll("import.meta.url", url), loader: "js" };
    });
    const nativeAddons = new Map();
    build.onResolve({ filter: /^[^./]/ }, (args) => {
      if (args.namespace !== "file" || args.kind !== "import-statement") return undefined;
      if (args.path.startsWith("node:")) return undefined;
      const owner = owningPackage(args.importer);
      if (!owner) return undefined;
      if (owner.name === manifest.name) {
        if (!ownNativeAddons.has(packageName(args.path))) return undefined;
        return {
          path: args.path,
          namespace: "native-addon",
          pluginData: { owner: null, specifier: args.path },
        };
      }
      const key = `${owner.root}\0${packageName(args.path)}`;
      if (!nativeAddons.has(key)) {
        nativeAddons.set(key, hasNativeAddon(packageName(args.path), owner.root));
      }
      if (!nativeAddons.get(key)) return undefined;
      return {
        path: `${owner.name}>${args.path}`,
        namespace: "native-addon",
        pluginData: { owner: owner.name, specifier: args.path },
      };
    });
    // The addon's package is CommonJS: its module.exports is what a default import receives.
    // The package's own addon resolves from the bundle's folder (dist/, inside the package).
    build.onLoad({ filter: /.*/, namespace: "native-addon" }, ({ pluginData }) => {
      const from =
        pluginData.owner === null
          ? "import.meta.url"
          : `import.meta.resolve(${JSON.stringify(`${pluginData.owner}/package.json`)})`;
      return {
        contents:
          `import { createRequire } from "node:module";\n` +
          `export default createRequire(${from})(${JSON.stringify(pluginData.specifier)});\n`,
        loader: "js",
      };
    });
  },
};
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
  plugins: [bundledDependencies],
  metafile: true,
  logLevel: "warning",
});

const outputs = Object.entries(result.metafile.outputs);
const totalBytes = outputs.reduce((sum, [, output]) => sum + output.bytes, 0);
process.stdout.write(
  `bundled ${manifest.name} command: ${outputs.length} files, ${(totalBytes / 1024).toFixed(0)} KiB` +
    (ownNativeAddons.size > 0 ? `, required at run time: ${[...ownNativeAddons].join(", ")}` : "") +
    (external.length > 0 ? `, external: ${external.join(", ")}` : "") +
    "\n",
);
