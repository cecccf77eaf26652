import type { DiagnosticList } from "../diagnostics/diagnostic-list.js";
import type { LinkedWorld } from "../link/link.js";
import type { LocationSymbol } from "../link/symbols.js";
import type { ChoiceNode, Condition, ContentNode } from "../parse/ast.js";

/** Sequences without phases give URD428 (span = the `##` heading). */
export function checkSequences(world: LinkedWorld, diagnostics: DiagnosticList): void {
  for (const sequence of world.symbols.sequences.values()) {
    if (sequence.phases.length > 0) continue;
    diagnostics.error(
      "URD428",
      `Sequence '${sequence.id}' declares no phases.`,
      sequence.node.span,
    );
  }
}

function checkChoiceDepth(nodes: readonly ContentNode[], diagnostics: DiagnosticList): void {
  for (let index = 0; index < nodes.length; index += 1) {
    const node = nodes[index];
    if (node?.kind !== "choice") continue;
    if (node.depth >= 3) {
      const message = `Nesting depth ${node.depth} at line ${node.span.start_line}.`;
      if (node.depth >= 4) diagnostics.error("URD410", message, node.span);
      else diagnostics.warning("URD410", message, node.span);
    }
    checkChoiceDepth(node.children, diagnostics);
  }
}

/** Choice nesting: depth 3 is a warning, depth 4 or more an error (URD410). */
export function checkNesting(world: LinkedWorld, diagnostics: DiagnosticList): void {
  for (const file of world.files) checkChoiceDepth(file.parsed.content, diagnostics);
}

/**
 * Breadth-first search from the start location over resolved exits; every
 * location it never reaches gives warning URD430 (only when `start` resolved).
 */
export function checkReachability(world: LinkedWorld, diagnostics: DiagnosticList): void {
  const start = world.world.start;
  if (start === null) return;
  const visited = new Set<LocationSymbol>([start]);
  const queue: LocationSymbol[] = [start];
  for (let head = 0; head < queue.length; head += 1) {
    const location = queue[head];
    if (location === undefined) break;
    for (const exit of location.exits.values()) {
      const destination = exit.destination;
      if (destination === null || visited.has(destination)) continue;
      visited.add(destination);
      queue.push(destination);
    }
  }
  for (const location of world.symbols.locations.values()) {
    if (visited.has(location)) continue;
    diagnostics.warning(
      "URD430",
      `Location '${location.id}' is unreachable. No path from the start location reaches it.`,
      location.node.span,
    );
  }
}

/** Reports URD432 for an `==` comparison on an enum property that names no value of the enum. */
function checkEnumComparison(
  world: LinkedWorld,
  condition: Condition,
  where: { sectionName: string; fileName: string; choice: ChoiceNode },
  diagnostics: DiagnosticList,
): void {
  if (condition.kind !== "comparison" || condition.operator !== "==") return;
  const access = world.resolutions.comparisons.get(condition);
  const type = access?.declaration?.type;
  if (access === undefined || type?.name !== "enum") return;
  const values = type.values ?? [];
  if (values.includes(condition.value)) return;
  diagnostics.warning(
    "URD432",
    `Choice in section '${where.sectionName}' (file '${where.fileName}') may never be available. Condition requires '${access.property}' == '${condition.value}' but type '${access.type.name}' only allows: [${values.join(", ")}].`,
    where.choice.span,
  );
}

/**
 * Choices whose `==` condition on an enum property names a value the enum
 * does not have give warning URD432 (span = the choice). The section name is
 * the last `==` label seen in the file (`unnamed` before any).
 */
export function checkOrphanedChoices(world: LinkedWorld, diagnostics: DiagnosticList): void {
  for (const file of world.files) {
    const fileName = file.parsed.name;
    let sectionName = "unnamed";
    const checkChoice = (choice: ChoiceNode) => {
      const where = { sectionName, fileName, choice };
      const children = choice.children;
      for (let index = 0; index < children.length; index += 1) {
        const child = children[index];
        if (child?.kind === "condition") {
          checkEnumComparison(world, child.condition, where, diagnostics);
        } else if (child?.kind === "or-block") {
          for (const member of child.members) {
            checkEnumComparison(world, member, where, diagnostics);
          }
        } else if (child?.kind === "choice") checkChoice(child);
      }
    };
    const content = file.parsed.content;
    for (let index = 0; index < content.length; index += 1) {
      const node = content[index];
      if (node?.kind === "section") sectionName = node.name;
      else if (node?.kind === "choice") checkChoice(node);
    }
  }
}

const fallthroughKinds = new Set(["jump", "prose", "speech", "stage-direction"]);

/**
 * A section whose registered choices are all one-shot, with no jump, prose,
 * speech or stage direction after its last top-level choice, gives warning
 * URD433. A section's extent runs to the next `==` label of the file.
 */
export function checkFallthrough(world: LinkedWorld, diagnostics: DiagnosticList): void {
  for (const file of world.files) {
    const content = file.parsed.content;
    const labels: number[] = [];
    content.forEach((node, index) => {
      if (node.kind === "section") labels.push(index);
    });
    labels.forEach((labelIndex, order) => {
      const label = content[labelIndex];
      if (label?.kind !== "section") return;
      const section = file.sections.get(label.name);
      if (section === undefined || section.choices.length === 0) return;
      if (section.choices.some((choice) => choice.sticky)) return;
      const extentEnd = labels[order + 1] ?? content.length;
      let after = labelIndex + 1;
      for (let index = labelIndex + 1; index < extentEnd; index += 1) {
        if (content[index]?.kind === "choice") after = index + 1;
      }
      for (let index = after; index < extentEnd; index += 1) {
        const kind = content[index]?.kind;
        if (kind !== undefined && fallthroughKinds.has(kind)) return;
      }
      diagnostics.warning(
        "URD433",
        `Section '${label.name}' in file '${file.parsed.name}' has only one-shot choices and no terminal jump or fallthrough text. It will exhaust to an empty state.`,
        label.span,
      );
    });
  }
}

/** A section label named like an exit of its location gives warning URD434. */
export function checkShadowing(world: LinkedWorld, diagnostics: DiagnosticList): void {
  for (const file of world.files) {
    file.parsed.content.forEach((node, index) => {
      if (node.kind !== "section") return;
      const location = file.scopes[index]?.location ?? null;
      if (location === null || !location.exits.has(node.name)) return;
      diagnostics.warning(
        "URD434",
        `Section '${node.name}' in location '${location.id}' shares a name with exit '${node.name}'. Jumps to '${node.name}' will target the section, not the exit. Use -> exit:${node.name} to target the exit explicitly.`,
        node.span,
      );
    });
  }
}
