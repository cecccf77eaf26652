import { accessSync, constants } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type BrowserContext, chromium } from "playwright-core";

/** Where Debian's `chromium` package installs the browser; `TABLETOP_CHROMIUM` overrides it. */
const DEFAULT_CHROMIUM_PATH = "/usr/bin/chromium";

/**
 * The browser's switches: headless, no sandbox (containers run as root), and nothing that
 * reaches the network by itself (no QUIC, no background fetches, no component updates, no sync).
 */
const CHROMIUM_ARGS: readonly string[] = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

/** Whether a browser can be launched, and if not, why in one line. */
export type ChromiumAvailability =
  | { readonly available: true; readonly executablePath: string }
  | { readonly available: false; readonly reason: string };

/**
 * Finds the system's Chromium (never one of Playwright's own downloads).
 *
 * @param environment - the process environment (for `TABLETOP_CHROMIUM`)
 * @returns the browser's path, or why there is none
 */
export function findChromium(environment: NodeJS.ProcessEnv = process.env): ChromiumAvailability {
  const executablePath = environment.TABLETOP_CHROMIUM || DEFAULT_CHROMIUM_PATH;
  try {
    accessSync(executablePath, constants.X_OK);
    return { available: true, executablePath };
  } catch {
    return {
      available: false,
      reason: `no Chromium at ${executablePath} (install Debian's chromium package, or set TABLETOP_CHROMIUM)`,
    };
  }
}

/** A running browser with a fresh profile. */
export interface LaunchedChromium {
  readonly context: BrowserContext;
  /** Closes the browser and deletes its profile. */
  close(): Promise<void>;
}

/**
 * Launches the system's Chromium headless with a new, empty user-data-dir, driven by
 * playwright-core.
 *
 * @param executablePath - the browser to launch
 * @returns the browser's context and a way to close it
 */
export async function launchChromium(executablePath: string): Promise<LaunchedChromium> {
  const profile = await mkdtemp(join(tmpdir(), "tabletop-views-"));
  try {
    const context = await chromium.launchPersistentContext(profile, {
      executablePath,
      headless: true,
      args: [...CHROMIUM_ARGS],
      viewport: { width: 480, height: 640 },
      deviceScaleFactor: 1,
    });
    return {
      context,
      close: async () => {
        await context.close();
        await rm(profile, { recursive: true, force: true });
      },
    };
  } catch (error) {
    await rm(profile, { recursive: true, force: true });
    throw error;
  }
}
