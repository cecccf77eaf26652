// Engine throughput on one core with the crypto generator. Run after a build:
//   node bench/run.mjs [--quick]
// A human table goes to stderr; the last line of stdout is one JSON object.
import { performance } from "node:perf_hooks";
import {
  computeDiceProbability,
  createCryptoSource,
  rollDice,
  validateDiceProbability,
  validateRollDice,
} from "../dist/engine/index.js";

const quick = process.argv.includes("--quick");
const seconds = quick ? 1 : 4;

function valid(validation) {
  if (!validation.ok) throw new Error(JSON.stringify(validation.problems));
  return validation.value;
}

/** Runs `body` in batches for about `budget` seconds after a warm-up; returns calls per second. */
function throughput(body, budget) {
  const warmEnd = performance.now() + 300;
  while (performance.now() < warmEnd) body();
  let calls = 0;
  let sink = 0;
  const start = performance.now();
  const end = start + budget * 1000;
  while (performance.now() < end) {
    for (let i = 0; i < 100; i++) sink += body();
    calls += 100;
  }
  if (sink === Number.MIN_VALUE) process.stderr.write("");
  return calls / ((performance.now() - start) / 1000);
}

/** Median wall time in milliseconds of `runs` calls. */
function medianMs(body, runs) {
  const times = [];
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    body();
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  return times[Math.floor(times.length / 2)];
}

const random = createCryptoSource();
const abilityScore = valid(validateRollDice({ dice_count: 4, dice_sides: 6, keep_highest: 3 }));
const thousand = valid(validateRollDice({ dice_count: 1000, dice_sides: 100 }));
const thousandExploding = valid(
  validateRollDice({
    dice_count: 1000,
    dice_sides: 100,
    exploding: true,
    keep_highest: 500,
  }),
);

const results = [];
const rollsPerSecond = throughput(() => rollDice(abilityScore, random).total, seconds);
results.push({
  name: "engine 4d6kh3",
  value: Math.round(rollsPerSecond),
  unit: "rolls/s",
  target: ">= 2000000",
});
const diceRolls = throughput(() => rollDice(thousand, random).total, seconds) * 1000;
results.push({
  name: "engine 1000d100",
  value: Math.round(diceRolls),
  unit: "dice/s",
  target: ">= 20000000",
});
const exploding = medianMs(() => rollDice(thousandExploding, random), quick ? 50 : 200);
results.push({
  name: "engine 1000d100!kh500",
  value: round(exploding),
  unit: "ms",
  target: "< 50",
});

for (const args of [
  { dice_count: 4, dice_sides: 6, keep_highest: 3 },
  { dice_count: 100, dice_sides: 100 },
  { dice_count: 10, dice_sides: 6, exploding: true },
  { dice_count: 1000, dice_sides: 6, keep_highest: 3 },
]) {
  const request = valid(validateDiceProbability(args));
  const operation = computeDiceProbability(request).result.operation;
  const ms = medianMs(() => computeDiceProbability(request), quick ? 3 : 9);
  results.push({
    name: `dice_probability ${operation}`,
    value: round(ms),
    unit: "ms",
    target: "< 1000",
  });
}

const width = Math.max(...results.map((result) => result.name.length));
process.stderr.write(`${"benchmark".padEnd(width)}  ${"value".padStart(14)}  unit      target\n`);
for (const result of results) {
  const value = result.value.toLocaleString("en-US");
  process.stderr.write(
    `${result.name.padEnd(width)}  ${value.padStart(14)}  ${result.unit.padEnd(8)}  ${result.target}\n`,
  );
}
process.stdout.write(`${JSON.stringify({ package: "@tabletop-mcp/dice", results })}\n`);

function round(value) {
  return Math.round(value * 100) / 100;
}
