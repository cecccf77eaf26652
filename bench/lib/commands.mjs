// The commands under measurement and the floors they are compared with. Each command's file
// comes from its package.json `bin` field, so the harness measures whatever ships (a tsc
// output or a bundle).
import { existsSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";

export const root = fileURLToPath(new URL("../..", import.meta.url));
const lib = fileURLToPath(new URL(".", import.meta.url));

const WORLD_FIXTURE = `${root}packages/urd/tests/fixtures/locked-garden.urd.md`;

/**
 * The file a package's command runs, from its package.json `bin` field, or null if unbuilt.
 * `checkout` is the repository folder (ending in `/`): this one unless another build is named.
 */
export function resolveBin(packageFolder, command, checkout = root) {
  const manifestFile = `${checkout}${packageFolder}/package.json`;
  if (!existsSync(manifestFile)) return null;
  const manifest = JSON.parse(readFileSync(manifestFile, "utf8"));
  const bin = typeof manifest.bin === "string" ? manifest.bin : manifest.bin?.[command];
  if (typeof bin !== "string") return null;
  const file = `${checkout}${packageFolder}/${bin.replace(/^\.\//, "")}`;
  return existsSync(file) ? file : null;
}

const rollDice = {
  name: "roll_dice",
  arguments: { dice_count: 4, dice_sides: 6, keep_highest: 3 },
};

/**
 * Every server command, its arguments for an idle start, the tool call used for every call
 * measurement, and the floor work doing the same engine call.
 */
const SERVERS = [
  {
    id: "dice",
    command: "tabletop-dice",
    folder: "packages/dice",
    args: ["--rate-limit-ms", "0"],
    call: () => rollDice,
    floorWork: "roll_dice",
  },
  {
    id: "duality",
    command: "tabletop-duality",
    folder: "packages/duality",
    args: [],
    call: (index) => ({
      name: "duality_outcome",
      arguments: { hope: (index % 12) + 1, fear: 7, modifier: 2, difficulty: 12 },
    }),
    floorWork: "duality_outcome",
  },
  {
    id: "campaign",
    command: "tabletop-campaign",
    folder: "packages/campaign",
    args: ["--db", ":memory:"],
    call: (index) => ({
      name: "campaign_create",
      arguments: { name: `Bench ${index}`, gm_mode: "HUMAN" },
    }),
    callLabel: "campaign_create (:memory: database)",
    floorWork: "campaign_create",
  },
  {
    id: "world",
    command: "tabletop-world",
    folder: "packages/world",
    args: [WORLD_FIXTURE],
    call: () => ({ name: "get_world_metadata", arguments: {} }),
    floorWork: "get_world_metadata",
  },
];

/** The gateway: default configuration (everything in-process) unless a config is given. */
export const GATEWAY = { id: "gateway", command: "tabletop-gateway", folder: "apps/gateway" };

export const FLOOR_SERVER = `${lib}floor-server.mjs`;
export const BARE_NODE = `${lib}bare-node-server.mjs`;
/** The floor of one HTTP round trip: node:http answering a JSON body, no library. */
export const ECHO_SERVER = `${lib}echo-server.mjs`;

/** The floor server's arguments after its file for a given floor work. */
export function floorArgs(work) {
  return ["--work", work, ...(work === "get_world_metadata" ? ["--world", WORLD_FIXTURE] : [])];
}

/** The floor's tool call for a given floor work: the same call its command is measured with. */
export function floorCall(work) {
  const server = SERVERS.find((candidate) => candidate.floorWork === work);
  if (server) return server.call;
  return (index) => ({ name: "add", arguments: { a: index % 100, b: 1 } });
}

/** Servers whose command is built, with the resolved command line (`node <file> ...args`). */
export function builtServers() {
  return SERVERS.map((server) => ({ ...server, file: resolveBin(server.folder, server.command) }));
}
