import type { ResourceTemplate } from "@tabletop-mcp/kit";
import { accessTo } from "../commands/access.js";
import type {
  CampaignRepository,
  CampaignStore,
  EventPageRequest,
} from "../storage/campaign-store.js";
import {
  campaignResourceTemplate,
  pageBody,
  resourceNotFound,
} from "./campaign-resource-template.js";
import { invalidResourceUri, type ResourceAddress } from "./resource-address.js";

const SEQ = /^[1-9][0-9]{0,9}$/;

function parseSeqCursor(cursor: string | undefined): number | undefined {
  if (cursor === undefined) return undefined;
  if (!SEQ.test(cursor)) throw invalidResourceUri("unknown cursor");
  return Number(cursor);
}

/**
 * A page of a session's log as a reader sees it: the GM sees every event, a player every one
 * but GM-only notes, anyone else no session at all.
 *
 * @throws ResourceNotFoundError `session not found` for an absent session or a stranger
 */
async function readLog(
  repository: CampaignRepository,
  reader: string,
  address: ResourceAddress,
  page: EventPageRequest,
) {
  const sessionId = address.id ?? "";
  const session = await repository.getSession(sessionId);
  const access = session && (await accessTo(repository, session.campaign_id, { subject: reader }));
  if (!access) throw resourceNotFound(address.uri, "session not found");
  return repository.listEvents(sessionId, { ...page, includeGmOnly: access.role === "GM" });
}

/**
 * `session://{session_id}/events`: a session's log, newest first, paged by seq; GM-only notes
 * only for the GM.
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
    read: async (source, address, reader) => {
      const beforeSeq = parseSeqCursor(address.page.cursor);
      const found = await source.read((repository) =>
        readLog(repository, reader, address, { beforeSeq, limit: address.page.limit }),
      );
      return pageBody("events", found, (event) => String(event.seq));
    },
  });
}
