// Builds the test host page (src/host) into dist/host/test-host.html; run by this package's build.
import { readFileSync } from "node:fs";
import { mkdir, writeFile } from "node:fs/promises";
import { dirname } from "node:path";
import { fileURLToPath } from "node:url";
import { buildPage } from "./build-page.js";
import { TEST_HOST_FILE } from "./test-host-file.js";

const packageDirectory = fileURLToPath(new URL("../../", import.meta.url));
const manifest = JSON.parse(readFileSync(`${packageDirectory}package.json`, "utf8")) as {
  version: string;
};
const html = await buildPage(`${packageDirectory}src/host`, { version: manifest.version });
await mkdir(dirname(TEST_HOST_FILE), { recursive: true });
await writeFile(TEST_HOST_FILE, html);
