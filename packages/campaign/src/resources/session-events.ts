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
    read: async (source, address) => {
      const sessionId = address.id ?? "";
      const beforeSeq = parseSeqCursor(address.page.cursor);
      const found = await source.read(async (repository) => {
        const [session, page] = await Promise.all([
          repository.getSession(sessionId),
          repository.listEvents(sessionId, { beforeSeq, limit: address.page.limit }),
        ]);
        if (!session) throw resourceNotFound("session not found");
        return page;
      });
      return pageBody("events", found, (event) => String(event.seq));
    },
  });
}
