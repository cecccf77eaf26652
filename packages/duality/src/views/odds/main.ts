import type { CallToolResult } from "@modelcontextprotocol/server";
import {
  type Bar,
  barChart,
  byId,
  element,
  formatPercent,
  type JsonObject,
  numberOr,
  objectsOf,
  refusalMessage,
  showRefusal,
  startView,
  stringOr,
  successContent,
} from "@tabletop-mcp/views/app";
import { isSuccess, outcomeWords } from "../shared/outcome-words.js";

/** One outcome and how many of the equally likely dice combinations give it. */
interface OutcomeCount {
  readonly outcome: string;
  readonly count: number;
}

function chanceText(label: string, count: number, total: number): string {
  return `${label}: ${formatPercent(count / total)} (${count} of ${total})`;
}

/** With a difficulty the success outcomes are lit; without one nothing was asked but the mix. */
function outcomeBars(
  counts: readonly OutcomeCount[],
  total: number,
  hasDifficulty: boolean,
): Bar[] {
  return counts.map((row) => ({
    label: outcomeWords(row.outcome),
    probability: row.count / total,
    highlighted: hasDifficulty && isSuccess(row.outcome),
  }));
}

function headlines(content: JsonObject, total: number): HTMLElement[] {
  const crits = numberOr(content.crit_count, 0);
  const lines: string[] = [];
  if (typeof content.success_count === "number") {
    lines.push(chanceText("Success", crits + content.success_count, total));
  }
  lines.push(chanceText("Critical success", crits, total));
  return lines.map((text, index) =>
    element("p", { className: index === 0 ? "asked asked-first" : "asked", text }),
  );
}

function oddsSection(content: JsonObject): HTMLElement[] {
  const total = numberOr(content.total_outcomes, 1);
  const counts = objectsOf(content.outcome_counts).map((row) => ({
    outcome: stringOr(row.outcome, ""),
    count: numberOr(row.count, 0),
  }));
  const hasDifficulty = typeof content.success_count === "number";
  return [
    ...headlines(content, total),
    barChart({
      title: `Outcomes over all ${total} equally likely rolls`,
      labelHeading: "Outcome",
      bars: outcomeBars(counts, total, hasDifficulty),
    }),
  ];
}

function showResult(result: CallToolResult): void {
  showRefusal(refusalMessage(result));
  const content = successContent(result);
  if (!content) return;
  byId("odds").replaceChildren(...oddsSection(content));
}

void startView({ name: "tabletop-duality odds", showResult });
