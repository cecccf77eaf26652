import type { Campaign, Session, SessionEvent } from "../../src/domain/records.js";

/** The timestamp of every fixture record. */
export const FIXTURE_TIME = "2025-01-15T10:00:00.000Z";

/** A campaign record as stored, with nothing in it. */
export function campaignRecord(id: string): Campaign {
  return {
    id,
    name: id,
    gm_mode: "HUMAN",
    participant_count: 0,
    character_count: 0,
    gm_fear: 0,
    theme_prompt: "",
    created_at: FIXTURE_TIME,
    updated_at: FIXTURE_TIME,
  };
}

/** An active session record of a campaign. */
export function sessionRecord(id: string, campaignId: string): Session {
  return {
    id,
    campaign_id: campaignId,
    name: "",
    status: "ACTIVE",
    started_at: FIXTURE_TIME,
    updated_at: FIXTURE_TIME,
  };
}

/** A note event of a session at a seq. */
export function noteEvent(sessionId: string, seq: number): SessionEvent {
  return {
    session_id: sessionId,
    seq,
    ts: FIXTURE_TIME,
    type: "NOTE_ADDED",
    request_id: "1",
    invocation_id: "inv_1",
    actor: "local",
    payload_json: JSON.stringify({ text: `note ${seq}` }),
  };
}
