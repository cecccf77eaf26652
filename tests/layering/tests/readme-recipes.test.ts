import { describe, expect, it } from "vitest";
import {
  expectedCommands,
  RECIPE_HEADING,
  readmeRecipes,
  recipeCommands,
  recipeSection,
} from "../../../scripts/readme-recipes.mjs";
import { REPOSITORY_ROOT } from "./workspace.js";

// Every package README gives one recipe, in the same words, that works on a fresh clone:
// install, build the package with everything it depends on, test it. Running them all is
// `node scripts/run-readme-recipes.mjs` (minutes); this checks they are the known commands.

const RECIPES = readmeRecipes(REPOSITORY_ROOT);

describe("reading a README's recipe", () => {
  const readme = [
    "# pkg",
    "## Tools",
    "```sh",
    "pnpm run elsewhere",
    "```",
    RECIPE_HEADING,
    "Some words.",
    "```sh",
    "# a comment",
    "pnpm install",
    "",
    "pnpm --filter @tabletop-mcp/x test",
    "```",
    "```json",
    '{"not": "a command"}',
    "```",
    "### A subsection stays in",
    "```sh",
    "pnpm exec turbo run build --filter=@tabletop-mcp/x...",
    "```",
    "## Next",
    "```sh",
    "pnpm run after",
    "```",
  ].join("\n");

  it("takes the sh blocks of its own section only, without comments", () => {
    const section = recipeSection(readme);
    expect(section?.startsWith(RECIPE_HEADING)).toBe(true);
    expect(recipeCommands(section ?? "")).toEqual([
      "pnpm install",
      "pnpm --filter @tabletop-mcp/x test",
      "pnpm exec turbo run build --filter=@tabletop-mcp/x...",
    ]);
  });

  it("finds no section in a README without one", () => {
    expect(recipeSection("# pkg\n## Development\n")).toBeUndefined();
  });
});

describe("the README recipes", () => {
  it("are read from every package, app and test package", () => {
    expect(RECIPES.map((recipe) => recipe.folder)).toEqual(
      expect.arrayContaining([
        "packages/kit",
        "packages/dice",
        "apps/gateway",
        "tests/layering",
        "tests/packaging",
        "tests/reliability",
      ]),
    );
  });

  it.each(RECIPES)("$folder: install, build with its dependencies, test", (recipe) => {
    expect(recipe.readme, `${recipe.folder} has no README.md`).toBeDefined();
    expect(recipe.section, `${recipe.folder}/README.md has no "${RECIPE_HEADING}"`).toBeDefined();
    expect(recipe.commands).toEqual(expectedCommands(recipe.name));
    expect(recipe.scripts.test, `${recipe.name} has no test script`).toBeDefined();
  });

  it("say the same words in every README, but for the package's name", () => {
    const wordings = new Set(
      RECIPES.map((recipe) => (recipe.section ?? "").replaceAll(recipe.name, "<package>")),
    );
    expect([...wordings]).toHaveLength(1);
  });
});
