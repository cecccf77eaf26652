import { fileURLToPath } from "node:url";

/** Where the views package's build writes the test host page. */
export const TEST_HOST_FILE = fileURLToPath(
  new URL("../../dist/host/test-host.html", import.meta.url),
);
