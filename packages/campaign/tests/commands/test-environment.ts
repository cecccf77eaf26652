import type { Caller, CommandEnvironment } from "../../src/commands/command-environment.js";
import type { SessionEvent } from "../../src/domain/records.js";
import { emptyContext, type SessionContext } from "../../src/domain/records.js";
import { openCampaignStore } from "../../src/storage/open-campaign-store.js";

/** A command environment over a fresh in-memory store, with counted ids, a stepping clock and scripted dice. */
export function testEnvironment(
  dice: number[] = [],
): CommandEnvironment & { diceLeft: () => number } {
  let counter = 0;
  let tick = 0;
  const faces = [...dice];
  return {
    store: openCampaignStore(":memory:"),
    now: () => new Date(Date.UTC(2025, 0, 15, 10, 0, 0, tick++)),
    newId: (prefix) => `${prefix}_${++counter}`,
    rollDie: (sides) => {
      const face = faces.shift();
      if (face === undefined || face > sides) throw new Error(`no scripted d${sides}`);
      return face;
    },
    diceLeft: () => faces.length,
  };
}

/** A caller with the given context and request id `req-1`. */
export function callerWith(context: Partial<SessionContext> = {}): Caller {
  return { context: { ...emptyContext(), ...context }, requestId: "req-1" };
}

/** Every event of a session, oldest first. */
export function eventsOf(environment: CommandEnvironment, sessionId: string): SessionEvent[] {
  const page = environment.store.read((repository) =>
    repository.listEvents(sessionId, { limit: 1000 }),
  );
  return (page?.items ?? []).reverse();
}
