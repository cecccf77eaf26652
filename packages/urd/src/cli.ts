#!/usr/bin/env node
import { readFileSync } from "node:fs";
import { compileFile } from "./compile-file.js";
import { formatDiagnostic, formatSummary } from "./diagnostics/format-diagnostic.js";
import { UrdError } from "./errors.js";

const usage = `Usage: urd <command> <file.urd.md>

Commands:
  check <file>     compile and print diagnostics (file:line:col severity CODE message)
  compile <file>   compile and print the result as JSON (world, diagnostics, facts, property_index)

Options:
  --help           show this help
  --version        show the version

Exit status: 0 without errors, 1 with errors, 2 on bad usage or an unreadable file.`;

interface Invocation {
  readonly command: "check" | "compile";
  readonly file: string;
}

function packageVersion(): string {
  const text = readFileSync(new URL("../package.json", import.meta.url), "utf8");
  const parsed: unknown = JSON.parse(text);
  if (typeof parsed === "object" && parsed !== null && "version" in parsed) {
    return String(parsed.version);
  }
  return "unknown";
}

function parseArguments(args: readonly string[]): Invocation {
  const [command, file, ...extra] = args;
  if (command === undefined) throw new UrdError("USAGE", "missing command (try 'urd --help')");
  if (command.startsWith("-")) throw new UrdError("USAGE", `unknown option '${command}'`);
  if (command !== "check" && command !== "compile") {
    throw new UrdError("USAGE", `unknown command '${command}' (expected 'check' or 'compile')`);
  }
  if (file === undefined) throw new UrdError("USAGE", `'urd ${command}' needs a file`);
  if (file.startsWith("-")) throw new UrdError("USAGE", `unknown option '${file}'`);
  const [unexpected] = extra;
  if (unexpected !== undefined) {
    throw new UrdError("USAGE", `unexpected argument '${unexpected}'`);
  }
  return { command, file };
}

function run(args: readonly string[]): number {
  if (args.includes("--help") || args.includes("-h")) {
    process.stdout.write(`${usage}\n`);
    return 0;
  }
  if (args.includes("--version")) {
    process.stdout.write(`${packageVersion()}\n`);
    return 0;
  }
  const { command, file } = parseArguments(args);
  const result = compileFile(file);
  if (command === "check") {
    const lines = result.diagnostics.map(formatDiagnostic);
    lines.push(formatSummary(result.diagnostics));
    process.stdout.write(`${lines.join("\n")}\n`);
  } else {
    const output = {
      success: result.success,
      world: result.world,
      diagnostics: result.diagnostics,
      facts: result.facts,
      property_index: result.propertyIndex,
    };
    process.stdout.write(`${JSON.stringify(output, null, 2)}\n`);
  }
  return result.success ? 0 : 1;
}

try {
  process.exitCode = run(process.argv.slice(2));
} catch (error) {
  if (!(error instanceof UrdError)) throw error;
  process.stderr.write(`urd: ${error.message}\n`);
  process.exitCode = 2;
}
