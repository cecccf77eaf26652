import type { LinkedWorld } from "../link/link.js";
import { emitActions, emitRules, emitSequences } from "./emit-behaviour.js";
import { emitEntities, emitTypes, emitWorldInfo } from "./emit-declarations.js";
import { emitDialogue } from "./emit-dialogue.js";
import { emitLocations } from "./emit-locations.js";
import { Lowering } from "./lower.js";
import type { WorldJson } from "./world-json.js";

function nonEmpty<T>(record: Record<string, T>): Record<string, T> | undefined {
  return Object.keys(record).length > 0 ? record : undefined;
}

/**
 * EMIT: the compiled world JSON, with `world`, `types`, `entities`,
 * `locations`, `rules`, `actions`, `sequences` and `dialogue` in that order,
 * each present only when non-empty. Only called when there are no errors.
 */
export function emitWorld(world: LinkedWorld): WorldJson {
  const lowering = new Lowering(world.resolutions);
  const json: WorldJson = { world: emitWorldInfo(world.world) };
  const blocks = {
    types: nonEmpty(emitTypes(world.symbols)),
    entities: nonEmpty(emitEntities(world.symbols)),
    locations: nonEmpty(emitLocations(world, lowering)),
    rules: nonEmpty(emitRules(world, lowering)),
    actions: nonEmpty(emitActions(world, lowering)),
    sequences: nonEmpty(emitSequences(world)),
    dialogue: nonEmpty(emitDialogue(world, lowering)),
  };
  if (blocks.types) json.types = blocks.types;
  if (blocks.entities) json.entities = blocks.entities;
  if (blocks.locations) json.locations = blocks.locations;
  if (blocks.rules) json.rules = blocks.rules;
  if (blocks.actions) json.actions = blocks.actions;
  if (blocks.sequences) json.sequences = blocks.sequences;
  if (blocks.dialogue) json.dialogue = blocks.dialogue;
  return json;
}
