// The build-and-test recipe every package README gives, read from the README itself so that a
// check and a run see exactly what a reader sees.
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";

/** The heading of the recipe section, the same in every README. */
export const RECIPE_HEADING = "## Build and test";

/** The folders whose packages carry a README with the recipe. */
const PARENTS = ["packages", "apps", "tests"];

/**
 * The commands a README's recipe must hold, in order: install the workspace, build the package
 * and everything it depends on, run its tests.
 *
 * @param {string} name - the package's npm name
 * @returns {string[]}
 */
export function expectedCommands(name) {
  return [
    "pnpm install",
    `pnpm exec turbo run build --filter=${name}...`,
    `pnpm --filter ${name} test`,
  ];
}

/**
 * The recipe section of a README: from its heading to the next heading of the same level.
 *
 * @param {string} readme - the README's text
 * @returns {string | undefined} undefined when the README has no such section
 */
export function recipeSection(readme) {
  const lines = readme.split("\n");
  let fenced = false;
  let start;
  for (const [index, line] of lines.entries()) {
    if (/^\s*(```|~~~)/.test(line)) fenced = !fenced;
    if (fenced) continue;
    if (start === undefined && line.trimEnd() === RECIPE_HEADING) start = index;
    else if (start !== undefined && /^##? /.test(line)) return lines.slice(start, index).join("\n");
  }
  return start === undefined ? undefined : lines.slice(start).join("\n");
}

/**
 * The commands of a section's fenced `sh` blocks, one a line, without blank or comment lines.
 *
 * @param {string} section - a README section
 * @returns {string[]}
 */
export function recipeCommands(section) {
  const commands = [];
  let fence;
  for (const line of section.split("\n")) {
    const marker = /^\s*(```+|~~~+)\s*(\w*)/.exec(line);
    if (marker && fence === undefined) {
      fence = marker[2] === "sh" ? "sh" : "other";
    } else if (marker) {
      fence = undefined;
    } else if (fence === "sh" && line.trim() !== "" && !line.trim().startsWith("#")) {
      commands.push(line.trim());
    }
  }
  return commands;
}

/**
 * The README recipe of every package of packages/, apps/ and tests/.
 *
 * @param {string} root - the repository's root folder
 * @returns {{ folder: string, name: string, scripts: Record<string, string>, readme: string | undefined, section: string | undefined, commands: string[] }[]}
 */
export function readmeRecipes(root) {
  return PARENTS.flatMap((parent) =>
    readdirSync(join(root, parent), { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => `${parent}/${entry.name}`)
      .filter((folder) => existsSync(join(root, folder, "package.json")))
      .map((folder) => {
        const manifest = JSON.parse(readFileSync(join(root, folder, "package.json"), "utf8"));
        const path = join(root, folder, "README.md");
        const readme = existsSync(path) ? readFileSync(path, "utf8") : undefined;
        const section = readme === undefined ? undefined : recipeSection(readme);
        return {
          folder,
          name: manifest.name,
          scripts: manifest.scripts ?? {},
          readme,
          section,
          commands: section === undefined ? [] : recipeCommands(section),
        };
      }),
  );
}
