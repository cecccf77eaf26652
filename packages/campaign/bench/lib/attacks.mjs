// Adversary attacks with their damage applied, the work of a chain (lib/pairs.mjs): a fight
// each, a subscriber listening to its session's log (docs/campaign.md §10.4).
import { call } from "./mcp.mjs";

/** The character's Hit Points: the most a profile may have, so heals are rare. */
const HIT_POINTS = 30;

/**
 * A stat block whose every attack hits the character (d20 + 10 against Evasion 10) and marks
 * its HP: 1d6+1 is below the Major threshold (8), a critical above it.
 */
const RAIDER = {
  name: "Raider",
  tier: 1,
  type: "STANDARD",
  difficulty: 12,
  thresholds: { major: 8, severe: 15 },
  hp_max: 5,
  stress_max: 3,
  attack: { modifier: 10, range: "MELEE", damage: "1d6+1", damage_type: "PHYSICAL" },
};

/**
 * A campaign of the caller (its GM) with one PC of 30 HP, an active session whose log the
 * client subscribes to, and a fight in it with one adversary; its first attack is made here,
 * until the client hears of it.
 *
 * @param {import("@modelcontextprotocol/client").Client} client
 * @param {string} name
 */
async function fightOf(client, name) {
  const campaign = await call(client, "campaign_create", { name, gm_mode: "AI" });
  const campaignId = campaign.id;
  const character = await call(client, "character_create", {
    campaign_id: campaignId,
    name: "Runner",
    kind: "PC",
    profile: { hp_max: HIT_POINTS },
  });
  const session = await call(client, "session_start", { campaign_id: campaignId });
  const block = await call(client, "adversary_define", { campaign_id: campaignId, ...RAIDER });
  const encounter = await call(client, "encounter_start", {
    campaign_id: campaignId,
    name: "Ambush",
  });
  const added = await call(client, "encounter_add", {
    encounter_id: encounter.id,
    adversary_id: block.id,
  });
  const fight = {
    campaignId,
    characterId: character.id,
    encounterId: encounter.id,
    instance: added.instances[0].id,
  };
  const log = `session://${session.id}/events`;
  await client.subscribeResource({ uri: log });
  const heard = nextUpdate(client, log);
  await attack(client, fight);
  await heard;
  return fight;
}

/** Per client, what waits for the next update of each URI. */
const waiting = new WeakMap();

/**
 * Resolves at the next `notifications/resources/updated` of `uri` the client hears: proof that
 * each attack's notification is really sent, not merely announced to nobody.
 *
 * @param {import("@modelcontextprotocol/client").Client} client
 * @param {string} uri
 * @returns {Promise<void>}
 */
function nextUpdate(client, uri) {
  let waiters = waiting.get(client);
  if (waiters === undefined) {
    const byUri = new Map();
    waiters = byUri;
    waiting.set(client, byUri);
    client.setNotificationHandler("notifications/resources/updated", (notification) => {
      const resolve = byUri.get(notification.params.uri);
      byUri.delete(notification.params.uri);
      resolve?.();
    });
  }
  return new Promise((resolve) => waiters.set(uri, resolve));
}

/**
 * One attack with its damage applied to the character. A character with no HP left is still
 * attacked (and the event logged) but has nothing to mark, so it is healed then: about one call
 * in thirty, whose time counts against the attacks.
 *
 * @param {import("@modelcontextprotocol/client").Client} client
 * @param {Awaited<ReturnType<typeof fightOf>>} fight
 */
async function attack(client, fight) {
  const answer = await call(client, "adversary_attack", {
    encounter_id: fight.encounterId,
    instance: fight.instance,
    target: fight.characterId,
    apply: true,
  });
  if (answer.applied?.state === undefined) throw new Error("the attack applied no damage");
  if (answer.applied.state.hp > 0) return;
  await call(client, "character_state_patch", {
    campaign_id: fight.campaignId,
    character_id: fight.characterId,
    hp: HIT_POINTS,
  });
}

/** A chain's work: a fight each, an attack with damage applied per step. */
export const ATTACK_WITH_DAMAGE = { setUp: fightOf, step: attack };
