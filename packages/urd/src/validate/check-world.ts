import type { DiagnosticList } from "../diagnostics/diagnostic-list.js";
import type { SymbolTable, WorldSettings } from "../link/symbols.js";

const playerTraits = ["mobile", "container"] as const;

/**
 * World checks: unresolved `start` (URD404) and `entry` (URD405), an
 * author-set `urd` field (URD411), and a `@player` whose type lacks the
 * `mobile` or `container` trait (URD412).
 */
export function checkWorld(
  world: WorldSettings,
  symbols: SymbolTable,
  diagnostics: DiagnosticList,
): void {
  const block = world.block;
  if (block !== null) {
    const start = block.fields.get("start")?.value;
    if (start?.kind === "string" && world.start === null) {
      diagnostics.error(
        "URD404",
        `world.start references '${start.value}' but no location with that ID exists.`,
        block.span,
      );
    }
    const entry = block.fields.get("entry")?.value;
    if (entry?.kind === "string" && world.entry === null) {
      diagnostics.error(
        "URD405",
        `world.entry references '${entry.value}' but no sequence with that ID exists.`,
        block.span,
      );
    }
    if (block.fields.has("urd")) {
      diagnostics.warning(
        "URD411",
        "The 'urd' field is set automatically by the compiler. Author value will be overridden.",
        block.span,
      );
    }
  }
  const player = symbols.entities.get("player");
  if (player?.type == null) return;
  for (const trait of playerTraits) {
    if (player.type.traits.has(trait)) continue;
    diagnostics.error(
      "URD412",
      `Player entity '@player' has type '${player.type.name}' which is missing required trait '${trait}'. The player type must have both 'mobile' and 'container' traits.`,
      player.declaration.span,
    );
  }
}
