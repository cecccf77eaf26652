// Preloaded into a server process (NODE_OPTIONS=--import): when the process exits, writes the
// Node built-in modules it loaded, one a line, to the file named by RECORD_BUILTINS_FILE.
import { writeFileSync } from "node:fs";

const file = process.env.RECORD_BUILTINS_FILE;
if (file) {
  process.on("exit", () => {
    const builtins = process.moduleLoadList
      .filter((entry) => entry.startsWith("NativeModule "))
      .map((entry) => entry.slice("NativeModule ".length));
    writeFileSync(file, `${builtins.join("\n")}\n`);
  });
}
