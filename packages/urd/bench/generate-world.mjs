#!/usr/bin/env node
// Writes a large, valid Urd world for the compiler benchmark. Deterministic: the
// same options always give the same text.
//
//   node bench/generate-world.mjs [--locations N] [--entities M] [--sections S] [--seed X] [--out FILE]
//
// Defaults: 2,000 locations, 500 entities, 1,000 dialogue sections, seed 7.
// Shape: locations "Hall 1".."Hall N" in a ring with a chord every 10 halls, so every
// hall is reachable from the start; some exits are guarded. Entities are wardens
// (interactable containers), relics (portable) and gates, spread over the halls.
// Each section has a prompt, a sticky hub choice, one-shot choices with comparisons,
// containment checks and `? any:` blocks, a nested choice, set/move/reveal effects,
// jumps back to the hub, and fallthrough text. A rule per 50 sections and one
// sequence complete the file. The compiler must report no errors for it.
import { writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";

/** A small seeded generator (xorshift32): returns integers in [0, bound). */
function createRandom(seed) {
  let state = seed >>> 0 || 1;
  return (bound) => {
    state ^= state << 13;
    state >>>= 0;
    state ^= state >>> 17;
    state ^= state << 5;
    state >>>= 0;
    return state % bound;
  };
}

const moods = ["calm", "wary", "angry"];

/** Builds the world text for the given sizes. */
export function generateWorld({
  locations = 2000,
  entities = 500,
  sections = 1000,
  seed = 7,
} = {}) {
  if (locations < 2 || entities < 3 || sections < 1) {
    throw new RangeError("need at least 2 locations, 3 entities and 1 section");
  }
  const random = createRandom(seed);
  const wardenCount = Math.max(1, Math.round(entities * 0.4));
  const relicCount = Math.max(1, Math.round(entities * 0.35));
  const gateCount = Math.max(1, entities - wardenCount - relicCount);
  const warden = (index) => `w${1 + (index % wardenCount)}`;
  const relic = (index) => `r${1 + (index % relicCount)}`;
  const gate = (index) => `g${1 + (index % gateCount)}`;

  const out = [
    "---",
    "world:",
    "  name: Generated Halls",
    "  start: hall-1",
    '  version: "1.0"',
    "  entry: the-long-walk",
    "",
    "types:",
    "  Warden [interactable, container]:",
    "    trust: int(0, 100) = 0",
    "    mood: enum(calm, wary, angry) = calm",
    "    alert: bool = false",
    '    ~secret: string = "none"',
    "  Relic [portable]:",
    "    used: bool = false",
    "    weight: num(0.0, 50.0) = 1.0",
    "  Gate [interactable]:",
    "    open: bool = false",
    "    level: integer = 0",
    "",
    "entities:",
  ];
  for (let index = 1; index <= wardenCount; index += 1) {
    out.push(`  @w${index}: Warden { trust: ${random(10)}, mood: "${moods[random(3)]}" }`);
  }
  for (let index = 1; index <= relicCount; index += 1) out.push(`  @r${index}: Relic`);
  for (let index = 1; index <= gateCount; index += 1)
    out.push(`  @g${index}: Gate { level: ${random(4)} }`);
  out.push("---", "");

  const present = new Map();
  const place = (id, hall) => {
    if (!present.has(hall)) present.set(hall, []);
    present.get(hall).push(id);
  };
  const all = [];
  for (let index = 1; index <= wardenCount; index += 1) all.push(`w${index}`);
  for (let index = 1; index <= relicCount; index += 1) all.push(`r${index}`);
  for (let index = 1; index <= gateCount; index += 1) all.push(`g${index}`);
  all.forEach((id, index) => {
    place(id, 1 + ((index * 37) % locations));
  });
  const sectionsAt = new Map();
  for (let index = 1; index <= sections; index += 1) {
    const hall = 1 + ((index * 13) % locations);
    if (!sectionsAt.has(hall)) sectionsAt.set(hall, []);
    sectionsAt.get(hall).push(index);
  }

  for (let hall = 1; hall <= locations; hall += 1) {
    const next = hall === locations ? 1 : hall + 1;
    const previous = hall === 1 ? locations : hall - 1;
    out.push(`# Hall ${hall}`, "", `Hall ${hall} of ${locations}. The air is still.`, "");
    const here = present.get(hall);
    if (here) out.push(`[${here.map((id) => `@${id}`).join(", ")}]`, "");
    out.push(`-> onward: Hall ${next}`);
    if (hall % 6 === 0) out.push(`  ? @${gate(hall)}.open == true`, "  ! The way is barred.");
    out.push(`-> back: Hall ${previous}`);
    if (hall % 10 === 0 && hall + 10 <= locations) {
      out.push(`-> stair: Hall ${hall + 10}`);
      if (hall % 20 === 0)
        out.push(`  ? @${warden(hall)}.mood != angry`, "  ! A warden blocks the stair.");
    }
    out.push("");
    for (const number of sectionsAt.get(hall) ?? []) {
      const w = `@${warden(number)}`;
      const r = `@${relic(number)}`;
      const g = `@${gate(number)}`;
      const name = `talk_${number}`;
      out.push(
        `== ${name}`,
        "",
        `${w}: State your purpose, traveller.`,
        "",
        "+ Make small talk",
        `  ${w}: The halls are long.`,
        `  > ${w}.trust + 1`,
        `  -> ${name}`,
        "",
        "* Ask for the gate",
        `  ? ${w}.trust >= ${1 + random(5)}`,
        `  ? ${w}.mood == wary`,
        `  ${w}: Very well.`,
        `  > ${g}.open = true`,
        `  > ${g}.level + 1`,
        `  -> ${name}`,
        "",
        "* Offer a relic",
        "  ? any:",
        `    ${w}.mood == calm`,
        `    ${r} in player`,
        `  > move ${r} -> ${w}`,
        `  > ${w}.alert = true`,
        `  > reveal ${w}.secret`,
        "",
        "  * Insist",
        `    ? ${g}.level >= 2`,
        `    > ${w}.mood = wary`,
        `    -> ${name}`,
        "",
        "* Provoke",
        `  ? ${w}.alert == false`,
        `  ? ${w}.mood != angry`,
        `  > ${w}.mood = angry`,
        `  > ${r}.used = true`,
        "",
        `${w} turns away.`,
        "",
      );
    }
  }

  for (let index = 1; index <= Math.max(1, Math.floor(sections / 50)); index += 1) {
    out.push(
      `rule settle_${index}:`,
      `  actor: @${warden(index)} action settle`,
      `  where @${warden(index)}.mood == angry`,
      `  selects target from [@${relic(index)}, @${relic(index + 1)}]`,
      "    where target.used == true",
      `  > @${warden(index)}.mood = calm`,
      "  > target.used = false",
      "",
    );
  }
  out.push("## The Long Walk", "", "### Arrival", "", "### Descent (auto)", "", "### Return", "");
  return `${out.join("\n")}\n`;
}

function option(args, name, fallback) {
  const index = args.indexOf(name);
  return index >= 0 && index + 1 < args.length ? args[index + 1] : fallback;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const args = process.argv.slice(2);
  const text = generateWorld({
    locations: Number(option(args, "--locations", 2000)),
    entities: Number(option(args, "--entities", 500)),
    sections: Number(option(args, "--sections", 1000)),
    seed: Number(option(args, "--seed", 7)),
  });
  const out = option(args, "--out", null);
  if (out) writeFileSync(out, text);
  else process.stdout.write(text);
}
