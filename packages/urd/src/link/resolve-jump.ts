import type { DiagnosticList } from "../diagnostics/diagnostic-list.js";
import type { JumpNode } from "../parse/ast.js";
import type { JumpResolution } from "./resolutions.js";
import type { LinkedFile, LocationSymbol } from "./symbols.js";

/**
 * Resolves `-> name` within a file: `end` is the terminal (URD431 if a
 * section named `end` shadows it); `exit:name` must be an exit of the current
 * location (URD314 / URD311); otherwise a section of the file wins over an
 * exit (URD310 when both exist), else URD309.
 */
export function resolveJump(
  jump: JumpNode,
  file: LinkedFile,
  location: LocationSymbol | null,
  diagnostics: DiagnosticList,
): JumpResolution | null {
  const name = jump.target;
  if (jump.exitQualified) {
    if (location === null) {
      diagnostics.error("URD314", "Exit construct outside of a location context.", jump.span);
      return null;
    }
    const exit = location.exits.get(name);
    if (exit !== undefined) return { kind: "exit", exit };
    diagnostics.error(
      "URD311",
      `Unresolved exit reference 'exit:${name}'. No exit with this name exists in the current location.`,
      jump.span,
    );
    return null;
  }
  if (name === "end") {
    if (file.sections.has("end")) {
      diagnostics.warning(
        "URD431",
        "Section 'end' shadows the built-in '-> end' terminal. The jump will always end the conversation, not jump to this section. Consider renaming the section.",
        jump.span,
      );
    }
    return { kind: "end" };
  }
  const section = file.sections.get(name);
  const exit = location?.exits.get(name);
  if (section !== undefined) {
    if (exit !== undefined) {
      diagnostics.warning(
        "URD310",
        `Section '${name}' shadows exit '${name}' in this location. Use -> exit:${name} to target the exit.`,
        jump.span,
      );
    }
    return { kind: "section", section };
  }
  if (exit !== undefined) return { kind: "exit", exit };
  diagnostics.error(
    "URD309",
    `Unresolved jump target '${name}'. No section or exit with this name exists in scope.`,
    jump.span,
  );
  return null;
}
