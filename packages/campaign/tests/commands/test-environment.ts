import {
  type Actor,
  type Caller,
  type CommandEnvironment,
  PROCESS_OWNER,
} from "../../src/commands/command-environment.js";
import { createInviteCode } from "../../src/domain/invite-code.js";
import type { SessionEvent } from "../../src/domain/records.js";
import { emptyContext, type SessionContext } from "../../src/domain/records.js";
import { freshStore } from "../support/store-under-test.js";

/**
 * A command environment over a fresh store of the kind under test, with counted ids and invite
 * codes, a stepping clock and scripted dice.
 */
export async function testEnvironment(
  dice: number[] = [],
): Promise<CommandEnvironment & { diceLeft: () => number }> {
  let counter = 0;
  let codes = 0;
  let tick = 0;
  const faces = [...dice];
  return {
    store: await freshStore(),
    now: () => new Date(Date.UTC(2025, 0, 15, 10, 0, 0, tick++)),
    newId: (prefix) => `${prefix}_${++counter}`,
    newInviteCode: () => createInviteCode((count) => new Uint8Array(count).fill(++codes)),
    rollDie: (sides) => {
      const face = faces.shift();
      if (face === undefined || face > sides) throw new Error(`no scripted d${sides}`);
      return face;
    },
    diceLeft: () => faces.length,
  };
}

/** A caller with the given context and request id `req-1`, the process owner unless given. */
export function callerWith(
  context: Partial<SessionContext> = {},
  actor: Actor = PROCESS_OWNER,
): Caller {
  return { context: { ...emptyContext(), ...context }, requestId: "req-1", actor };
}

/** Every event of a session, GM-only notes included, oldest first. */
export async function eventsOf(
  environment: CommandEnvironment,
  sessionId: string,
): Promise<SessionEvent[]> {
  const page = await environment.store.read((repository) =>
    repository.listEvents(sessionId, { limit: 1000, includeGmOnly: true }),
  );
  return (page?.items ?? []).reverse();
}
