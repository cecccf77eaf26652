/** A frontmatter value in the world JSON (entity references lose their `@`). */
export type JsonValue = string | number | boolean | JsonValue[];

/** `world`: name, `urd: "1"`, then the optional fields in this order. */
export interface WorldInfoJson {
  name?: JsonValue;
  urd: "1";
  version?: JsonValue;
  description?: JsonValue;
  author?: JsonValue;
  start?: string;
  entry?: string;
  seed?: JsonValue;
}

/** One property of a type. */
export interface PropertyJson {
  type: string;
  default?: JsonValue;
  visibility?: "hidden";
  values?: string[];
  min?: number;
  max?: number;
  ref_type?: string;
}

/** A type: traits and properties. */
export interface TypeJson {
  traits?: string[];
  properties?: Record<string, PropertyJson>;
}

/** An entity: its declared type and its overrides in source order. */
export interface EntityJson {
  type: string;
  properties?: Record<string, JsonValue>;
}

/** An exit: destination id, last guard lowered, last blocked message. */
export interface ExitJson {
  to: string;
  condition?: string;
  blocked_message?: string;
}

/** A location. */
export interface LocationJson {
  description?: string;
  contains?: string[];
  exits?: Record<string, ExitJson>;
}

/** A lowered effect. */
export type EffectJson =
  | { set: string; to: JsonValue }
  | { move: string; to: string }
  | { reveal: string }
  | { destroy: string };

/** Conditions: an AND list, or the members of an `? any:` block. */
export type ConditionsJson = string[] | { any: string[] };

/** An action (one per registered choice). */
export interface ActionJson {
  target?: string;
  target_type?: string;
  conditions?: ConditionsJson;
  effects: EffectJson[];
}

/** A rule's `selects … from … where …`. */
export interface RuleSelectJson {
  from: string[];
  as: string;
  where?: string[];
}

/** A rule. */
export interface RuleJson {
  actor?: string;
  trigger: string;
  conditions?: string[];
  select?: RuleSelectJson;
  effects?: EffectJson[];
}

/** A phase of a sequence. */
export interface PhaseJson {
  id: string;
  auto?: true;
  advance: "auto" | "manual";
}

/** A sequence. */
export interface SequenceJson {
  phases: PhaseJson[];
}

/** A line of speech. */
export interface SpeechJson {
  speaker: string;
  text: string;
}

/** A choice inside a dialogue section. */
export interface DialogueChoiceJson {
  id: string;
  label: string;
  sticky: boolean;
  conditions?: ConditionsJson;
  response?: SpeechJson;
  effects?: EffectJson[];
  goto?: string;
  choices?: DialogueChoiceJson[];
}

/** What a section shows once its choices are used up. */
export interface OnExhaustedJson {
  speaker?: string;
  text: string;
  goto?: string;
}

/** A dialogue section. */
export interface DialogueSectionJson {
  id: string;
  prompt?: SpeechJson;
  description?: string;
  conditions?: ConditionsJson;
  effects?: EffectJson[];
  choices?: DialogueChoiceJson[];
  on_exhausted?: OnExhaustedJson;
}

/** The compiled world; each block is present only when non-empty. */
export interface WorldJson {
  world: WorldInfoJson;
  types?: Record<string, TypeJson>;
  entities?: Record<string, EntityJson>;
  locations?: Record<string, LocationJson>;
  rules?: Record<string, RuleJson>;
  actions?: Record<string, ActionJson>;
  sequences?: Record<string, SequenceJson>;
  dialogue?: Record<string, DialogueSectionJson>;
}
