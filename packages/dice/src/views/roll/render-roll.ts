import { element, formatModifier } from "@tabletop-mcp/views/app";
import type { RolledDie, RollGroup } from "./roll-groups.js";

/** What happened to a die besides its first face, in words, for its note and its name. */
function dieNotes(die: RolledDie): string[] {
  const notes: string[] = [];
  const chain = die.special.has("rerolled") ? die.rolls.slice(1) : die.rolls;
  if (die.special.has("rerolled")) notes.push(`rerolled ${die.rolls[0]}`);
  if (die.special.has("exploded")) notes.push(`exploded ${chain.join("+")}`);
  if (die.special.has("capped")) notes.push("explosions capped");
  if (die.special.has("min_applied")) notes.push("raised to minimum");
  if (die.special.has("success")) notes.push("success");
  if (!die.kept) notes.push("dropped");
  return notes;
}

function dieFace(die: RolledDie): HTMLLIElement {
  const notes = dieNotes(die);
  const classes = ["die", die.kept ? "die-kept" : "die-dropped"];
  if (die.special.has("exploded")) classes.push("die-exploded");
  if (die.special.has("success")) classes.push("die-success");
  const name = [`d${die.sides} showing ${die.value}`, ...notes].join(", ");
  return element("li", { className: classes.join(" "), attributes: { "aria-label": name } }, [
    element("span", {
      className: "die-value",
      text: String(die.value),
      attributes: { "aria-hidden": "true" },
    }),
    element("span", {
      className: "die-note",
      text: notes.length > 0 ? notes.join(" · ") : `d${die.sides}`,
      attributes: { "aria-hidden": "true" },
    }),
  ]);
}

function totalLine(group: RollGroup, again: boolean): HTMLElement[] {
  const lines: HTMLElement[] = [];
  if (group.successes) {
    lines.push(
      element("p", {
        className: "successes",
        text: `Successes ${group.successes.count} of ${group.successes.of}`,
      }),
    );
  }
  if (group.modifier !== 0) {
    lines.push(
      element("p", { className: "modifier", text: `Modifier ${formatModifier(group.modifier)}` }),
    );
  }
  lines.push(
    element("p", { className: "total", text: `Total ${group.total}${again ? " (again)" : ""}` }),
  );
  return lines;
}

/**
 * One group: its name, what was asked, each die as a face (dropped, exploded, rerolled and
 * raised dice marked in the face's note and its accessible name), the modifier and the total.
 *
 * @param group - the group to show
 * @param again - whether this is the result of "roll again" (the total then says so)
 * @returns the group's section
 */
export function rollGroupSection(group: RollGroup, again: boolean): HTMLElement {
  const heading = group.position ? `${group.position}: ${group.title}` : group.title;
  return element("section", { className: "roll-group", attributes: { "aria-label": heading } }, [
    element("h2", { text: heading }),
    element("p", { className: "muted", text: group.description }),
    element(
      "ul",
      { className: "dice", attributes: { "aria-label": "Dice" } },
      group.dice.map(dieFace),
    ),
    ...totalLine(group, again),
  ]);
}
