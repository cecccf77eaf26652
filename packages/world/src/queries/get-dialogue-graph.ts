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

/** `get_dialogue_graph`'s payload (docs/world.md §4.3). */
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
 * precede their parent). With a `sectionPrefix`, only the sections whose id starts with it, the
 * jumps out of them and their choices (docs/world.md §5.5).
 *
 * @param compiled - one compilation's data
 * @param sectionPrefix - keep only what belongs to sections whose id starts with this
 * @returns the payload
 */
export function getDialogueGraph(compiled: CompiledWorld, sectionPrefix = ""): DialogueGraph {
  const facts = compiled.facts;
  const kept = (section: string) => section.startsWith(sectionPrefix);
  return {
    schema_version: SCHEMA_VERSION,
    sections: sortedKeys(compiled.world?.dialogue).filter(kept),
    jumps: (facts?.jumps ?? [])
      .filter((jump) => kept(jump.from_section))
      .map((jump) => ({
        from_section: jump.from_section,
        to_section: targetId(jump.target),
        type: jump.target.kind,
      })),
    choices: (facts?.choices ?? [])
      .filter((choice) => kept(choice.section))
      .map((choice) => ({
        section: choice.section,
        choice_id: choice.choice_id,
        label: choice.label,
        sticky: choice.sticky,
        condition_count: choice.condition_reads.length,
        effect_count: choice.effect_writes.length,
      })),
  };
}
