import { afterAll, beforeAll, describe, it } from "vitest";
import { findChromium, type LaunchedChromium, launchChromium } from "./chromium.js";

let skipAnnounced = false;

/**
 * A test suite that runs in a real Chromium. Without a browser the suite is reported as
 * skipped, with the reason in its name and once on stderr; under `CI` it fails instead, so a
 * continuous-integration run can never pass without the browser tests.
 *
 * @param name - the suite's name
 * @param body - registers the tests; `browser()` is the launched browser inside them
 */
export function describeInBrowser(
  name: string,
  body: (browser: () => LaunchedChromium) => void,
): void {
  const found = findChromium();
  if (!found.available) {
    if (process.env.CI) {
      describe(name, () => {
        it("runs in Chromium", () => {
          throw new Error(`browser tests cannot be skipped under CI: ${found.reason}`);
        });
      });
      return;
    }
    if (!skipAnnounced) process.stderr.write(`browser tests skipped: ${found.reason}\n`);
    skipAnnounced = true;
    describe.skip(`${name} (skipped: ${found.reason})`, () => body(notLaunched));
    return;
  }
  describe(name, () => {
    let launched: LaunchedChromium | undefined;
    beforeAll(async () => {
      launched = await launchChromium(found.executablePath);
    });
    afterAll(async () => {
      await launched?.close();
    });
    body(() => {
      if (!launched) throw new Error("Chromium is not running");
      return launched;
    });
  });
}

function notLaunched(): never {
  throw new Error("Chromium is not available");
}
