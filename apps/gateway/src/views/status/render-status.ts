import { byId, element } from "./elements.js";
import { counted, duration, milliseconds } from "./format.js";
import { renderConflicts } from "./render-conflicts.js";
import { upstreamSection } from "./render-upstream.js";
import type { StatusData } from "./status-data.js";

function fact(term: string, value: string, className: string): HTMLElement[] {
  return [element("dt", "", term), element("dd", className, value)];
}

function tierList(data: StatusData): HTMLElement {
  const items = data.tiers.map((tier) => {
    const ceiling =
      tier.p50_ceiling_ms === null
        ? "no p50 ceiling"
        : `p50 ≤ ${milliseconds(tier.p50_ceiling_ms)}`;
    const current = tier.name === data.default_tier ? ", the default" : "";
    const item = element(
      "li",
      "",
      element("strong", "", tier.name),
      ` (${ceiling}${current}): ${counted(tier.sessions, "session")}`,
    );
    item.dataset.tier = tier.name;
    if (current) item.classList.add("current-tier");
    return item;
  });
  const list = element("ul", "tiers", ...items);
  list.setAttribute("aria-label", "Tiers");
  return list;
}

/**
 * Shows a status document: the overview (version, uptime, sessions, tiers), any resource
 * conflicts, then each upstream. Everything is rebuilt from the document, so the page never shows stale parts.
 *
 * @param data - the document from the gateway
 */
export function renderStatus(data: StatusData): void {
  const overview = byId("overview");
  overview.replaceChildren(
    element(
      "dl",
      "facts",
      ...fact("Version", data.version, "version"),
      ...fact("Uptime", duration(data.uptime_s), "uptime"),
      ...fact("Open sessions", String(data.sessions), "sessions"),
      ...fact("Default tier", data.default_tier, "default-tier"),
    ),
    tierList(data),
  );
  overview.hidden = false;
  renderConflicts(data.resource_conflicts);
  byId("upstreams").replaceChildren(
    ...data.upstreams.map((upstream) =>
      upstreamSection(
        upstream,
        data.tools.filter((tool) => tool.upstream === upstream.name),
      ),
    ),
  );
}
