import { byId, element, timeElement } from "./elements.js";
import { clockTime } from "./format.js";
import type { ResourceConflictData, StatusData } from "./status-data.js";

function conflictItem(conflict: ResourceConflictData): HTMLLIElement {
  const item = element(
    "li",
    "",
    element("code", "", conflict.uri),
    ` (${conflict.kind}): kept by ${conflict.owner}, withheld from ${conflict.claimant} since `,
    timeElement(conflict.first_seen, clockTime(conflict.first_seen)),
  );
  item.dataset.claimant = conflict.claimant;
  return item;
}

/**
 * Shows the resource URIs and templates that a server offered after another had offered them
 * (docs/gateway.md §5.4), or hides the section when there are none.
 *
 * @param report - the document's `resource_conflicts`
 */
export function renderConflicts(report: StatusData["resource_conflicts"]): void {
  const section = byId("conflicts");
  if (report.conflicts.length === 0) {
    section.replaceChildren();
    section.hidden = true;
    return;
  }
  const title = element("h2", "", "Resource conflicts");
  title.id = "conflicts-title";
  const list = element("ul", "conflict-list", ...report.conflicts.map(conflictItem));
  const more = report.more ? [element("p", "", "More conflicts were seen than are listed.")] : [];
  section.replaceChildren(title, list, ...more);
  section.hidden = false;
}
