import { spawn } from "node:child_process";

/** What a finished command printed and how it ended. */
export interface CommandResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

/**
 * The environment for package-manager commands started from a test: the test's own, without
 * the `npm_*` settings the pnpm running the test exports, which would reconfigure them.
 */
export function cleanEnvironment(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const environment: NodeJS.ProcessEnv = {};
  for (const [name, value] of Object.entries(process.env)) {
    if (!name.toLowerCase().startsWith("npm_")) environment[name] = value;
  }
  return { ...environment, ...extra };
}

/** Runs a command without a shell and resolves when it exits, whatever its exit code. */
export function runCommand(
  command: string,
  args: readonly string[],
  options: { cwd: string; env?: NodeJS.ProcessEnv },
): Promise<CommandResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, {
      cwd: options.cwd,
      env: options.env ?? cleanEnvironment(),
      stdio: ["ignore", "pipe", "pipe"],
    });
    let stdout = "";
    let stderr = "";
    child.stdout.setEncoding("utf8").on("data", (chunk: string) => {
      stdout += chunk;
    });
    child.stderr.setEncoding("utf8").on("data", (chunk: string) => {
      stderr += chunk;
    });
    child.on("error", reject);
    child.on("close", (code) => resolve({ code, stdout, stderr }));
  });
}

/** Runs a command and returns its output; throws with the output when it fails. */
export async function runChecked(
  command: string,
  args: readonly string[],
  options: { cwd: string; env?: NodeJS.ProcessEnv },
): Promise<CommandResult> {
  const result = await runCommand(command, args, options);
  if (result.code !== 0) {
    throw new Error(
      `${command} ${args.join(" ")} exited with ${result.code}\n${result.stdout}\n${result.stderr}`,
    );
  }
  return result;
}
