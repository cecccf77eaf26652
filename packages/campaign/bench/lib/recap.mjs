// A session of mixed events played through a real client, as a table plays one, and the time
// its recap takes (docs/campaign.md §4.36).
import { performance } from "node:perf_hooks";
import { call } from "./mcp.mjs";

const PARTY = ["Mira", "Thorne", "Ash", "Wren"];
const TRAITS = ["agility", "strength", "finesse", "instinct", "presence", "knowledge"];

const BRIGAND = {
  name: "Brigand",
  tier: 1,
  type: "STANDARD",
  difficulty: 12,
  thresholds: { major: 7, severe: 14 },
  hp_max: 4,
  stress_max: 3,
  attack: { modifier: 1, range: "MELEE", damage: "1d8+1", damage_type: "PHYSICAL" },
};

/** A campaign of the caller (its GM) with four PCs, a stat block, a looping countdown, a session. */
async function setTable(client) {
  const campaign = await call(client, "campaign_create", { name: "Recap", gm_mode: "AI" });
  const campaignId = campaign.id;
  const characters = [];
  for (const name of PARTY) {
    const character = await call(client, "character_create", {
      campaign_id: campaignId,
      name,
      kind: "PC",
    });
    characters.push(character.id);
  }
  const session = await call(client, "session_start", { campaign_id: campaignId, name: "Night" });
  const block = await call(client, "adversary_define", { campaign_id: campaignId, ...BRIGAND });
  const countdown = await call(client, "countdown_create", {
    campaign_id: campaignId,
    name: "The bridge gives way",
    start: 6,
    kind: "LOOP",
    visible_to_players: true,
  });
  return {
    campaignId,
    sessionId: session.id,
    characters,
    adversaryId: block.id,
    countdownId: countdown.id,
    gmFear: 0,
    fight: undefined,
  };
}

/** A roll for each PC, each with its outcome applied: four events a PC. */
async function rollEach(client, table, round) {
  await Promise.all(
    table.characters.map(async (characterId, index) => {
      const roll = await call(client, "session_action_roll", {
        campaign_id: table.campaignId,
        session_id: table.sessionId,
        character_id: characterId,
        trait: TRAITS[(round + index) % TRAITS.length],
        difficulty: 12,
      });
      const outcome = await call(client, "session_roll_outcome_apply", {
        session_id: table.sessionId,
        roll_seq: roll.roll_seq,
      });
      if (outcome.updated.gm_fear !== undefined) table.gmFear = outcome.updated.gm_fear;
    }),
  );
}

/** The GM's side of a round: Fear gained or spent, the countdown ticked, a note. */
async function gmMoves(client, table, round) {
  if (table.gmFear >= 2) {
    const spent = await call(client, "gm_fear_spend", {
      campaign_id: table.campaignId,
      amount: 1,
      reason: "an extra GM move: the brigands close in",
    });
    table.gmFear = spent.gm_fear;
  } else {
    const adjusted = await call(client, "gm_fear_adjust", {
      campaign_id: table.campaignId,
      delta: 1,
      reason: "the party rests by the road",
    });
    table.gmFear = adjusted.gm_fear;
  }
  await call(client, "countdown_tick", { countdown_id: table.countdownId });
  await call(client, "session_note_add", {
    session_id: table.sessionId,
    text: `Round ${round}: the party pushes on toward the bridge`,
    gm_only: round % 4 === 0,
  });
}

/**
 * A step of the fight: one is started with two brigands when none is on; a brigand attacks a
 * PC (its damage applied) and takes damage back; the fight ends once both are defeated, and
 * the PC struck is healed when low.
 */
async function fightStep(client, table, round) {
  if (table.fight === undefined) {
    const encounter = await call(client, "encounter_start", {
      campaign_id: table.campaignId,
      name: `Ambush ${round}`,
    });
    const added = await call(client, "encounter_add", {
      encounter_id: encounter.id,
      adversary_id: table.adversaryId,
      count: 2,
    });
    table.fight = { id: encounter.id, standing: added.instances.map((each) => each.id) };
  }
  const { id, standing } = table.fight;
  const target = table.characters[round % table.characters.length];
  const attacked = await call(client, "adversary_attack", {
    encounter_id: id,
    instance: standing[0],
    target,
    apply: true,
  });
  if ((attacked.applied?.state?.hp ?? 6) <= 2) {
    await call(client, "character_state_patch", {
      campaign_id: table.campaignId,
      character_id: target,
      hp: 6,
    });
  }
  const struck = await call(client, "damage_apply", {
    encounter_id: id,
    target: standing.at(-1),
    amount: 9,
    type: "PHYSICAL",
  });
  if (struck.instance?.defeated) standing.pop();
  if (standing.length === 0) {
    await call(client, "encounter_end", { encounter_id: id, outcome: "the brigands are routed" });
    table.fight = undefined;
  }
}

/** The seq of the session's newest event. */
async function lastSeq(client, sessionId) {
  const result = await client.readResource({ uri: `session://${sessionId}/events` });
  return JSON.parse(result.contents[0].text).events[0].seq;
}

/**
 * Plays a session of exactly `events` events through `client`: rounds of rolls and their
 * outcomes, Fear, countdown ticks, notes and fights with attacks, damage and heals, then notes
 * up to the count.
 *
 * @param {import("@modelcontextprotocol/client").Client} client
 * @param {number} events - at least 100
 * @returns {Promise<string>} the session's id
 */
export async function playSession(client, events) {
  const table = await setTable(client);
  let round = 0;
  // A round logs fewer than 40 events.
  while ((await lastSeq(client, table.sessionId)) < events - 40) {
    round += 1;
    await rollEach(client, table, round);
    await gmMoves(client, table, round);
    await fightStep(client, table, round);
  }
  let seq = await lastSeq(client, table.sessionId);
  while (seq < events) {
    const note = await call(client, "session_note_add", {
      session_id: table.sessionId,
      text: "The bridge is in sight",
    });
    seq = note.seq;
  }
  return table.sessionId;
}

/**
 * Times `session_recap` of the session's first page, as its GM asks.
 *
 * @param {import("@modelcontextprotocol/client").Client} client
 * @param {string} sessionId
 * @param {number} samples
 * @returns {Promise<{ times: number[], recapped: number }>} milliseconds per recap, and how many
 *   events the page recapped
 */
export async function timeRecaps(client, sessionId, samples) {
  const times = [];
  let recapped = 0;
  for (let index = 0; index < samples; index++) {
    const started = performance.now();
    const page = await call(client, "session_recap", { session_id: sessionId });
    times.push(performance.now() - started);
    recapped = page.to_seq - page.from_seq + 1;
  }
  return { times, recapped };
}
