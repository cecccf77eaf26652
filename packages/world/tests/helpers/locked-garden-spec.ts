// The complete payloads of docs/world.md, Appendix A, "The Locked Garden, answer by answer",
// transcribed from it: each call, whether it is an error, and its structuredContent.

/** One call of Appendix A and the payload it gives. */
export interface SpecCase {
  tool: string;
  args: Record<string, unknown>;
  isError: boolean;
  payload: Record<string, unknown>;
}

/** Every call Appendix A lists for the tools without paging arguments, in its order. */
export const LOCKED_GARDEN_SPEC: SpecCase[] = [
  {
    tool: "get_world_metadata",
    args: {},
    isError: false,
    payload: {
      schema_version: "1",
      world_name: "the-locked-garden",
      start_location: "gatehouse",
      entity_count: 5,
      location_count: 2,
      type_count: 3,
      section_count: 3,
      exit_count: 2,
      rule_count: 0,
      has_errors: false,
      diagnostic_count: 2,
    },
  },
  {
    tool: "get_exit_graph",
    args: {},
    isError: false,
    payload: {
      schema_version: "1",
      nodes: ["gatehouse", "the-walled-garden"],
      edges: [
        {
          from: "gatehouse",
          to: "the-walled-garden",
          exit_name: "garden",
          is_conditional: true,
          guard_count: 1,
        },
        {
          from: "the-walled-garden",
          to: "gatehouse",
          exit_name: "north",
          is_conditional: false,
          guard_count: 0,
        },
      ],
    },
  },
  {
    tool: "get_dialogue_graph",
    args: {},
    isError: false,
    payload: {
      schema_version: "1",
      sections: ["locked-garden/explore", "locked-garden/greet", "locked-garden/revelation"],
      jumps: [
        { from_section: "locked-garden/greet", to_section: "locked-garden/greet", type: "section" },
        {
          from_section: "locked-garden/explore",
          to_section: "locked-garden/revelation",
          type: "section",
        },
      ],
      choices: [
        {
          section: "locked-garden/greet",
          choice_id: "locked-garden/greet/state-your-purpose",
          label: "State your purpose",
          sticky: true,
          condition_count: 0,
          effect_count: 1,
        },
        {
          section: "locked-garden/greet",
          choice_id: "locked-garden/greet/offer-the-journal",
          label: "Offer the journal",
          sticky: false,
          condition_count: 0,
          effect_count: 2,
        },
        {
          section: "locked-garden/greet",
          choice_id: "locked-garden/greet/ask-about-the-garden",
          label: "Ask about the garden",
          sticky: false,
          condition_count: 1,
          effect_count: 1,
        },
        {
          section: "locked-garden/greet",
          choice_id: "locked-garden/greet/force-the-gate",
          label: "Force the gate",
          sticky: false,
          condition_count: 1,
          effect_count: 1,
        },
        {
          section: "locked-garden/explore",
          choice_id: "locked-garden/explore/press-for-the-truth",
          label: "Press for the truth",
          sticky: false,
          condition_count: 1,
          effect_count: 0,
        },
        {
          section: "locked-garden/explore",
          choice_id: "locked-garden/explore/listen-to-the-ghost",
          label: "Listen to the ghost",
          sticky: false,
          condition_count: 0,
          effect_count: 1,
        },
        {
          section: "locked-garden/explore",
          choice_id: "locked-garden/explore/take-the-journal",
          label: "Take the journal",
          sticky: false,
          condition_count: 0,
          effect_count: 0,
        },
        {
          section: "locked-garden/explore",
          choice_id: "locked-garden/explore/leave-quietly",
          label: "Leave quietly",
          sticky: false,
          condition_count: 0,
          effect_count: 0,
        },
      ],
    },
  },
  {
    tool: "get_entity_details",
    args: { entity_id: "@warden" },
    isError: false,
    payload: {
      schema_version: "1",
      entity_id: "@warden",
      type: "Character",
      container: "gatehouse",
      properties: [
        { name: "mood", type: "enum", default: "neutral", values: ["wary", "neutral", "friendly"] },
        { name: "trust", type: "integer", default: 0 },
        { name: "role", type: "string", default: "Gatekeeper", visibility: "hidden" },
      ],
    },
  },
  {
    tool: "get_entity_details",
    args: { entity_id: "@garden_gate" },
    isError: false,
    payload: {
      schema_version: "1",
      entity_id: "@garden_gate",
      type: "Lock",
      container: "",
      properties: [{ name: "locked", type: "boolean", default: true }],
    },
  },
  {
    tool: "get_entity_details",
    args: { entity_id: "warden" },
    isError: false,
    payload: {
      schema_version: "1",
      entity_id: "@warden",
      type: "Character",
      container: "gatehouse",
      properties: [
        { name: "mood", type: "enum", default: "neutral", values: ["wary", "neutral", "friendly"] },
        { name: "trust", type: "integer", default: 0 },
        { name: "role", type: "string", default: "Gatekeeper", visibility: "hidden" },
      ],
    },
  },
  {
    tool: "get_entity_details",
    args: { entity_id: "@nobody" },
    isError: true,
    payload: { schema_version: "1", error: "Entity not found", entity_id: "@nobody" },
  },
  {
    tool: "get_property_dependencies",
    args: { entity_type: "Character", property: "trust" },
    isError: false,
    payload: {
      schema_version: "1",
      property_key: "Character.trust",
      read_count: 2,
      write_count: 4,
      read_only: false,
      write_only: false,
      reads: [
        { site: "choice:locked-garden/greet/ask-about-the-garden", comparison: "trust >= 3" },
        { site: "choice:locked-garden/explore/press-for-the-truth", comparison: "trust >= 5" },
      ],
      writes: [
        { site: "choice:locked-garden/greet/state-your-purpose", operation: "trust += 1" },
        { site: "choice:locked-garden/greet/offer-the-journal", operation: "trust += 5" },
        { site: "choice:locked-garden/greet/force-the-gate", operation: "trust -= 2" },
        { site: "choice:locked-garden/explore/listen-to-the-ghost", operation: "trust += 2" },
      ],
    },
  },
  {
    tool: "get_property_dependencies",
    args: { entity_type: "Lock", property: "locked" },
    isError: false,
    payload: {
      schema_version: "1",
      property_key: "Lock.locked",
      read_count: 1,
      write_count: 1,
      read_only: false,
      write_only: false,
      reads: [{ site: "exit:gatehouse/garden", comparison: "locked == false" }],
      writes: [
        { site: "choice:locked-garden/greet/ask-about-the-garden", operation: "locked = false" },
      ],
    },
  },
  {
    tool: "get_property_dependencies",
    args: { entity_type: "Character", property: "role" },
    isError: true,
    payload: { schema_version: "1", error: "Property not found", property_key: "Character.role" },
  },
  {
    tool: "get_reachable_locations",
    args: { from: "gatehouse" },
    isError: false,
    payload: {
      schema_version: "1",
      from: "gatehouse",
      reachable: ["gatehouse", "the-walled-garden"],
      unreachable: [],
      path_count: 2,
      paths: { "the-walled-garden": ["gatehouse", "the-walled-garden"] },
    },
  },
  {
    tool: "get_reachable_locations",
    args: { from: "nowhere" },
    isError: true,
    payload: { schema_version: "1", error: "Location not found", location: "nowhere" },
  },
  {
    tool: "get_choice_conditions",
    args: { section: "locked-garden/greet" },
    isError: false,
    payload: {
      schema_version: "1",
      section: "locked-garden/greet",
      choices: [
        {
          choice_id: "locked-garden/greet/state-your-purpose",
          label: "State your purpose",
          sticky: true,
          conditions: [],
          effects: [{ property: "Character.trust", operation: "+= 1" }],
        },
        {
          choice_id: "locked-garden/greet/offer-the-journal",
          label: "Offer the journal",
          sticky: false,
          conditions: [],
          effects: [
            { property: "Character.trust", operation: "+= 5" },
            { property: "Character.mood", operation: "= friendly" },
          ],
        },
        {
          choice_id: "locked-garden/greet/ask-about-the-garden",
          label: "Ask about the garden",
          sticky: false,
          conditions: [{ property: "Character.trust", comparison: ">= 3" }],
          effects: [{ property: "Lock.locked", operation: "= false" }],
        },
        {
          choice_id: "locked-garden/greet/force-the-gate",
          label: "Force the gate",
          sticky: false,
          conditions: [{ property: "Character.mood", comparison: "!= friendly" }],
          effects: [{ property: "Character.trust", operation: "-= 2" }],
        },
      ],
    },
  },
  {
    tool: "get_choice_conditions",
    args: { section: "locked-garden/explore" },
    isError: false,
    payload: {
      schema_version: "1",
      section: "locked-garden/explore",
      choices: [
        {
          choice_id: "locked-garden/explore/press-for-the-truth",
          label: "Press for the truth",
          sticky: false,
          conditions: [{ property: "Character.trust", comparison: ">= 5" }],
          effects: [],
        },
        {
          choice_id: "locked-garden/explore/listen-to-the-ghost",
          label: "Listen to the ghost",
          sticky: false,
          conditions: [],
          effects: [{ property: "Character.trust", operation: "+= 2" }],
        },
        {
          choice_id: "locked-garden/explore/take-the-journal",
          label: "Take the journal",
          sticky: false,
          conditions: [],
          effects: [],
        },
        {
          choice_id: "locked-garden/explore/leave-quietly",
          label: "Leave quietly",
          sticky: false,
          conditions: [],
          effects: [],
        },
      ],
    },
  },
  {
    tool: "get_choice_conditions",
    args: { section: "locked-garden/revelation" },
    isError: false,
    payload: { schema_version: "1", section: "locked-garden/revelation", choices: [] },
  },
  {
    tool: "get_choice_conditions",
    args: { section: "locked-garden/nothing" },
    isError: true,
    payload: { schema_version: "1", error: "Section not found", section: "locked-garden/nothing" },
  },
  {
    tool: "get_diagnostics",
    args: {},
    isError: false,
    payload: {
      schema_version: "1",
      total: 2,
      errors: 0,
      warnings: 2,
      info: 0,
      diagnostics: [
        {
          severity: "warning",
          code: "URD603",
          message:
            "Effect sets 'Character.mood' to 'friendly' but no condition anywhere tests for this variant. The write may have no observable effect.",
          file: "locked-garden.urd.md",
          start_line: 48,
          start_col: 3,
          end_line: 48,
          end_col: 28,
        },
        {
          severity: "warning",
          code: "URD433",
          message:
            "Section 'explore' in file 'locked-garden.urd.md' has only one-shot choices and no terminal jump or fallthrough text. It will exhaust to an empty state.",
          file: "locked-garden.urd.md",
          start_line: 68,
          start_col: 1,
          end_line: 68,
          end_col: 11,
        },
      ],
    },
  },
  {
    tool: "get_diagnostics",
    args: { severity: "error" },
    isError: false,
    payload: { schema_version: "1", total: 0, errors: 0, warnings: 0, info: 0, diagnostics: [] },
  },
];
