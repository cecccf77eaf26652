import { describe, expect, it } from "vitest";
import { compileFixture, compileText, lines } from "../helpers/fixtures.js";
import { lockedGardenWorld } from "../helpers/locked-garden-world.js";

describe("the compiled world JSON", () => {
  it("matches the expected Locked Garden world exactly (docs/urd.md §11)", () => {
    expect(compileFixture("locked-garden.urd.md").world).toEqual(lockedGardenWorld);
  });

  it("keeps the top-level keys in the order world, types, entities, locations, rules, actions, sequences, dialogue", () => {
    expect(Object.keys(compileFixture("sunken-citadel.urd.md").world ?? {})).toEqual([
      "world",
      "types",
      "entities",
      "locations",
      "rules",
      "actions",
      "sequences",
      "dialogue",
    ]);
    expect(Object.keys(compileFixture("locked-garden.urd.md").world ?? {})).toEqual([
      "world",
      "types",
      "entities",
      "locations",
      "actions",
      "dialogue",
    ]);
  });

  it("copies the world block's scalars in order, start and entry resolved", () => {
    expect(compileFixture("sunken-citadel.urd.md").world?.world).toEqual({
      name: "the-sunken-citadel",
      urd: "1",
      version: "1.0",
      description:
        "A sprawling adventure through a cursed coastal village and the sunken citadel beneath it. Designed to stress-test every v1 Urd schema feature.",
      author: "Urd Compiler Stress Test",
      start: "village-square",
      entry: "main-quest",
      seed: 7919,
    });
    expect(Object.keys(compileFixture("sunken-citadel.urd.md").world?.world ?? {})).toEqual([
      "name",
      "urd",
      "version",
      "description",
      "author",
      "start",
      "entry",
      "seed",
    ]);
  });

  it("slugifies the world name and sets urd itself", () => {
    expect(compileFixture("negative-urd-override.urd.md").world?.world).toEqual({
      name: "c8-test",
      urd: "1",
      start: "room",
    });
  });

  it("emits the bound-variable rule statements textually (docs/urd.md §11.5)", () => {
    const rules = compileFixture("sunken-citadel.urd.md").world?.rules;
    expect(rules?.spirit_manifests).toEqual({
      actor: "spirit_lament",
      trigger: "action manifest",
      select: {
        from: ["spirit_lament"],
        as: "target",
        where: ["target.form == translucent", "target.bound == true"],
      },
      effects: [
        { set: "target.form", to: "corporeal" },
        { set: "target.hostility", to: "target.hostility + 10" },
      ],
    });
    expect(rules?.merchant_restocks?.effects).toEqual([{ move: "target", to: "merchant_dara" }]);
    expect(compileFixture("monty-hall.urd.md").world?.rules).toEqual({
      monty_reveals: {
        actor: "host",
        trigger: "action reveal",
        select: { from: ["door_1", "door_2", "door_3"], as: "door", where: ["door.prize == goat"] },
        effects: [{ reveal: "door.prize" }],
      },
    });
  });

  it("emits sequences with their phases' advance modes", () => {
    expect(compileFixture("monty-hall.urd.md").world?.sequences).toEqual({
      "the-game": {
        phases: [
          { id: "choose", advance: "manual" },
          { id: "reveal", auto: true, advance: "auto" },
          { id: "switch", advance: "manual" },
        ],
      },
    });
  });

  it("turns a trailing stage direction into on_exhausted text", () => {
    const dialogue = compileFixture("tavern-scene.urd.md").world?.dialogue;
    expect(dialogue?.["tavern-scene/topics"]?.on_exhausted).toEqual({
      text: "arina leans back and sighs.",
    });
  });

  it("gives choices targets and target types in actions", () => {
    const actions = compileFixture("monty-hall.urd.md").world?.actions;
    expect(actions).toEqual({
      "monty-hall/switch/switch-doors": {
        target_type: "Door",
        conditions: ["door_1.revealed == false"],
        effects: [],
      },
      "monty-hall/switch/stay-with-your-choice": { effects: [] },
    });
  });

  it("emits property types, ranges, references and list defaults", () => {
    const types = compileFixture("type-aliases.urd.md").world?.types;
    expect(types).toEqual({
      Character: {
        traits: ["interactable"],
        properties: {
          trust: { type: "integer", default: 30, min: 0, max: 100 },
          active: { type: "boolean", default: true },
          weight: { type: "number", default: 5.5, min: 0, max: 10 },
          label: { type: "string", default: "default" },
          mood: { type: "enum", default: "happy", values: ["happy", "sad"] },
        },
      },
    });
    const citadel = compileFixture("sunken-citadel.urd.md").world;
    expect(citadel?.types?.Door?.properties?.requires).toEqual({ type: "ref", ref_type: "Key" });
    expect(citadel?.types?.Evidence?.properties?.tags).toEqual({ type: "list", default: [] });
    expect(citadel?.entities?.tide_mechanism?.properties?.required_items).toEqual(["crystal_key"]);
    expect(citadel?.entities?.lockbox?.properties?.requires).toEqual("bone_key");
  });

  it("lowers exit guards, jumps to exits and end without a goto, and section-level conditions", () => {
    const dialogue = compileFixture("authored-dialogue-features.urd.md").world?.dialogue;
    const gatekeeper = dialogue?.["authored-dialogue-features/gatekeeper"];
    expect(gatekeeper?.choices?.map((choice) => [choice.id, choice.goto])).toEqual([
      [
        "authored-dialogue-features/gatekeeper/offer-a-coin",
        "authored-dialogue-features/gatekeeper",
      ],
      ["authored-dialogue-features/gatekeeper/ask-about-the-gate", undefined],
      ["authored-dialogue-features/gatekeeper/threaten", undefined],
      ["authored-dialogue-features/gatekeeper/leave", undefined],
    ]);
    expect(gatekeeper?.on_exhausted).toEqual({ speaker: "guard", text: "Well?" });
    expect(dialogue?.["authored-dialogue-features/farewell"]).toEqual({
      id: "authored-dialogue-features/farewell",
      prompt: { speaker: "guard", text: "Off you go." },
      effects: [{ set: "guard.mood", to: "calm" }],
      choices: [
        {
          id: "authored-dialogue-features/farewell/wave",
          label: "Wave",
          sticky: false,
          conditions: ["authored-dialogue-features/gatekeeper.exhausted"],
        },
      ],
    });
  });

  it("takes a location's description from the prose before its first structural line", () => {
    const result = compileText(
      lines(
        "---",
        "types:",
        "  Person:",
        "    name: string",
        "entities:",
        "  @guard: Person",
        "---",
        "# Hall",
        "First line. // a comment",
        "@guard: Skipped speech.",
        "Second line.",
        "-> north: Yard",
        "Not part of it.",
        "# Yard",
      ),
    );
    expect(result.world?.locations?.hall?.description).toBe("First line.\n\nSecond line.");
    expect(result.world?.locations?.yard).toEqual({});
  });
});
