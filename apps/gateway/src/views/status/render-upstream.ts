import { element, timeElement } from "./elements.js";
import { clockTime, counted, milliseconds } from "./format.js";
import type { ToolData, UpstreamData } from "./status-data.js";

const KIND_WORDS: Record<UpstreamData["kind"], string> = {
  builtin: "builtin",
  stdio: "stdio",
  http: "HTTP",
};

const STATE_WORDS: Record<UpstreamData["state"], string> = {
  starting: "starting",
  ready: "up",
  restarting: "restarting",
  down: "down",
  conflict: "conflict",
};

/** The protocol revision the upstream speaks, in words. */
function eraText(era: string | null): string {
  return era === null ? "era not known yet" : `MCP ${era}`;
}

/** The upstream's state in words: when a restart is next tried, why it is down. */
function stateText(upstream: UpstreamData): string {
  const words = STATE_WORDS[upstream.state];
  if (upstream.state === "restarting" && upstream.next_attempt_at !== null) {
    return `${words}, next attempt at ${clockTime(upstream.next_attempt_at)}`;
  }
  if (upstream.state === "down" && upstream.last_error !== null) {
    return `${words}: ${upstream.last_error}`;
  }
  if (upstream.state === "conflict") return `${words}: its tools are withheld`;
  return words;
}

function toolRow(tool: ToolData): HTMLTableRowElement {
  const row = element("tr", "");
  row.dataset.tool = tool.name;
  const name = element("th", "", tool.name);
  name.scope = "row";
  const cells = [
    milliseconds(tool.p50_ms),
    milliseconds(tool.p95_ms),
    milliseconds(tool.p99_ms),
    String(tool.calls_total),
    String(tool.errors_total),
  ].map((text) => element("td", "number", text));
  row.append(name, element("td", "", tool.tier), ...cells);
  return row;
}

function toolTable(upstream: UpstreamData, tools: readonly ToolData[]): HTMLElement {
  if (tools.length === 0) return element("p", "muted", "No tools exposed.");
  const caption = element("caption", "visually-hidden", `Tools of ${upstream.name}`);
  const headings = ["Tool", "Tier", "p50", "p95", "p99", "Calls", "Errors"].map((text, index) => {
    const heading = element("th", index < 2 ? "" : "number", text);
    heading.scope = "col";
    return heading;
  });
  const table = element(
    "table",
    "tools",
    caption,
    element("thead", "", element("tr", "", ...headings)),
    element("tbody", "", ...tools.map(toolRow)),
  );
  return element("div", "table-scroll", table);
}

function changeList(upstream: UpstreamData): HTMLElement {
  const heading = element("h3", "", "State changes");
  if (upstream.changes.length === 0) {
    return element("div", "", heading, element("p", "muted", "None yet."));
  }
  const items = [...upstream.changes].reverse().map((change) => {
    const words = `${STATE_WORDS[change.from as UpstreamData["state"]] ?? change.from} → ${
      STATE_WORDS[change.to as UpstreamData["state"]] ?? change.to
    }`;
    const item = element("li", "", timeElement(change.at, clockTime(change.at)), ` ${words}`);
    if (change.error !== null) item.append(element("span", "muted", ` (${change.error})`));
    return item;
  });
  const list = element("ol", "changes", ...items);
  list.setAttribute("aria-label", `State changes of ${upstream.name}, newest first`);
  return element("div", "", heading, list);
}

/**
 * One upstream's section: name, kind, state, tool count, per-tool figures and its last state
 * changes, newest first.
 *
 * @param upstream - the upstream
 * @param tools - its exposed tools' rows
 */
export function upstreamSection(upstream: UpstreamData, tools: readonly ToolData[]): HTMLElement {
  const headingId = `upstream-${upstream.name}`;
  const heading = element("h2", "", upstream.name);
  heading.id = headingId;
  const state = element("span", `upstream-state state-${upstream.state}`, stateText(upstream));
  const facts = element(
    "p",
    "upstream-facts",
    element("span", "upstream-kind", KIND_WORDS[upstream.kind]),
    " · ",
    element("span", "upstream-era", eraText(upstream.era)),
    " · ",
    state,
    " · ",
    element("span", "upstream-tools", counted(upstream.tools, "tool")),
    " · ",
    element("span", "upstream-restarts", counted(upstream.restarts, "restart")),
  );
  const section = element("section", "upstream", heading, facts);
  section.setAttribute("aria-labelledby", headingId);
  section.dataset.upstream = upstream.name;
  section.append(toolTable(upstream, tools), changeList(upstream));
  return section;
}
