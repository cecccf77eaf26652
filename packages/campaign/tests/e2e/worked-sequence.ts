import type { Client } from "@modelcontextprotocol/client";
import { expect } from "vitest";
import { callError, callOk, readJson } from "./harness.js";

/** The dice docs/campaign.md §9 scripts: 8/5, then 5/8, then 6/6. */
export const WORKED_SEQUENCE_DICE = "8,5,5,8,6,6";

/** The event types of docs/campaign.md §9, seq 1 to 18. */
export const WORKED_SEQUENCE_TYPES = [
  "SESSION_STARTED",
  "CHARACTER_PROFILE_PATCHED",
  "ACTION_ROLL_REQUESTED",
  "ACTION_ROLL_RESOLVED",
  "OUTCOME_APPLY_REQUESTED",
  "OUTCOME_APPLIED",
  "OUTCOME_REJECTED",
  "OUTCOME_REJECTED",
  "ACTION_ROLL_REQUESTED",
  "ACTION_ROLL_RESOLVED",
  "OUTCOME_APPLY_REQUESTED",
  "OUTCOME_APPLIED",
  "CHARACTER_STATE_PATCHED",
  "ACTION_ROLL_REQUESTED",
  "ACTION_ROLL_RESOLVED",
  "OUTCOME_APPLY_REQUESTED",
  "OUTCOME_APPLIED",
  "SESSION_ENDED",
];

interface LoggedEvent {
  seq: number;
  type: string;
  request_id: string;
  character_id?: string;
  payload_json: string;
}

const experience = [{ source: "experience", value: 2 }];

/**
 * Plays docs/campaign.md §9 through a client whose server draws {@link WORKED_SEQUENCE_DICE},
 * asserting every step, then the final state, GM Fear and event log.
 */
export async function playWorkedSequence(client: Client): Promise<void> {
  const campaign = await callOk(client, "campaign_create", { name: "C", gm_mode: "HUMAN" });
  const campaignId = campaign.id as string;
  const character = await callOk(client, "character_create", {
    campaign_id: campaignId,
    name: "A",
    kind: "PC",
  });
  const a = character.id as string;
  await callOk(client, "set_context", { campaign_id: campaignId });
  const startResult = await client.callTool({
    name: "session_start",
    arguments: {},
    _meta: { request_id: "req_start" },
  });
  const sessionId = (startResult.structuredContent as { id: string }).id;
  await callOk(client, "set_context", { campaign_id: campaignId, session_id: sessionId });

  const patched = await callOk(client, "character_profile_patch", {
    character_id: a,
    traits: { agility: 2 },
  });
  expect((patched.profile as { traits: unknown }).traits).toEqual({ agility: 2 });

  const first = await callOk(client, "session_action_roll", {
    character_id: a,
    trait: "agility",
    difficulty: 10,
    modifiers: experience,
  });
  expect(first).toEqual({
    roll_seq: 4,
    hope_die: 8,
    fear_die: 5,
    total: 17,
    difficulty: 10,
    success: true,
    flavor: "HOPE",
    crit: false,
  });

  const applied = await callOk(client, "session_roll_outcome_apply", { roll_seq: 4 });
  expect(applied).toEqual({
    roll_seq: 4,
    requires_complication: false,
    updated: { character_states: [{ character_id: a, hope: 3, stress: 0, hp: 6, conditions: [] }] },
  });
  expect(await callError(client, "session_roll_outcome_apply", { roll_seq: 4 })).toEqual({
    code: "FAILED_PRECONDITION",
    message: "outcome already applied",
  });
  expect(await callError(client, "session_roll_outcome_apply", { roll_seq: 3 })).toEqual({
    code: "FAILED_PRECONDITION",
    message: "event is not a resolved action roll",
  });

  const second = await callOk(client, "session_action_roll", {
    character_id: a,
    trait: "Agility ",
    difficulty: 10,
    modifiers: experience,
  });
  expect(second).toMatchObject({ roll_seq: 10, hope_die: 5, fear_die: 8, total: 17 });
  expect(second).toMatchObject({ success: true, flavor: "FEAR", crit: false });
  const fear = await callOk(client, "session_roll_outcome_apply", { roll_seq: 10 });
  expect(fear).toEqual({
    roll_seq: 10,
    requires_complication: true,
    updated: {
      character_states: [{ character_id: a, hope: 3, stress: 0, hp: 6, conditions: [] }],
      gm_fear: 1,
    },
  });

  await callOk(client, "character_state_patch", { character_id: a, stress: 2 });
  const crit = await callOk(client, "session_action_roll", {
    character_id: a,
    trait: "agility",
    difficulty: 10,
    modifiers: experience,
  });
  expect(crit).toMatchObject({ roll_seq: 15, hope_die: 6, fear_die: 6, total: 16, crit: true });
  expect(crit).toMatchObject({ success: true, flavor: "HOPE" });
  const critApplied = await callOk(client, "session_roll_outcome_apply", { roll_seq: 15 });
  expect(critApplied.updated).toEqual({
    character_states: [{ character_id: a, hope: 4, stress: 1, hp: 6, conditions: [] }],
  });

  const ended = await callOk(client, "session_end", {});
  expect(ended.status).toBe("ENDED");
  expect(ended.ended_at).toBe(ended.updated_at);
  expect(
    await callError(client, "session_action_roll", {
      character_id: a,
      trait: "agility",
      difficulty: 10,
    }),
  ).toEqual({ code: "FAILED_PRECONDITION", message: "session is not active" });

  const sheet = await callOk(client, "character_sheet_get", { character_id: a });
  expect(sheet.state).toEqual({ character_id: a, hope: 4, stress: 1, hp: 6, conditions: [] });
  const stored = await readJson(client, `campaign://${campaignId}`);
  expect((stored.campaign as { gm_fear: number }).gm_fear).toBe(1);

  const log = await readJson(client, `session://${sessionId}/events`);
  const events = log.events as LoggedEvent[];
  expect(log.next_cursor).toBeNull();
  expect(events.map((event) => event.seq)).toEqual(
    Array.from({ length: 18 }, (_, index) => 18 - index),
  );
  expect(events.map((event) => event.type).reverse()).toEqual(WORKED_SEQUENCE_TYPES);
  const bySeq = (seq: number) => {
    const event = events.find((candidate) => candidate.seq === seq);
    if (!event) throw new Error(`no event ${seq}`);
    return { ...event, payload: JSON.parse(event.payload_json) as unknown };
  };
  expect(bySeq(1).request_id).toBe("req_start");
  expect(bySeq(1).payload).toEqual({ campaign_id: campaignId });
  expect(bySeq(4).payload).toEqual({
    character_id: a,
    trait: "agility",
    trait_value: 2,
    modifiers: experience,
    modifier_total: 2,
    dice: { hope_die: 8, fear_die: 5 },
    total: 17,
    difficulty: 10,
    success: true,
    flavor: "HOPE",
    crit: false,
  });
  expect(bySeq(6).payload).toEqual({
    roll_seq: 4,
    targets: [a],
    requires_complication: false,
    applied_changes: [{ character_id: a, field: "hope", before: 2, after: 3 }],
  });
  expect(bySeq(7).payload).toEqual({
    roll_seq: 4,
    reason_code: "OUTCOME_ALREADY_APPLIED",
    message: "outcome already applied",
  });
  expect(bySeq(8).payload).toEqual({
    roll_seq: 3,
    reason_code: "ROLL_WRONG_TYPE",
    message: "event is not a resolved action roll",
  });
  expect(bySeq(12).payload).toMatchObject({
    applied_changes: [{ field: "gm_fear", before: 0, after: 1 }],
  });
  expect(bySeq(13).payload).toEqual({
    character_id: a,
    before: { character_id: a, hope: 3, stress: 0, hp: 6, conditions: [] },
    after: { character_id: a, hope: 3, stress: 2, hp: 6, conditions: [] },
  });
  expect(bySeq(17).payload).toMatchObject({
    applied_changes: [
      { character_id: a, field: "hope", before: 3, after: 4 },
      { character_id: a, field: "stress", before: 2, after: 1 },
    ],
  });
  expect(bySeq(18).payload).toEqual({ campaign_id: campaignId, ended_at: ended.ended_at });
}
