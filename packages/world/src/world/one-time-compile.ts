import { setFlagsFromString } from "node:v8";

/**
 * V8 flags a user may have set on purpose (in `process.execArgv` or `NODE_OPTIONS`): when any is
 * there, the optimizing compiler is left as the user set it.
 */
const OPTIMIZER_FLAGS = /--(no-)?(turbofan|opt|jitless|maglev|sparkplug|max-opt)\b/;

/** Whether the process was started with flags that choose how V8 compiles code. */
function optimizerChosenByUser(): boolean {
  const options = [...process.execArgv, process.env.NODE_OPTIONS ?? ""];
  return options.some((option) => OPTIMIZER_FLAGS.test(option));
}

/**
 * Runs work that happens once per process, the world's compilation at start-up, with V8's
 * optimizing compiler (TurboFan) paused, and resumes it afterwards (docs/world.md §2.1). Code
 * that runs once gains nothing from being optimized, and on a machine with few cores the
 * background optimization competes with the compilation for CPU: pausing it starts the server
 * sooner. Queries served afterwards are optimized as usual.
 *
 * Only a command that owns its process calls this: the flag is process-wide. Flags the user
 * set (`--jitless`, `--no-opt`, …) are respected: then the work just runs.
 *
 * @param work - the one-time work
 * @returns what `work` returned
 */
export function withOptimizerPaused<Result>(work: () => Result): Result {
  if (optimizerChosenByUser()) return work();
  setFlagsFromString("--no-turbofan");
  try {
    return work();
  } finally {
    setFlagsFromString("--turbofan");
  }
}
