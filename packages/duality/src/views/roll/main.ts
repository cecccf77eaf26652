import type { CallToolResult } from "@modelcontextprotocol/server";
import {
  byId,
  element,
  formatModifier,
  refusalMessage,
  showRefusal,
  startView,
  successContent,
} from "@tabletop-mcp/views/app";
import { outcomeTone, outcomeWords } from "../shared/outcome-words.js";
import { type ActionRoll, type DualityDie, readActionRoll } from "./action-roll.js";

function dieFace(die: DualityDie): HTMLLIElement {
  const tone = die.name === "Hope" ? " die-hope" : die.name === "Fear" ? " die-fear" : "";
  return element(
    "li",
    {
      className: `die${tone}`,
      attributes: { "aria-label": `${die.name} d${die.sides}: ${die.value}` },
    },
    [
      element("span", {
        className: "die-value",
        text: String(die.value),
        attributes: { "aria-hidden": "true" },
      }),
      element("span", {
        className: "die-note",
        text: die.name,
        attributes: { "aria-hidden": "true" },
      }),
    ],
  );
}

function difficultyLine(roll: ActionRoll): HTMLElement[] {
  if (roll.difficulty === undefined) return [];
  const met = roll.total >= roll.difficulty ? "met" : "not met";
  return [element("p", { className: "muted", text: `Difficulty ${roll.difficulty}: ${met}` })];
}

function rollSection(roll: ActionRoll): HTMLElement[] {
  const parts: HTMLElement[] = [
    element(
      "ul",
      { className: "dice", attributes: { "aria-label": "Dice" } },
      roll.dice.map(dieFace),
    ),
  ];
  if (roll.modifier !== 0) {
    parts.push(
      element("p", { className: "modifier", text: `Modifier ${formatModifier(roll.modifier)}` }),
    );
  }
  parts.push(
    element("p", { className: "total", text: `Total ${roll.total}` }),
    ...difficultyLine(roll),
  );
  parts.push(
    element("p", {
      className: `outcome outcome-${outcomeTone(roll.outcome)}`,
      text: outcomeWords(roll.outcome),
      attributes: { role: "status" },
    }),
  );
  if (roll.steps.length > 0) {
    parts.push(element("h2", { text: "How it was decided" }));
    parts.push(
      element(
        "ol",
        { className: "steps" },
        roll.steps.map((step) => element("li", { text: step })),
      ),
    );
  }
  return parts;
}

function showResult(result: CallToolResult): void {
  showRefusal(refusalMessage(result));
  const content = successContent(result);
  if (!content) return;
  byId("roll").replaceChildren(...rollSection(readActionRoll(content)));
}

void startView({ name: "tabletop-duality roll", showResult });
