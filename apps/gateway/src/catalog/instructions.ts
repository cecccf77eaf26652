import type { Upstream } from "../upstreams/upstream.js";

const MAX_LENGTH = 16_000;
const INTRODUCTION =
  "This endpoint combines several MCP servers; each section below comes from one of them.";

/**
 * The merged instructions of docs/gateway.md §6: the gateway's own text, a line introducing the
 * sections, then one section per connected upstream with instructions, in config order; past
 * 16,000 characters later sections keep only their heading.
 *
 * @param gatewayText - `gateway.instructions`, if any
 * @param upstreams - in config order
 * @returns the text
 */
export function mergeInstructions(
  gatewayText: string | undefined,
  upstreams: readonly Upstream[],
): string {
  const parts: string[] = [];
  if (gatewayText) parts.push(gatewayText);
  parts.push(INTRODUCTION);
  let text = parts.join("\n");
  for (const upstream of upstreams) {
    const own = upstream.isServing() ? upstream.listing?.instructions?.trim() : undefined;
    if (!own) continue;
    const heading = `## ${upstream.name}`;
    const prefixLine =
      upstream.entry.prefix !== undefined
        ? `Tools from this server are named ${upstream.entry.prefix}__<tool>.\n`
        : "";
    const section = `\n\n${heading}\n${prefixLine}${own}`;
    text +=
      text.length + section.length <= MAX_LENGTH
        ? section
        : `\n\n${heading}\n(instructions omitted: length limit)`;
  }
  return text;
}
