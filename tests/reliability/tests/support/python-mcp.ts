/**
 * The official Python MCP SDK in a virtual environment of its own, made once and kept under
 * node_modules/.cache (installing takes a while).
 */
import { spawn, spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";

/** The SDK release the script is written against. */
const MCP_VERSION = "2.3.0";

const environment = fileURLToPath(
  new URL(`../../node_modules/.cache/python-mcp-${MCP_VERSION}/`, import.meta.url),
);
const python = `${environment}bin/python`;

/** The script that opens and closes sessions with the Python SDK. */
const sessionsScript = fileURLToPath(new URL("../../fixtures/python-sessions.py", import.meta.url));

/** Whether `python3` runs here at all. */
export const python3Available = spawnSync("python3", ["--version"]).status === 0;

/** Set once the environment is known to import `mcp`. */
let checked: string | undefined;

/**
 * The path of a Python that imports `mcp`: the cached environment, made and filled on first use.
 * Checked once per test file: importing the SDK costs over a second of CPU, which a loaded
 * machine stretches to tens of seconds, so it is not paid again before every script run.
 * @throws Error when the environment cannot be made or the SDK not installed
 */
export function pythonWithMcp(): string {
  checked ??= prepareEnvironment();
  return checked;
}

function prepareEnvironment(): string {
  if (existsSync(python) && spawnSync(python, ["-c", "import mcp"]).status === 0) return python;
  const steps: Array<[string, string[]]> = [
    ["python3", ["-m", "venv", environment]],
    [python, ["-m", "pip", "install", "--quiet", `mcp==${MCP_VERSION}`]],
  ];
  for (const [command, args] of steps) {
    const run = spawnSync(command, args, { encoding: "utf8", timeout: 600_000 });
    if (run.status !== 0) throw new Error(`${command} ${args.join(" ")} failed: ${run.stderr}`);
  }
  return python;
}

/** What one Python session reported. */
export interface PythonSession {
  tools: number;
  is_error: boolean;
}

/** Runs the script: `sessions` sessions against `url`, each calling `tool` once. */
export function runPythonSessions(
  url: string,
  tool: string,
  args: Record<string, unknown>,
  sessions: number,
): Promise<PythonSession[]> {
  return runScriptLines<PythonSession>([
    sessionsScript,
    url,
    tool,
    JSON.stringify(args),
    String(sessions),
  ]);
}

/** The script that connects once per protocol mode of the Python SDK's Client. */
const erasScript = fileURLToPath(new URL("../../fixtures/python-eras.py", import.meta.url));

/** What one Python connection in one mode reported. */
export interface PythonEraConnection {
  mode: string;
  protocol_version: string;
  tools: number;
  is_error: boolean;
}

/**
 * Connects once per mode (`legacy`, `auto`, `2026-07-28`) to `target`, an HTTP URL or a command
 * started over stdio, listing the tools and calling `tool` each time.
 */
export function runPythonEras(
  modes: readonly string[],
  target: string | readonly string[],
  tool: string,
  args: Record<string, unknown>,
): Promise<PythonEraConnection[]> {
  const where = typeof target === "string" ? target : JSON.stringify(target);
  return runScriptLines<PythonEraConnection>([
    erasScript,
    modes.join(","),
    where,
    tool,
    JSON.stringify(args),
  ]);
}

/**
 * Runs a Python script of the fixtures with the SDK's environment and parses each line it
 * printed as JSON.
 * @throws Error with the end of its stderr when it exits other than 0
 */
function runScriptLines<T>(args: readonly string[]): Promise<T[]> {
  return new Promise((resolve, reject) => {
    const child = spawn(pythonWithMcp(), args, { stdio: ["ignore", "pipe", "pipe"] });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk: Buffer) => {
      stdout += chunk.toString();
    });
    child.stderr.on("data", (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    child.once("exit", (code) => {
      if (code !== 0) reject(new Error(`python exited ${code}: ${stderr.slice(-2000)}`));
      else
        resolve(
          stdout
            .trim()
            .split("\n")
            .map((line) => JSON.parse(line) as T),
        );
    });
  });
}
