import type { CallToolResult } from "@modelcontextprotocol/server";
import {
  type Bar,
  barChart,
  byId,
  element,
  formatPercent,
  isJsonObject,
  type JsonObject,
  numberOr,
  objectsOf,
  refusalMessage,
  showRefusal,
  startView,
  stringOr,
  successContent,
} from "@tabletop-mcp/views/app";

/** A threshold asked for with `at_least`, and the chance of reaching it. */
interface AskedChance {
  readonly value: number;
  readonly probability: number;
}

function askedChances(result: JsonObject): AskedChance[] {
  return objectsOf(result.at_least).map((row) => ({
    value: numberOr(row.value, 0),
    probability: numberOr(row.p, 0),
  }));
}

/** The bars of the total's distribution; those at or above the first threshold asked for are lit. */
function distributionBars(result: JsonObject, asked: AskedChance | undefined): Bar[] {
  return objectsOf(result.distribution).map((row) => {
    const value = numberOr(row.value, 0);
    return {
      label: String(value),
      probability: numberOr(row.p, 0),
      highlighted: asked !== undefined && value >= asked.value,
    };
  });
}

function chanceLines(asked: readonly AskedChance[]): HTMLElement[] {
  return asked.map((chance, index) =>
    element("p", {
      className: index === 0 ? "asked asked-first" : "asked",
      text: `Chance of ${chance.value} or more: ${formatPercent(chance.probability)}`,
    }),
  );
}

function summaryLine(result: JsonObject): HTMLElement {
  const mean = numberOr(result.mean, 0);
  const deviation = numberOr(result.stddev, 0);
  const percentiles = isJsonObject(result.percentiles) ? result.percentiles : {};
  return element("p", {
    className: "summary",
    text: `Mean ${Number(mean.toFixed(2))}, standard deviation ${deviation.toFixed(2)}; totals from ${numberOr(result.min, 0)} to ${numberOr(result.max, 0)}, median ${numberOr(percentiles.p50, 0)}`,
  });
}

function oddsSection(result: JsonObject): HTMLElement[] {
  const operation = stringOr(result.operation, "the roll");
  const asked = askedChances(result);
  const bars = distributionBars(result, asked[0]);
  const chart =
    bars.length > 0
      ? barChart({
          title: `Distribution of ${operation}, the dashed line at the mean`,
          labelHeading: "Total",
          bars,
          marker: {
            position: numberOr(result.mean, 0) - numberOr(result.min, 0),
            label: `Mean ${Number(numberOr(result.mean, 0).toFixed(2))}`,
          },
        })
      : element("p", {
          className: "muted",
          text: "Too many different totals to draw; the chances above are exact.",
        });
  return [element("h2", { text: operation }), ...chanceLines(asked), summaryLine(result), chart];
}

function showResult(result: CallToolResult): void {
  showRefusal(refusalMessage(result));
  const content = successContent(result);
  if (!content || !isJsonObject(content.result)) return;
  byId("odds").replaceChildren(...oddsSection(content.result));
}

void startView({ name: "tabletop-dice odds", showResult });
