// Run with --allow-natives-syntax: reports whether V8 optimized a hot function while the
// optimizer was paused, and after it resumed, as one line of JSON.
import { withOptimizerPaused } from "../../dist/world/one-time-compile.js";

/** V8's optimization status bit for code made by TurboFan. */
const TURBOFANNED = 1 << 6;

function add(sum, index) {
  return (sum + index * 3) % 1_000_003;
}

function work() {
  let sum = 0;
  for (let index = 0; index < 2_000; index++) sum = add(sum, index);
  return sum;
}

// Natives syntax is not JavaScript that tools parse, so it is compiled here, at run time.
const optimizationStatus = new Function("f", "return %GetOptimizationStatus(f)");
const optimized = () => (optimizationStatus(work) & TURBOFANNED) !== 0;

function runHot() {
  for (let round = 0; round < 3_000; round++) work();
  return optimized();
}

const whilePaused = withOptimizerPaused(runHot);
const afterwards = runHot();
process.stdout.write(`${JSON.stringify({ whilePaused, afterwards })}\n`);
