// Benchmarks of the Duality engine. Run after a build: `node bench/run.mjs [--quick]`.
// A human table goes to stderr; the last stdout line is one JSON object for the harness.
import { performance } from "node:perf_hooks";
import {
  computeActionProbability,
  createRandomDieRoller,
  explainActionOutcome,
  rollAction,
} from "../dist/engine/index.js";

const quick = process.argv.includes("--quick");
const SAMPLES = quick ? 5 : 15;
const SAMPLE_MILLISECONDS = quick ? 40 : 150;

let checksum = 0;

/**
 * Times `operation` in batches and returns the median cost of one call in microseconds,
 * so a single noisy batch cannot skew the result.
 */
function medianMicroseconds(operation) {
  let batch = 1;
  for (;;) {
    const start = performance.now();
    for (let index = 0; index < batch; index++) checksum += operation(index);
    if (performance.now() - start >= SAMPLE_MILLISECONDS / 4) break;
    batch *= 2;
  }
  const perCall = [];
  for (let sample = 0; sample < SAMPLES; sample++) {
    const start = performance.now();
    for (let index = 0; index < batch; index++) checksum += operation(index);
    perCall.push(((performance.now() - start) * 1000) / batch);
  }
  perCall.sort((a, b) => a - b);
  return perCall[Math.floor(perCall.length / 2)];
}

const cryptoDice = createRandomDieRoller();
const seededDice = createRandomDieRoller("bench");

const probabilityWithAdvantage = medianMicroseconds(
  (index) =>
    computeActionProbability({ modifier: index % 7, difficulty: 10 + (index % 11), advantage: 1 })
      .crit_count,
);
const probabilityPlain = medianMicroseconds(
  (index) => computeActionProbability({ modifier: index % 7, difficulty: 15 }).crit_count,
);
const explain = medianMicroseconds(
  (index) =>
    explainActionOutcome({ hope: 1 + (index % 12), fear: 12 - (index % 12), difficulty: 15 }).total,
);
const cryptoRoll = medianMicroseconds(
  (index) => rollAction({ modifier: 2, difficulty: 15, advantage: index % 2 }, cryptoDice).total,
);
const seededRoll = medianMicroseconds(
  (index) => rollAction({ modifier: 2, difficulty: 15, advantage: index % 2 }, seededDice).total,
);

const round = (value, digits) => Number(value.toFixed(digits));
const results = [
  {
    name: "probability with advantage",
    value: round(probabilityWithAdvantage, 2),
    unit: "us",
    target: "< 1000 us",
  },
  { name: "probability without advantage", value: round(probabilityPlain, 2), unit: "us" },
  { name: "explain", value: round(explain, 3), unit: "us" },
  { name: "action roll throughput (crypto)", value: Math.round(1e6 / cryptoRoll), unit: "rolls/s" },
  { name: "action roll throughput (seeded)", value: Math.round(1e6 / seededRoll), unit: "rolls/s" },
];

const width = Math.max(...results.map((result) => result.name.length));
process.stderr.write(`@tabletop-mcp/duality engine${quick ? " (quick)" : ""}\n`);
for (const result of results) {
  const value = `${result.value} ${result.unit}`.padStart(18);
  process.stderr.write(`  ${result.name.padEnd(width)}  ${value}  ${result.target ?? ""}\n`);
}
// The checksum keeps the measured work observable so it cannot be optimised away.
process.stderr.write(`  (checksum ${checksum})\n`);
process.stdout.write(`${JSON.stringify({ package: "@tabletop-mcp/duality", results })}\n`);
