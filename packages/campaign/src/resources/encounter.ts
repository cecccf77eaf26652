import type { ResourceTemplate } from "@tabletop-mcp/kit";
import { accessTo } from "../commands/access.js";
import { blocksOf, encounterSeenBy } from "../commands/encounter-views.js";
import type { CampaignStore } from "../storage/campaign-store.js";
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
      "One fight: the GM reads its battle points and each adversary's HP and Stress; a player reads who is in it, defeated or not, and their conditions.",
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
        const blocks = access.role === "GM" ? await blocksOf(repository, instances) : new Map();
        return encounterSeenBy(access, encounter, instances, blocks);
      });
      if (!seen) throw resourceNotFound(address.uri, "encounter not found");
      return { encounter: seen };
    },
  });
}
