import type { LinkedWorld } from "../link/link.js";
import type { SectionSymbol } from "../link/symbols.js";
import type { ChoiceNode, ContentNode } from "../parse/ast.js";
import type { Lowering } from "./lower.js";
import type {
  DialogueChoiceJson,
  DialogueSectionJson,
  OnExhaustedJson,
  SpeechJson,
} from "./world-json.js";

function sectionNodes(world: LinkedWorld): Map<SectionSymbol, ContentNode[]> {
  const ranges = new Map<SectionSymbol, ContentNode[]>();
  for (const file of world.files) {
    let current: ContentNode[] | null = null;
    const content = file.parsed.content;
    for (let index = 0; index < content.length; index += 1) {
      const node = content[index];
      if (node === undefined) continue;
      if (node.kind === "location") current = null;
      if (node.kind === "section") {
        const section = file.sections.get(node.name);
        current = section !== undefined && section.node === node ? [] : null;
        if (section !== undefined && current !== null) ranges.set(section, current);
        continue;
      }
      current?.push(node);
    }
  }
  return ranges;
}

/** The indices of the first and last top-level choices of a section, if it has any. */
function choiceExtent(nodes: readonly ContentNode[]): {
  first: number | undefined;
  last: number | undefined;
} {
  let first: number | undefined;
  let last: number | undefined;
  for (let index = 0; index < nodes.length; index += 1) {
    if (nodes[index]?.kind !== "choice") continue;
    first ??= index;
    last = index;
  }
  return { first, last };
}

class DialogueEmitter {
  constructor(
    private readonly world: LinkedWorld,
    private readonly lowering: Lowering,
  ) {}

  private lastSectionJump(nodes: readonly ContentNode[]): string | undefined {
    let target: string | undefined;
    for (const node of nodes) {
      if (node.kind !== "jump") continue;
      const resolution = this.world.resolutions.jumps.get(node);
      if (resolution?.kind === "section") target = resolution.section.id;
    }
    return target;
  }

  choice(node: ChoiceNode): DialogueChoiceJson {
    const json: DialogueChoiceJson = {
      id: this.world.resolutions.choices.get(node)?.id ?? node.label,
      label: node.label,
      sticky: node.sticky,
    };
    const conditions = this.lowering.conditions(node.children);
    if (conditions !== null) json.conditions = conditions;
    const speech = node.children.find((child) => child.kind === "speech");
    if (speech !== undefined) json.response = { speaker: speech.entity, text: speech.text };
    const effects = this.lowering.effects(node.children);
    if (effects.length > 0) json.effects = effects;
    if (node.target === null) {
      const target = this.lastSectionJump(node.children);
      if (target !== undefined) json.goto = target;
    }
    const nested = node.children.filter((child) => child.kind === "choice");
    if (nested.length > 0) json.choices = nested.map((child) => this.choice(child));
    return json;
  }

  private onExhausted(nodes: readonly ContentNode[]): OnExhaustedJson | null {
    const parts: string[] = [];
    let speaker: string | undefined;
    for (const node of nodes) {
      if (node.kind === "speech" && parts.length === 0) {
        speaker = node.entity;
        parts.push(node.text);
      } else if (node.kind === "prose") parts.push(node.text);
      else if (node.kind === "stage-direction") parts.push(`${node.entity} ${node.text}`);
    }
    if (parts.length === 0) return null;
    const text = parts.join("\n\n");
    const json: OnExhaustedJson = speaker === undefined ? { text } : { speaker, text };
    const target = this.lastSectionJump(nodes);
    if (target !== undefined) json.goto = target;
    return json;
  }

  section(section: SectionSymbol, nodes: readonly ContentNode[]): DialogueSectionJson {
    const { first, last } = choiceExtent(nodes);
    const before = first === undefined ? nodes : nodes.slice(0, first);
    const after = last === undefined ? [] : nodes.slice(last + 1);
    const json: DialogueSectionJson = { id: section.id };
    let prompt: SpeechJson | undefined;
    const description: string[] = [];
    for (const node of before) {
      if (node.kind === "speech") {
        if (prompt === undefined) prompt = { speaker: node.entity, text: node.text };
        else description.push(`${node.entity}: ${node.text}`);
      } else if (node.kind === "stage-direction") description.push(`${node.entity} ${node.text}`);
      else if (node.kind === "prose") description.push(node.text);
    }
    if (prompt !== undefined) json.prompt = prompt;
    if (description.length > 0) json.description = description.join("\n\n");
    const conditions = this.lowering.conditions(before);
    if (conditions !== null) json.conditions = conditions;
    const effects = this.lowering.effects(nodes);
    if (effects.length > 0) json.effects = effects;
    const choices = nodes.filter((node) => node.kind === "choice");
    if (choices.length > 0) json.choices = choices.map((node) => this.choice(node));
    const exhausted = this.onExhausted(after);
    if (exhausted !== null) json.on_exhausted = exhausted;
    return json;
  }
}

/**
 * `dialogue`: one entry per section (declaration order) built from the
 * top-level nodes between its label and the next `==` label or `#` heading.
 */
export function emitDialogue(
  world: LinkedWorld,
  lowering: Lowering,
): Record<string, DialogueSectionJson> {
  const ranges = sectionNodes(world);
  const emitter = new DialogueEmitter(world, lowering);
  const dialogue: Record<string, DialogueSectionJson> = {};
  for (const section of world.symbols.sections.values()) {
    dialogue[section.id] = emitter.section(section, ranges.get(section) ?? []);
  }
  return dialogue;
}
