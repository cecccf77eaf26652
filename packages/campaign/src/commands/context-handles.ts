import { CampaignError } from "../domain/campaign-error.js";
import type { SessionContext } from "../domain/records.js";
import type { ContextHandleRow } from "../storage/rows.js";
import type { CommandEnvironment } from "./command-environment.js";

const DAY_MS = 24 * 60 * 60 * 1000;

/** A handle expires this long after it was last used (docs/campaign.md §3). */
export const CONTEXT_HANDLE_LIFETIME_MS = 30 * DAY_MS;

/** Use is recorded only when the recorded last use is older than this: no write per call. */
export const CONTEXT_HANDLE_TOUCH_MS = DAY_MS;

/** A subject keeps at most this many handles; the least recently used go first. */
export const MAX_CONTEXT_HANDLES = 1_000;

/** At most this many expired handles are deleted by one `set_context`. */
const EXPIRED_PER_PURGE = 100;

/** The stored form of a context: the same key order always, so equal contexts are equal text. */
function contextText(context: SessionContext): string {
  return JSON.stringify({
    campaign_id: context.campaign_id,
    session_id: context.session_id,
    participant_id: context.participant_id,
  });
}

function isLive(row: ContextHandleRow, now: Date): boolean {
  return Date.parse(row.last_used) >= now.getTime() - CONTEXT_HANDLE_LIFETIME_MS;
}

/**
 * Keeps a handle for a subject's context (docs/campaign.md §3): the subject's existing handle
 * of the same context when there is one (marked used), else a new one. Past the subject's
 * limit the least recently used handles are forgotten, and a bounded number of expired
 * handles of anyone are deleted on the way.
 *
 * @param environment - the store, clock, ids and the handle limit
 * @param subject - whose handle it is
 * @param context - the context it names
 * @returns the handle, `ctx_…`
 */
export async function keepContextHandle(
  environment: CommandEnvironment,
  subject: string,
  context: SessionContext,
): Promise<string> {
  const now = environment.now();
  const limit = environment.maxContextHandles ?? MAX_CONTEXT_HANDLES;
  const expiredBefore = new Date(now.getTime() - CONTEXT_HANDLE_LIFETIME_MS).toISOString();
  const { value } = await environment.store.write(async (repository) => {
    await repository.expireContextHandles(expiredBefore, EXPIRED_PER_PURGE);
    const id = await repository.putContextHandle({
      id: environment.newId("ctx"),
      subject,
      context: contextText(context),
      last_used: now.toISOString(),
    });
    await repository.trimContextHandles(subject, limit);
    return { value: id, changedUris: [] };
  });
  return value;
}

/**
 * The context a handle names, for its own subject only (docs/campaign.md §3). Records the use
 * when the recorded one is more than a day old; otherwise writes nothing.
 *
 * @param environment - the store and clock
 * @param subject - who uses the handle
 * @param handle - the handle
 * @returns its context
 * @throws CampaignError `NOT_FOUND` `context not found` for a handle that does not exist, has
 *   expired or is another subject's, alike
 */
export async function contextOfHandle(
  environment: CommandEnvironment,
  subject: string,
  handle: string,
): Promise<SessionContext> {
  const now = environment.now();
  const row = await environment.store.read((repository) => repository.getContextHandle(handle));
  if (!row || row.subject !== subject || !isLive(row, now)) {
    throw new CampaignError("NOT_FOUND", "context not found");
  }
  if (Date.parse(row.last_used) < now.getTime() - CONTEXT_HANDLE_TOUCH_MS) {
    await environment.store.write(async (repository) => {
      await repository.touchContextHandle(handle, now.toISOString());
      return { value: undefined, changedUris: [] };
    });
  }
  return JSON.parse(row.context) as SessionContext;
}

/**
 * The subject's live handle of a context, without making one: what `context://current` shows.
 *
 * @param environment - the store and clock
 * @param subject - whose handle
 * @param context - the context
 * @returns the handle, or `null` when the context is empty or has no live handle
 */
export async function handleOfContext(
  environment: CommandEnvironment,
  subject: string,
  context: SessionContext,
): Promise<string | null> {
  if (context.campaign_id === null) return null;
  const row = await environment.store.read((repository) =>
    repository.findContextHandle(subject, contextText(context)),
  );
  return row && isLive(row, environment.now()) ? row.id : null;
}
