import type { Campaign, GmMode, Participant } from "../domain/records.js";
import { formatTimestamp } from "../domain/timestamps.js";
import { CAMPAIGNS_LIST_URI, campaignUri } from "../resource-uris.js";
import { changesIn } from "./changes.js";
import {
  type Actor,
  type CommandEnvironment,
  type CommandResult,
  PROCESS_OWNER,
} from "./command-environment.js";

/** Input of `campaign_create`, text already trimmed. */
export interface CreateCampaignInput {
  name: string;
  gm_mode: GmMode;
  theme_prompt?: string | undefined;
}

const SEAT_NAME_MAX = 100;

/** A name as a seat can hold it: no U+0000, trimmed, at most 100 characters. */
function seatText(text: string | undefined): string {
  const cleaned = (text ?? "").replaceAll("\u0000", "").trim();
  return [...cleaned].slice(0, SEAT_NAME_MAX).join("").trim();
}

/** The creator's name at the table: the token's name, else the subject. */
function seatName(actor: Actor): string {
  return seatText(actor.name) || seatText(actor.subject) || "GM";
}

function gmSeat(environment: CommandEnvironment, campaignId: string, actor: Actor, now: string) {
  const seat: Participant = {
    id: environment.newId("part"),
    campaign_id: campaignId,
    display_name: seatName(actor),
    role: "GM",
    controller: "HUMAN",
    user: actor.subject,
    created_at: now,
    updated_at: now,
  };
  return seat;
}

/**
 * Creates a campaign owned by its creator, with no characters and no Fear (docs/campaign.md
 * §4.2). A creator other than the process owner also gets a GM seat linked to them, named
 * after their token's name or their subject; the process owner's campaigns start with no
 * participants, as before roles existed.
 *
 * @param environment - store, clock and ids
 * @param input - name, GM mode and optional theme
 * @param actor - the creator, the campaign's owner (the process owner when omitted)
 * @returns the campaign record
 */
export function createCampaign(
  environment: CommandEnvironment,
  input: CreateCampaignInput,
  actor: Actor = PROCESS_OWNER,
): Promise<CommandResult<Campaign>> {
  const now = formatTimestamp(environment.now());
  const id = environment.newId("camp");
  const seat =
    actor.subject === PROCESS_OWNER.subject ? undefined : gmSeat(environment, id, actor, now);
  const campaign: Campaign = {
    id,
    name: input.name,
    gm_mode: input.gm_mode,
    participant_count: seat ? 1 : 0,
    character_count: 0,
    gm_fear: 0,
    theme_prompt: input.theme_prompt ?? "",
    created_at: now,
    updated_at: now,
  };
  return environment.store.write(async (repository) => {
    await Promise.all([
      repository.insertCampaign(campaign),
      repository.recordOwner(id, actor.subject),
      seat && repository.insertParticipant(seat),
    ]);
    return changesIn(id, campaign, [CAMPAIGNS_LIST_URI, campaignUri(id)]);
  });
}
