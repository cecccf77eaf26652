import type { LinkedWorld } from "../link/link.js";
import type { ContentNode } from "../parse/ast.js";
import type { Lowering } from "./lower.js";
import type { ExitJson, LocationJson } from "./world-json.js";

const descriptionEnders = new Set<ContentNode["kind"]>([
  "location",
  "exit",
  "presence",
  "section",
  "choice",
  "sequence",
  "phase",
]);

function describe(content: readonly ContentNode[], headingIndex: number): string {
  const parts: string[] = [];
  for (let index = headingIndex + 1; index < content.length; index += 1) {
    const node = content[index];
    if (node === undefined || descriptionEnders.has(node.kind)) break;
    if (node.kind === "prose") parts.push(node.text.trim());
  }
  return parts.join("\n\n");
}

function collectDescriptions(world: LinkedWorld): Map<string, string> {
  const descriptions = new Map<string, string>();
  for (const file of world.files) {
    const content = file.parsed.content;
    content.forEach((node, index) => {
      if (node.kind !== "location") return;
      const location = file.scopes[index]?.location;
      if (location !== undefined && location !== null && location.node === node) {
        descriptions.set(location.id, describe(content, index));
      }
    });
  }
  return descriptions;
}

/**
 * `locations`: the prose between each heading and its first structural line,
 * the entities present, and the exits with their last guard lowered and last
 * blocked message.
 */
export function emitLocations(
  world: LinkedWorld,
  lowering: Lowering,
): Record<string, LocationJson> {
  const descriptions = collectDescriptions(world);
  const locations: Record<string, LocationJson> = {};
  for (const location of world.symbols.locations.values()) {
    const json: LocationJson = {};
    const description = descriptions.get(location.id) ?? "";
    if (description !== "") json.description = description;
    if (location.contains.length > 0) json.contains = [...location.contains];
    if (location.exits.size > 0) {
      const exits: Record<string, ExitJson> = {};
      for (const exit of location.exits.values()) {
        const to = exit.destination?.id ?? exit.node.destination;
        const exitJson: ExitJson = { to };
        for (const child of exit.node.children) {
          if (child.kind === "condition") exitJson.condition = lowering.condition(child.condition);
          else if (child.kind === "blocked") exitJson.blocked_message = child.text;
        }
        exits[exit.direction] = exitJson;
      }
      json.exits = exits;
    }
    locations[location.id] = json;
  }
  return locations;
}
