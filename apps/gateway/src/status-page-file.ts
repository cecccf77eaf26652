import { readFile } from "node:fs/promises";
import { fileURLToPath } from "node:url";

/*
 * Here, at the top of src/, because this module's URL is dist/<name>.js after tsc and
 * dist/cli.js in the bundled command: both one folder below the package, where the page is built.
 */
const STATUS_PAGE = new URL("../dist/views/status.html", import.meta.url);

let page: Promise<string> | undefined;

/**
 * The built status page (one HTML file, script and styles inlined), read once and kept.
 *
 * @returns the HTML
 * @throws Error naming the missing file when the package has not been built
 */
export function readStatusPage(): Promise<string> {
  page ??= readFile(STATUS_PAGE, "utf8").catch(() => {
    page = undefined;
    throw new Error(`The status page has not been built: ${fileURLToPath(STATUS_PAGE)} is missing`);
  });
  return page;
}
