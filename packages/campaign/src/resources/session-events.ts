import type { ResourceTemplate } from "@tabletop-mcp/kit";
import type { CampaignStore } from "../storage/campaign-store.js";
import {
  campaignResourceTemplate,
  pageBody,
  resourceNotFound,
} from "./campaign-resource-template.js";
import { invalidResourceUri } from "./resource-address.js";

const SEQ = /^[1-9][0-9]{0,9}$/;

function parseSeqCursor(cursor: string | undefined): number | undefined {
  if (cursor === undefined) return undefined;
  if (!SEQ.test(cursor)) throw invalidResourceUri("unknown cursor");
  return Number(cursor);
}

/**
 * `session://{session_id}/events`: a session's log, newest first, paged by seq.
 *
 * @param store - the process-wide store
 * @returns the template
 */
export function sessionEventsTemplate(store: CampaignStore): ResourceTemplate {
  return campaignResourceTemplate(store, {
    kind: "events",
    uriTemplate: "session://{session_id}/events{?cursor,limit}",
    name: "session-events",
    title: "Session events",
    description:
      "A session's event log, newest first (descending seq): rolls, outcomes, rejections, patches, notes. Paged: ?limit=1..200 (default 50), ?cursor=<next_cursor> for older events.",
    read: (source, address) => {
      const sessionId = address.id ?? "";
      const beforeSeq = parseSeqCursor(address.page.cursor);
      const found = source.read((repository) => {
        if (!repository.getSession(sessionId)) throw resourceNotFound("session not found");
        return repository.listEvents(sessionId, { beforeSeq, limit: address.page.limit });
      });
      return pageBody("events", found, (event) => String(event.seq));
    },
  });
}
