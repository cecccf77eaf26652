import {
  type App,
  type JsonObject,
  readJsonResource,
  type ShownCall,
} from "@tabletop-mcp/views/app";

/** Which session a result is about, and what else the view can say about it. */
export interface SessionAddress {
  readonly sessionId: string;
  /** The campaign, when known: its characters give the log their names. */
  readonly campaignId: string | undefined;
  /** The session's name, when the result carries the session record. */
  readonly name: string | undefined;
}

function text(value: unknown): string | undefined {
  return typeof value === "string" && value !== "" ? value : undefined;
}

/**
 * The context the tools fell back on when given no ids: the one the call's `context` handle
 * names, else the caller's selection (set_context). Both resources answer the ids at top level.
 */
async function contextOfCall(app: App, handle: string | undefined): Promise<JsonObject> {
  return readJsonResource(app, handle ? `context://${handle}` : "context://current");
}

/**
 * The session a result belongs to: the session record of session_start, the `session_id` of
 * session_note_add, the call's `session_id` argument, or else the call's context (its handle's,
 * or the caller's), which is where session_action_roll and session_roll_outcome_apply found it.
 *
 * @param content - the result's structured content
 * @param call - the call shown, for its arguments and the connection
 * @returns the address, or `undefined` when no session can be told
 */
export async function sessionAddress(
  content: JsonObject,
  call: ShownCall,
): Promise<SessionAddress | undefined> {
  const args = call.toolArguments ?? {};
  const isSessionRecord = typeof content.started_at === "string";
  const sessionId =
    text(isSessionRecord ? content.id : content.session_id) ?? text(args.session_id);
  const campaignId = text(content.campaign_id) ?? text(args.campaign_id);
  const name = isSessionRecord ? text(content.name) : undefined;
  if (sessionId && campaignId) return { sessionId, campaignId, name };
  const context = await contextOfCall(call.app, text(args.context));
  const contextSession = text(context.session_id);
  const found = sessionId ?? contextSession;
  if (!found) return undefined;
  const contextCampaign = found === contextSession ? text(context.campaign_id) : undefined;
  return { sessionId: found, campaignId: campaignId ?? contextCampaign, name };
}
