import { existsSync } from "node:fs";
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { build, transform } from "esbuild";

/** The stylesheet every page starts with (tokens, buttons, dice, pips, chart). */
const BASE_STYLESHEET = fileURLToPath(new URL("../../styles/base.css", import.meta.url));

/** What a page folder holds: its markup, its script and, optionally, its own styles. */
const MARKUP = "index.html";
const SCRIPT = "main.ts";
const STYLES = "style.css";

/** What the build writes into a page. */
export interface PageBuildOptions {
  /** The version the page reports (a view's `appInfo.version`). */
  readonly version: string;
}

async function bundleScript(folder: string, options: PageBuildOptions): Promise<string> {
  const result = await build({
    entryPoints: [join(folder, SCRIPT)],
    bundle: true,
    minify: true,
    format: "iife",
    platform: "browser",
    target: "es2022",
    write: false,
    legalComments: "none",
    logLevel: "warning",
    define: { __VIEW_VERSION__: JSON.stringify(options.version) },
  });
  const output = result.outputFiles[0];
  if (!output) throw new Error(`${folder}: esbuild wrote no script`);
  return output.text;
}

async function bundleStyles(folder: string): Promise<string> {
  const own = join(folder, STYLES);
  const sheets = [await readFile(BASE_STYLESHEET, "utf8")];
  if (existsSync(own)) sheets.push(await readFile(own, "utf8"));
  const result = await transform(sheets.join("\n"), { loader: "css", minify: true });
  return result.code;
}

/** Refuses markup that would load anything: a page is one file, so the default CSP suffices. */
function checkMarkup(folder: string, markup: string): void {
  if (/<script\b|<link\b/i.test(markup)) {
    throw new Error(`${folder}/${MARKUP}: no <script> or <link>; the build inlines ${SCRIPT}`);
  }
  for (const tag of ["</head>", "</body>"]) {
    if (markup.split(tag).length !== 2) {
      throw new Error(`${folder}/${MARKUP}: needs exactly one ${tag}`);
    }
  }
}

/** Text that would end the inline element early cannot be inlined. */
function checkInlinable(folder: string, text: string, closing: string): void {
  if (text.toLowerCase().includes(closing)) {
    throw new Error(`${folder}: the bundle contains ${closing} and cannot be inlined`);
  }
}

/**
 * Builds one page folder (`index.html`, `main.ts`, optional `style.css`) into a single HTML
 * document: the script bundled and minified with every dependency into an inline script at the
 * end of the body, the shared stylesheet and the folder's own minified into a style element in
 * the head. Nothing is left to load.
 *
 * @param folder - the page's folder
 * @param options - the version written into the page
 * @returns the HTML document
 * @throws Error when the markup loads something itself or a bundle cannot be inlined
 */
export async function buildPage(folder: string, options: PageBuildOptions): Promise<string> {
  const markup = await readFile(join(folder, MARKUP), "utf8");
  checkMarkup(folder, markup);
  const [script, styles] = await Promise.all([bundleScript(folder, options), bundleStyles(folder)]);
  checkInlinable(folder, script, "</script");
  checkInlinable(folder, styles, "</style");
  return markup
    .replace("</head>", () => `<style>${styles}</style></head>`)
    .replace("</body>", () => `<script>${script}</script></body>`);
}
