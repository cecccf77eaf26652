import type { ResourceTemplate } from "@tabletop-mcp/kit";
import { accessTo } from "../commands/access.js";
import { characterSeenBy } from "../domain/character-notes.js";
import { type Countdown, countdownView } from "../domain/countdowns.js";
import type { Character } from "../domain/records.js";
import type { Access } from "../domain/roles.js";
import type {
  CampaignRepository,
  CampaignStore,
  Page,
  PageRequest,
} from "../storage/campaign-store.js";
import {
  campaignResourceTemplate,
  gmOnlyResource,
  pageBody,
  resourceNotFound,
} from "./campaign-resource-template.js";
import type { ListKind } from "./resource-address.js";

/** One of a campaign's three lists. */
interface CampaignList {
  kind: Exclude<ListKind, "campaigns" | "events">;
  title: string;
  description: string;
  fetch(
    repository: CampaignRepository,
    campaignId: string,
    page: PageRequest,
  ): Promise<Page<{ id: string }> | undefined>;
  /** What a reader may see of one item; the item itself when absent. */
  seenBy?(item: { id: string }, access: Access): { id: string };
  /** Whether the campaign's GM alone may read it (the stat blocks, the GM's secret). */
  gmOnly?: true;
  /** Whether the reader may see an item at all; every item when absent. */
  shows?(item: { id: string }, access: Access): boolean;
}

const LISTS: readonly CampaignList[] = [
  {
    kind: "participants",
    title: "Campaign participants",
    description: "A campaign's participants (GM and player seats), oldest first. Paged.",
    fetch: (repository, campaignId, page) => repository.listParticipants(campaignId, page),
  },
  {
    kind: "characters",
    title: "Campaign characters",
    description:
      "A campaign's characters (PCs and NPCs), oldest first, with their controllers. Paged.",
    fetch: (repository, campaignId, page) => repository.listCharacters(campaignId, page),
    seenBy: (character: Character, access: Access) => characterSeenBy(character, access),
  },
  {
    kind: "sessions",
    title: "Campaign sessions",
    description: "A campaign's sessions in start order; ended_at only on ended ones. Paged.",
    fetch: (repository, campaignId, page) => repository.listSessions(campaignId, page),
  },
  {
    kind: "adversaries",
    title: "Campaign adversaries",
    description:
      "A campaign's adversary stat blocks, oldest first. Its GM alone may read them. Paged.",
    fetch: (repository, campaignId, page) => repository.listAdversaries(campaignId, page),
    gmOnly: true,
  },
  {
    kind: "countdowns",
    title: "Campaign countdowns",
    description:
      "A campaign's countdowns, oldest first: the GM reads them all, a player those visible to players. Paged.",
    fetch: (repository, campaignId, page) => repository.listCountdowns(campaignId, page),
    shows: (countdown: Countdown, access: Access) =>
      !countdown.deleted && (access.role === "GM" || countdown.visible_to_players),
    seenBy: (countdown: Countdown) => countdownView(countdown),
  },
];

function listTemplate(store: CampaignStore, list: CampaignList): ResourceTemplate {
  return campaignResourceTemplate(store, {
    kind: list.kind,
    uriTemplate: `campaign://{campaign_id}/${list.kind}{?cursor,limit}`,
    name: `campaign-${list.kind}`,
    title: list.title,
    description: list.description,
    read: async (source, address, reader) => {
      const campaignId = address.id ?? "";
      const found = await source.read(async (repository) => {
        const [campaign, access, page] = await Promise.all([
          repository.getCampaign(campaignId),
          accessTo(repository, campaignId, { subject: reader }),
          list.fetch(repository, campaignId, {
            afterId: address.page.cursor,
            limit: address.page.limit,
          }),
        ]);
        if (!campaign || !access) throw resourceNotFound(address.uri, "campaign not found");
        if (list.gmOnly && access.role !== "GM") throw gmOnlyResource(address.uri, list.kind);
        if (!page) return page;
        const { seenBy, shows } = list;
        const shown = shows ? page.items.filter((item) => shows(item, access)) : page.items;
        return {
          hasMore: page.hasMore,
          items: seenBy ? shown.map((item) => seenBy(item, access)) : shown,
          lastId: page.items.at(-1)?.id,
        };
      });
      return pageBody(list.kind, found, (item) => item.id);
    },
  });
}

/**
 * `campaign://{campaign_id}/participants`, `/characters`, `/sessions` and `/countdowns` (a
 * player's: those visible to players), for the campaign's GM and players, and `/adversaries`,
 * for its GM; to anyone else the campaign does not exist.
 *
 * @param store - the process-wide store
 * @returns the five templates
 */
export function campaignListTemplates(store: CampaignStore): ResourceTemplate[] {
  return LISTS.map((list) => listTemplate(store, list));
}
