import { describe, expect, it } from "vitest";
import {
  CONTEXT_HANDLE_LIFETIME_MS,
  contextOfHandle,
  keepContextHandle,
  MAX_CONTEXT_HANDLES,
} from "../../src/commands/context-handles.js";
import { CampaignError } from "../../src/domain/campaign-error.js";
import type { SessionContext } from "../../src/domain/records.js";
import { testEnvironment } from "./test-environment.js";

const START = Date.UTC(2025, 0, 15, 10, 0, 0);

function contextOf(campaign: string): SessionContext {
  return { campaign_id: campaign, session_id: null, participant_id: null };
}

/** An environment whose clock moves only when the test moves it, keeping `limit` handles. */
async function environmentKeeping(limit?: number) {
  let clock = START;
  const environment = {
    ...(await testEnvironment()),
    now: () => new Date(clock),
    maxContextHandles: limit,
  };
  return { environment, advance: (ms: number) => (clock += ms) };
}

async function isKept(
  environment: Awaited<ReturnType<typeof environmentKeeping>>["environment"],
  subject: string,
  handle: string,
): Promise<boolean> {
  try {
    await contextOfHandle(environment, subject, handle);
    return true;
  } catch (error) {
    if (error instanceof CampaignError && error.code === "NOT_FOUND") return false;
    throw error;
  }
}

describe("context handles in the store (docs/campaign.md §3)", () => {
  it("keeps at most 1,000 handles per subject by default", () => {
    expect(MAX_CONTEXT_HANDLES).toBe(1_000);
  });

  it("forgets a subject's least recently used handle past the limit, and no one else's", async () => {
    const { environment, advance } = await environmentKeeping(3);
    const bobs = await keepContextHandle(environment, "bob", contextOf("camp_b"));
    const kept: string[] = [];
    for (const campaign of ["camp_1", "camp_2", "camp_3"]) {
      advance(1_000);
      kept.push(await keepContextHandle(environment, "alice", contextOf(campaign)));
    }
    advance(1_000);
    expect(await keepContextHandle(environment, "alice", contextOf("camp_1"))).toBe(kept[0]);
    advance(1_000);
    const fourth = await keepContextHandle(environment, "alice", contextOf("camp_4"));

    const alive = await Promise.all(
      [...kept, fourth].map((handle) => isKept(environment, "alice", handle)),
    );
    expect(alive).toEqual([true, false, true, true]);
    expect(await isKept(environment, "bob", bobs)).toBe(true);
  });

  it("deletes at most 100 expired handles of anyone per set_context", async () => {
    const { environment, advance } = await environmentKeeping();
    const old: string[] = [];
    for (let index = 0; index < 105; index++) {
      old.push(await keepContextHandle(environment, `user-${index}`, contextOf("camp_x")));
    }
    advance(CONTEXT_HANDLE_LIFETIME_MS + 1);
    await keepContextHandle(environment, "alice", contextOf("camp_y"));

    const left = await environment.store.read(async (repository) =>
      (await Promise.all(old.map((id) => repository.getContextHandle(id)))).filter(Boolean),
    );
    expect(left).toHaveLength(5);
  });
});
