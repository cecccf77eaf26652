import type { UpdateFilter } from "@tabletop-mcp/kit";
import { accessTo } from "./commands/access.js";
import type { CampaignRole } from "./domain/roles.js";
import { classifyResourceUri, parseResourceUri } from "./resources/resource-address.js";
import type { CampaignStore, ChangeAudience } from "./storage/campaign-store.js";

const GM_ONLY_SUFFIX = " gm";

/**
 * The label of an announcement that says nothing about what changed: every subscribed URI
 * again, after changes may have been missed. It tells no one anything about a campaign, so
 * every subscriber hears it. No campaign id is `*`.
 */
export const EVERY_SUBSCRIBER = "*";

/**
 * The hub's label of a change's audience (docs/campaign.md §7): the campaign id, followed by
 * ` gm` when only its GM may hear. Campaign ids hold no spaces, so the label reads back whole.
 *
 * @param audience - who may hear
 * @returns the label
 */
export function audienceLabel(audience: ChangeAudience): string {
  return audience.gm_only ? `${audience.campaign_id}${GM_ONLY_SUFFIX}` : audience.campaign_id;
}

function parseAudienceLabel(label: string): ChangeAudience {
  return label.endsWith(GM_ONLY_SUFFIX)
    ? { campaign_id: label.slice(0, -GM_ONLY_SUFFIX.length), gm_only: true }
    : { campaign_id: label, gm_only: false };
}

/** Who may read a URI, when a change came without an audience: `anyone` for the campaigns list. */
type UriAudience = ChangeAudience | "anyone" | undefined;

/**
 * Tells one MCP session's changes apart: each session hears of a change only if its subject
 * may read what changed (docs/campaign.md §7, §11.1). Behind a gateway that forwards its
 * callers, the hub asks about each subscribed caller instead (docs/gateway.md §4.5). A change without an audience (one an
 * earlier version of the server recorded) is judged by its URI: the campaigns list is
 * everyone's own, a campaign's resources are its members', a session's log and an encounter
 * its campaign's.
 * A place in a campaign is never lost (nothing is deleted, no seat is unlinked), so places found
 * are remembered for the session's life; strangers are asked again each time, since a claim can
 * make them players.
 *
 * @param store - the process-wide store
 * @param subject - the session's subject, once known (from its subscriptions); the caller the
 *   hub names, if any, comes first
 * @returns the session's filter, for the hub
 */
export function createUpdateFilter(
  store: CampaignStore,
  subject: () => string | undefined,
): UpdateFilter {
  const roles = new Map<string, Map<string, CampaignRole>>();
  /** The campaign of each session and encounter asked about (ids never collide: prefixes). */
  const campaignOf = new Map<string, string>();

  const roleIn = async (reader: string, campaignId: string) => {
    const known = roles.get(reader)?.get(campaignId);
    if (known) return known;
    const access = await store.read((repository) =>
      accessTo(repository, campaignId, { subject: reader }),
    );
    if (access) {
      const places = roles.get(reader) ?? new Map<string, CampaignRole>();
      places.set(campaignId, access.role);
      roles.set(reader, places);
    }
    return access?.role;
  };

  const audienceOfUri = async (uri: string): Promise<UriAudience> => {
    const kind = classifyResourceUri(uri);
    if (kind === "campaigns") return "anyone";
    if (kind === undefined) return undefined;
    const id = parseResourceUri(uri, kind).id ?? "";
    if (kind === "adversaries") return { campaign_id: id, gm_only: true };
    if (kind !== "events" && kind !== "encounter") return { campaign_id: id, gm_only: false };
    let campaignId = campaignOf.get(id);
    if (campaignId === undefined) {
      campaignId = await store.read(async (repository) =>
        kind === "events"
          ? (await repository.getSession(id))?.campaign_id
          : (await repository.getEncounter(id))?.campaign_id,
      );
      if (campaignId !== undefined) campaignOf.set(id, campaignId);
    }
    return campaignId === undefined ? undefined : { campaign_id: campaignId, gm_only: false };
  };

  return async (uri, label, caller) => {
    const reader = caller ?? subject();
    if (reader === undefined) return false;
    if (label === EVERY_SUBSCRIBER) return true;
    const audience = label === undefined ? await audienceOfUri(uri) : parseAudienceLabel(label);
    if (audience === "anyone") return true;
    if (audience === undefined) return false;
    const role = await roleIn(reader, audience.campaign_id);
    return role === "GM" || (role === "PLAYER" && !audience.gm_only);
  };
}
