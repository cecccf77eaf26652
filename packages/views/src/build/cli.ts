#!/usr/bin/env node
// Builds the views of the package in the current folder: src/views/<name>/ → dist/views/<name>.html.
//
// Usage, from a server package: node node_modules/@tabletop-mcp/views/dist/build/cli.js
//   [--max-bytes <view>=<bytes>]...   a larger budget for one view (the default is 600,000)
import { buildViews } from "./build-views.js";

function parseBudgets(argv: readonly string[]): Map<string, number> {
  const budgets = new Map<string, number>();
  for (let index = 0; index < argv.length; index += 2) {
    const [flag, value] = [argv[index], argv[index + 1]];
    const match = value === undefined ? null : /^([a-z0-9-]+)=([1-9][0-9]*)$/.exec(value);
    if (flag !== "--max-bytes" || !match?.[1] || !match[2]) {
      throw new Error(`build views: expected --max-bytes <view>=<bytes>, got ${argv.join(" ")}`);
    }
    budgets.set(match[1], Number(match[2]));
  }
  return budgets;
}

const built = await buildViews({
  packageDirectory: process.cwd(),
  maxBytes: parseBudgets(process.argv.slice(2)),
});
const summary = built.map((view) => `${view.name} ${(view.bytes / 1000).toFixed(0)} KB`);
process.stdout.write(
  `built ${built.length} ${built.length === 1 ? "view" : "views"}: ${summary.join(", ")}\n`,
);
