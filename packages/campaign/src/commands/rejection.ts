import type { CampaignError } from "../domain/campaign-error.js";
import { formatTimestamp } from "../domain/timestamps.js";
import { eventsUri } from "../resource-uris.js";
import type { CampaignRepository, Written } from "../storage/campaign-store.js";
import { changesIn } from "./changes.js";
import type { CommandEnvironment } from "./command-environment.js";
import { CommandFailure } from "./command-failure.js";
import { appendEvents, type EventDraft, type InvocationStamp } from "./event-log.js";

/**
 * Thrown inside a write transaction when a call is refused after its session was found active:
 * the transaction rolls back, then {@link writeOrReject} logs the refusal (docs/campaign.md
 * §5).
 */
export class Rejection extends Error {
  override readonly name = "Rejection";

  /**
   * @param error - the refusal returned to the caller
   * @param sessionId - the active session whose log records it
   * @param draft - the `REQUEST_REJECTED` or `OUTCOME_REJECTED` event
   */
  constructor(
    readonly error: CampaignError,
    readonly sessionId: string,
    readonly draft: EventDraft,
  ) {
    super(error.message);
  }
}

/**
 * Runs a write transaction; when it throws a {@link Rejection}, appends the rejection event in
 * a transaction of its own (unless the session ended meanwhile: an ended log is frozen).
 *
 * @param environment - store and clock
 * @param stamp - the tool call's envelope fields
 * @param work - the transaction's body
 * @returns what `work` returned, once committed
 * @throws CommandFailure carrying the refusal and the events URI when a rejection was logged
 */
export async function writeOrReject<Value>(
  environment: CommandEnvironment,
  stamp: InvocationStamp,
  work: (repository: CampaignRepository) => Promise<Written<Value>>,
): Promise<Written<Value>> {
  try {
    return await environment.store.write(work);
  } catch (thrown) {
    if (!(thrown instanceof Rejection)) throw thrown;
    const logged = await environment.store.write(async (repository) => {
      const session = await repository.lockSession(thrown.sessionId);
      if (session?.status !== "ACTIVE") return { value: undefined, changedUris: [] };
      const now = formatTimestamp(environment.now());
      await appendEvents(repository, thrown.sessionId, stamp, now, [thrown.draft]);
      return changesIn(session.campaign_id, undefined, [eventsUri(thrown.sessionId)]);
    });
    throw new CommandFailure(thrown.error, logged.changedUris, logged.audience);
  }
}
