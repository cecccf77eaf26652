import type { JumpTarget } from "@tabletop-mcp/urd";
import type { CompiledWorld } from "../world/compiled-world.js";
import { SCHEMA_VERSION, type Versioned } from "./schema-version.js";
import { sortedKeys } from "./sorted-ids.js";

/** A jump out of a section. */
export interface DialogueJump {
  from_section: string;
  /** The target section id, the exit id for exit jumps, `"end"` for `-> end`. */
  to_section: string;
  type: JumpTarget["kind"];
}

/** A choice with how many property conditions and effects it has. */
export interface DialogueChoice {
  section: string;
  choice_id: string;
  label: string;
  sticky: boolean;
  condition_count: number;
  effect_count: number;
}

/** `get_dialogue_graph`'s payload (urd.md §12.5). */
export interface DialogueGraph extends Versioned {
  sections: string[];
  jumps: DialogueJump[];
  choices: DialogueChoice[];
}

function targetId(target: JumpTarget): string {
  return target.kind === "end" ? "end" : target.id;
}

/**
 * The dialogue graph: section ids (sorted), jumps and choices in FactSet order (nested choices
 * precede their parent).
 *
 * @param compiled - one compilation's data
 * @returns the payload
 */
export function getDialogueGraph(compiled: CompiledWorld): DialogueGraph {
  const facts = compiled.facts;
  return {
    schema_version: SCHEMA_VERSION,
    sections: sortedKeys(compiled.world?.dialogue),
    jumps: (facts?.jumps ?? []).map((jump) => ({
      from_section: jump.from_section,
      to_section: targetId(jump.target),
      type: jump.target.kind,
    })),
    choices: (facts?.choices ?? []).map((choice) => ({
      section: choice.section,
      choice_id: choice.choice_id,
      label: choice.label,
      sticky: choice.sticky,
      condition_count: choice.condition_reads.length,
      effect_count: choice.effect_writes.length,
    })),
  };
}
