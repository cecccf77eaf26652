/** One package's README recipe, as `readmeRecipes` reads it. */
export interface ReadmeRecipe {
  /** `packages/dice`, relative to the repository root. */
  readonly folder: string;
  /** The package's npm name. */
  readonly name: string;
  /** The package's `scripts`. */
  readonly scripts: Readonly<Record<string, string>>;
  /** The README's text; undefined when the package has none. */
  readonly readme: string | undefined;
  /** The recipe section; undefined when the README has none. */
  readonly section: string | undefined;
  /** The commands of the section's `sh` blocks. */
  readonly commands: readonly string[];
}

export const RECIPE_HEADING: string;
export function expectedCommands(name: string): string[];
export function recipeSection(readme: string): string | undefined;
export function recipeCommands(section: string): string[];
export function readmeRecipes(root: string): ReadmeRecipe[];
