#!/usr/bin/env node
// Deterministic generator of a large, valid Urd world (.urd.md) for compiler benchmarks.
// This is the shared benchmark generator the reference compiler timings were taken on.
//
//   node generate-world.mjs [--locations N] [--entities M] [--sections S] [--seed X] [--out FILE]
//
// Defaults: N=2000 locations, M=500 entities, S=1000 dialogue sections, seed=1.
// Shape:
//   - Locations "Room 1".."Room N" laid out on a W-wide grid (W = ceil(sqrt(N))), each linked
//     east/west along the row-major chain and north/south between rows, so every location is
//     reachable from the start. Every 5th east exit and every 7th south exit is guarded by a
//     condition on an entity property (door locked, guard mood) with a blocked message.
//   - M entities split over 3 types: Guard (interactable, trust/mood/alert), Key (portable),
//     Door (interactable, locked/level). Every entity is placed in exactly one location.
//   - S dialogue sections ("== s1".."== sS") spread over the locations; each has a speaker line,
//     a sticky hub choice with an effect and a jump back, and 3 one-shot choices carrying
//     conditions (property comparisons, containment, any: blocks) and effects (set, +/-, move,
//     reveal), one with a nested sub-choice, and a fallthrough line.
// The output must compile with zero errors (warnings are allowed); the Urd compiler rejects files
// over 1 MiB, so the defaults are sized to stay below that.
import { writeFileSync } from "node:fs";

export function generateWorld({
  locations = 2000,
  entities = 500,
  sections = 1000,
  seed = 1,
} = {}) {
  const N = locations,
    M = entities,
    S = sections;
  if (N < 2 || M < 3 || S < 1) throw new Error("need locations>=2, entities>=3, sections>=1");
  let st = seed >>> 0 || 1;
  const rnd = () => {
    st ^= st << 13;
    st >>>= 0;
    st ^= st >>> 17;
    st ^= st << 5;
    st >>>= 0;
    return st / 4294967296;
  };
  const pick = (n) => Math.floor(rnd() * n);

  // Entities: ~40% guards, ~30% keys, rest doors (at least one of each).
  const nG = Math.max(1, Math.round(M * 0.4));
  const nK = Math.max(1, Math.round(M * 0.3));
  const nD = Math.max(1, M - nG - nK);
  const moods = ["calm", "wary", "angry"];
  const out = [];
  out.push(
    "---",
    "world:",
    "  name: generated-world",
    "  start: room-1",
    "",
    "types:",
    "  Guard [interactable]:",
    "    trust: int(0, 100) = 0",
    "    mood: enum(calm, wary, angry) = calm",
    "    alert: bool = false",
    '    ~secret: string = "none"',
    "  Key [portable]:",
    "    used: bool = false",
    "  Door [interactable]:",
    "    locked: bool = true",
    "    level: integer = 0",
    "",
    "entities:",
  );
  for (let i = 1; i <= nG; i++)
    out.push(`  @g${i}: Guard { trust: ${pick(10)}, mood: "${moods[pick(3)]}" }`);
  for (let i = 1; i <= nK; i++) out.push(`  @k${i}: Key`);
  for (let i = 1; i <= nD; i++) out.push(`  @d${i}: Door { level: ${pick(5)} }`);
  out.push("---", "");

  // Placement: entity j goes to location (j * stride) so they spread over the map.
  const all = [];
  for (let i = 1; i <= nG; i++) all.push(`g${i}`);
  for (let i = 1; i <= nK; i++) all.push(`k${i}`);
  for (let i = 1; i <= nD; i++) all.push(`d${i}`);
  const where = new Map(); // location index -> [entity ids]
  const locOf = new Map(); // entity id -> location index
  all.forEach((id, j) => {
    const loc = 1 + ((j * 7919) % N);
    if (!where.has(loc)) where.set(loc, []);
    where.get(loc).push(id);
    locOf.set(id, loc);
  });
  // Every section needs a guard speaker present in its location; put sections where guards are,
  // then fill the remainder round-robin over locations (placing an extra guard reference there).
  const guardLocs = [];
  for (let i = 1; i <= nG; i++) guardLocs.push(locOf.get(`g${i}`));
  const secsAt = new Map(); // location -> [{name, guard}]
  for (let s = 1; s <= S; s++) {
    const g = 1 + ((s - 1) % nG);
    const loc = locOf.get(`g${g}`);
    if (!secsAt.has(loc)) secsAt.set(loc, []);
    secsAt.get(loc).push({ name: `s${s}`, g });
  }

  const W = Math.ceil(Math.sqrt(N));
  const door = (i) => `d${1 + (i % nD)}`;
  const guard = (i) => `g${1 + (i % nG)}`;
  const key = (i) => `k${1 + (i % nK)}`;
  for (let i = 1; i <= N; i++) {
    out.push(`# Room ${i}`, "", `Room ${i} of ${N}.`, "");
    const here = where.get(i);
    if (here) out.push(`[${here.map((e) => `@${e}`).join(", ")}]`, "");
    if (i < N) {
      out.push(`-> east: Room ${i + 1}`);
      if (i % 5 === 0) out.push(`  ? @${door(i)}.locked == false`, "  ! Locked.");
    }
    if (i > 1) out.push(`-> west: Room ${i - 1}`);
    if (i + W <= N) {
      out.push(`-> south: Room ${i + W}`);
      if (i % 7 === 0) out.push(`  ? @${guard(i)}.mood != angry`, "  ! Blocked.");
    }
    if (i - W >= 1) out.push(`-> north: Room ${i - W}`);
    out.push("");
    for (const { name, g } of secsAt.get(i) || []) {
      const G = `@g${g}`;
      const n = Number(name.slice(1));
      const D = `@${door(n)}`;
      const K = `@${key(n)}`;
      out.push(
        `== ${name}`,
        "",
        `${G}: Halt, traveller.`,
        "",
        "+ Chat",
        `  ${G}: Fine weather.`,
        `  > ${G}.trust + 1`,
        `  -> ${name}`,
        "* Ask about the door",
        `  ? ${G}.trust >= 3`,
        `  ? ${G}.mood == wary`,
        `  ${G}: Take it.`,
        `  > ${D}.locked = false`,
        `  > ${D}.level + 1`,
        "* Bribe",
        "  ? any:",
        `    ${G}.mood == calm`,
        `    ${G}.mood == angry`,
        `    ${K} in player`,
        `  > ${G}.alert = true`,
        `  > reveal ${G}.secret`,
        "  * Pay more",
        `    ? ${D}.level >= 2`,
        `    > ${G}.mood = wary`,
        `    -> ${name}`,
        "* Threaten",
        `  ? ${G}.alert == false`,
        `  ? ${G}.mood != angry`,
        `  > ${G}.mood = angry`,
        `  > move ${K} -> player`,
        "",
        `${G}: Move along.`,
        "",
      );
    }
  }
  return `${out.join("\n")}\n`;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const a = process.argv.slice(2);
  const opt = (k, d) => {
    const i = a.indexOf(k);
    return i >= 0 ? a[i + 1] : d;
  };
  const src = generateWorld({
    locations: Number(opt("--locations", 2000)),
    entities: Number(opt("--entities", 500)),
    sections: Number(opt("--sections", 1000)),
    seed: Number(opt("--seed", 1)),
  });
  const file = opt("--out", null);
  if (file) writeFileSync(file, src);
  else process.stdout.write(src);
}
