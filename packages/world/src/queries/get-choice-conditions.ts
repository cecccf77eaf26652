import type { CompiledWorld } from "../world/compiled-world.js";
import { comparisonText, operationText, propertyKeyText } from "./fact-text.js";
import { ownEntry } from "./own-entry.js";
import { SCHEMA_VERSION, type Versioned } from "./schema-version.js";

/** A property condition of a choice. */
export interface ChoiceCondition {
  property: string;
  comparison: string;
}

/** A property effect of a choice. */
export interface ChoiceEffect {
  property: string;
  operation: string;
}

/** One choice with what gates it and what it changes. */
export interface ChoiceDetails {
  choice_id: string;
  label: string;
  sticky: boolean;
  conditions: ChoiceCondition[];
  effects: ChoiceEffect[];
}

/** `get_choice_conditions`'s payload (docs/world.md §4.7). */
export interface ChoiceConditions extends Versioned {
  section: string;
  choices: ChoiceDetails[];
}

/** `get_choice_conditions`'s error payload. */
export interface ChoiceConditionsError extends Versioned {
  error: "No FactSet available" | "Section not found";
  section: string;
}

/**
 * The choices of one dialogue section (FactSet order, nested choices included) with their
 * property conditions and effects.
 *
 * @param compiled - one compilation's data
 * @param section - the section id, `<file stem>/<section name>`
 * @returns the payload, or the error object (docs/world.md §3.3)
 */
export function getChoiceConditions(
  compiled: CompiledWorld,
  section: string,
): ChoiceConditions | ChoiceConditionsError {
  const facts = compiled.facts;
  if (facts === null) {
    return { schema_version: SCHEMA_VERSION, error: "No FactSet available", section };
  }
  const choices = facts.choices.filter((choice) => choice.section === section);
  if (choices.length === 0 && ownEntry(compiled.world?.dialogue, section) === undefined) {
    return { schema_version: SCHEMA_VERSION, error: "Section not found", section };
  }
  return {
    schema_version: SCHEMA_VERSION,
    section,
    choices: choices.map((choice) => ({
      choice_id: choice.choice_id,
      label: choice.label,
      sticky: choice.sticky,
      conditions: choice.condition_reads.flatMap((index) => {
        const read = facts.reads[index];
        return read ? [{ property: propertyKeyText(read), comparison: comparisonText(read) }] : [];
      }),
      effects: choice.effect_writes.flatMap((index) => {
        const write = facts.writes[index];
        return write ? [{ property: propertyKeyText(write), operation: operationText(write) }] : [];
      }),
    })),
  };
}
