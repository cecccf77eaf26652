import { existsSync, readdirSync, readFileSync } from "node:fs";
import { mkdir, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { buildPage } from "./build-page.js";

/** Where a server package keeps its views, one folder per view, and where they are built. */
const VIEWS_SOURCE = join("src", "views");
const VIEWS_OUTPUT = join("dist", "views");

/**
 * The size a view may have, minified, unless the package allows it more (700 KB): the
 * extension's App client (ext-apps 2) alone is about 600 KB of it.
 */
const DEFAULT_MAX_BYTES = 700_000;

/** One built view. */
export interface BuiltView {
  readonly name: string;
  readonly file: string;
  readonly bytes: number;
}

/** How to build a package's views. */
export interface ViewsBuildOptions {
  /** The server package's folder. */
  readonly packageDirectory: string;
  /** Budgets other than {@link DEFAULT_MAX_BYTES}, by view name (e.g. `map` → 1,000,000). */
  readonly maxBytes?: ReadonlyMap<string, number>;
}

/** Every folder with an `index.html` is a view; other folders hold code views share. */
function viewNames(sourceDirectory: string): string[] {
  return readdirSync(sourceDirectory, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .filter((entry) => existsSync(join(sourceDirectory, entry.name, "index.html")))
    .map((entry) => entry.name)
    .sort();
}

function packageVersion(packageDirectory: string): string {
  const manifest: unknown = JSON.parse(
    readFileSync(join(packageDirectory, "package.json"), "utf8"),
  );
  const version = (manifest as { version?: unknown }).version;
  if (typeof version !== "string")
    throw new Error(`${packageDirectory}: package.json has no version`);
  return version;
}

/**
 * Builds every view of a server package: each folder of `src/views/` with an `index.html`
 * becomes `dist/views/<folder>.html`, one self-contained file, and must fit its size budget.
 *
 * @param options - the package folder and any larger budgets
 * @returns the views built, in name order
 * @throws Error when a view cannot be built or is larger than its budget
 */
export async function buildViews(options: ViewsBuildOptions): Promise<BuiltView[]> {
  const sourceDirectory = join(options.packageDirectory, VIEWS_SOURCE);
  const outputDirectory = join(options.packageDirectory, VIEWS_OUTPUT);
  const version = packageVersion(options.packageDirectory);
  await mkdir(outputDirectory, { recursive: true });
  const built: BuiltView[] = [];
  for (const name of viewNames(sourceDirectory)) {
    const html = await buildPage(join(sourceDirectory, name), { version });
    const bytes = Buffer.byteLength(html);
    const budget = options.maxBytes?.get(name) ?? DEFAULT_MAX_BYTES;
    if (bytes > budget) {
      throw new Error(`view ${name} is ${bytes} bytes, over its budget of ${budget} bytes`);
    }
    const file = join(outputDirectory, `${name}.html`);
    await writeFile(file, html);
    built.push({ name, file, bytes });
  }
  return built;
}
