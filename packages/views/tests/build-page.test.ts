import { mkdir, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildPage } from "../src/build/build-page.js";
import { buildViews } from "../src/build/build-views.js";

const MARKUP = `<!doctype html>
<html lang="en">
  <head><meta charset="utf-8" /><title>Probe</title></head>
  <body><p id="version"></p></body>
</html>
`;
const SCRIPT = `document.getElementById("version").textContent = __VIEW_VERSION__ + " says </script>";\n`;

async function writePage(folder: string, files: Record<string, string>): Promise<void> {
  await mkdir(folder, { recursive: true });
  for (const [name, text] of Object.entries(files)) await writeFile(join(folder, name), text);
}

describe("building a page into one HTML file", () => {
  let root: string;
  beforeAll(async () => {
    root = await mkdtemp(join(tmpdir(), "views-build-"));
  });
  afterAll(() => rm(root, { recursive: true, force: true }));

  it("inlines the script at the end of the body and the styles in the head", async () => {
    const folder = join(root, "probe");
    await writePage(folder, {
      "index.html": MARKUP,
      "main.ts": SCRIPT,
      "style.css": ".probe-own-rule { color: red; }\n",
    });
    const html = await buildPage(folder, { version: "9.8.7" });
    const head = html.slice(0, html.indexOf("</head>"));
    expect(head).toMatch(/<style>.*--tt-background.*\.probe-own-rule\{color:red\}\s*<\/style>$/s);
    expect(html).toMatch(/<script>.*"9\.8\.7 says <\\\/script>".*<\/script><\/body>/s);
    expect(html).not.toMatch(/<script[^>]*\ssrc=|<link\b/);
    expect(html.match(/<\/script>/g)).toHaveLength(1);
  });

  it("refuses markup that loads a script or a stylesheet itself", async () => {
    const folder = join(root, "loads");
    await writePage(folder, {
      "index.html": MARKUP.replace("</head>", '<link rel="stylesheet" href="x.css"></head>'),
      "main.ts": SCRIPT,
    });
    await expect(buildPage(folder, { version: "1.0.0" })).rejects.toThrow(
      "no <script> or <link>; the build inlines main.ts",
    );
  });
});

describe("building a package's views", () => {
  let packageDirectory: string;
  beforeAll(async () => {
    packageDirectory = await mkdtemp(join(tmpdir(), "views-package-"));
    await writeFile(join(packageDirectory, "package.json"), '{"name":"probe","version":"2.0.0"}');
    const views = join(packageDirectory, "src", "views");
    await writePage(join(views, "small"), { "index.html": MARKUP, "main.ts": SCRIPT });
    await writePage(join(views, "shared"), { "helpers.ts": "export const shared = 1;\n" });
  });
  afterAll(() => rm(packageDirectory, { recursive: true, force: true }));

  it("builds each folder with an index.html into dist/views/<folder>.html", async () => {
    const built = await buildViews({ packageDirectory });
    expect(built.map((view) => view.name)).toEqual(["small"]);
    const html = await readFile(join(packageDirectory, "dist", "views", "small.html"), "utf8");
    expect(built[0]?.bytes).toBe(Buffer.byteLength(html));
    expect(html).toContain('"2.0.0 says <\\/script>"');
  });

  it("fails a view larger than its budget, naming both sizes", async () => {
    await expect(
      buildViews({ packageDirectory, maxBytes: new Map([["small", 1_000]]) }),
    ).rejects.toThrow(/^view small is \d+ bytes, over its budget of 1000 bytes$/);
  });
});
