import type { ResourceTemplate } from "@tabletop-mcp/kit";
import { accessTo } from "../commands/access.js";
import { blocksOf, encounterSeenBy } from "../commands/encounter-views.js";
import { type Countdown, countdownView } from "../domain/countdowns.js";
import type { CampaignRepository, CampaignStore } from "../storage/campaign-store.js";
import { campaignResourceTemplate, resourceNotFound } from "./campaign-resource-template.js";

/**
 * `encounter://{encounter_id}`: one fight as the reader's role sees it (docs/campaign.md §6):
 * the GM everything, a player its name, who is in it and how they fare; to anyone else it does
 * not exist.
 *
 * @param store - the process-wide store
 * @returns the template
 */
export function encounterTemplate(store: CampaignStore): ResourceTemplate {
  return campaignResourceTemplate(store, {
    kind: "encounter",
    uriTemplate: "encounter://{encounter_id}",
    name: "encounter",
    title: "Encounter",
    description:
      "One fight: the GM reads its battle points, each adversary's HP, Stress, type and damage thresholds, and its countdowns; a player reads who is in it, defeated or not, their conditions, and the countdowns visible to players.",
    read: async (source, address, reader) => {
      const encounterId = address.id ?? "";
      const seen = await source.read(async (repository) => {
        const encounter = await repository.getEncounter(encounterId);
        if (!encounter) return undefined;
        const [access, instances] = await Promise.all([
          accessTo(repository, encounter.campaign_id, { subject: reader }),
          repository.listInstances(encounterId),
        ]);
        if (!access) return undefined;
        const [blocks, countdowns] = await Promise.all([
          access.role === "GM" ? blocksOf(repository, instances) : new Map(),
          countdownsOf(repository, encounter.campaign_id, encounterId),
        ]);
        const shown = countdowns.filter(
          (countdown) => access.role === "GM" || countdown.visible_to_players,
        );
        return {
          ...encounterSeenBy(access, encounter, instances, blocks),
          countdowns: shown.map(countdownView),
        };
      });
      if (!seen) throw resourceNotFound(address.uri, "encounter not found");
      return { encounter: seen };
    },
  });
}

/** The fight's countdowns that are not deleted, oldest first, however many pages they take. */
async function countdownsOf(
  repository: CampaignRepository,
  campaignId: string,
  encounterId: string,
): Promise<Countdown[]> {
  const found: Countdown[] = [];
  let afterId: string | undefined;
  for (;;) {
    const page = await repository.listCountdowns(campaignId, { afterId, limit: 200 });
    if (!page) return found;
    for (const countdown of page.items) {
      if (countdown.encounter_id === encounterId && !countdown.deleted) found.push(countdown);
    }
    const last = page.items.at(-1);
    if (!page.hasMore || !last) return found;
    afterId = last.id;
  }
}
