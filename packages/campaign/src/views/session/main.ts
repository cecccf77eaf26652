import type { CallToolResult } from "@modelcontextprotocol/server";
import {
  type App,
  byId,
  objectsOf,
  readJsonResource,
  refusalMessage,
  type ShownCall,
  showProblem,
  showRefusal,
  startView,
  stringOr,
  successContent,
} from "@tabletop-mcp/views/app";
import { eventItem, type LogNames } from "./event-item.js";
import { type SessionAddress, sessionAddress } from "./session-address.js";

/** The log being shown: where to read the next, older page, and how to name who is in it. */
interface ShownLog {
  readonly app: App;
  readonly address: SessionAddress;
  readonly names: LogNames;
  nextCursor: string | null;
}

let log: ShownLog | undefined;

/** Reads one page of the log (the newest without a cursor) and adds it below what is shown. */
async function loadPage(shown: ShownLog, cursor: string | null): Promise<number> {
  const query = cursor === null ? "" : `?cursor=${encodeURIComponent(cursor)}`;
  const page = await readJsonResource(
    shown.app,
    `session://${shown.address.sessionId}/events${query}`,
  );
  const events = objectsOf(page.events);
  byId("events").append(...events.map((event) => eventItem(event, shown.names)));
  shown.nextCursor = typeof page.next_cursor === "string" ? page.next_cursor : null;
  byId("load-older").hidden = shown.nextCursor === null;
  byId("empty").hidden = byId("events").childElementCount > 0;
  byId("empty").textContent = "No events yet.";
  return events.length;
}

async function loadOlder(): Promise<void> {
  const shown = log;
  if (!shown || shown.nextCursor === null) return;
  const button = byId("load-older") as HTMLButtonElement;
  button.disabled = true;
  try {
    const count = await loadPage(shown, shown.nextCursor);
    byId("announcement").textContent = `Loaded ${count} older events`;
  } finally {
    button.disabled = false;
  }
}

/** Names by id from one of the campaign's lists (empty without a campaign). */
async function namesIn(
  app: App,
  campaignId: string | undefined,
  list: "characters" | "participants",
  nameField: string,
): Promise<Map<string, string>> {
  const names = new Map<string, string>();
  if (!campaignId) return names;
  const page = await readJsonResource(app, `campaign://${campaignId}/${list}?limit=200`);
  for (const item of objectsOf(page[list])) {
    names.set(stringOr(item.id, ""), stringOr(item[nameField], ""));
  }
  return names;
}

/** Characters and seats by id, from the campaign's lists, so the log names them. */
async function logNames(app: App, campaignId: string | undefined): Promise<LogNames> {
  const [characters, participants] = await Promise.all([
    namesIn(app, campaignId, "characters", "name"),
    namesIn(app, campaignId, "participants", "display_name"),
  ]);
  return {
    nameOf: (characterId) => characters.get(characterId) || characterId,
    participantName: (participantId) => participants.get(participantId) || undefined,
  };
}

async function showResult(result: CallToolResult, call: ShownCall): Promise<void> {
  showRefusal(refusalMessage(result));
  const content = successContent(result);
  if (!content) return;
  const address = await sessionAddress(content, call);
  if (!address) {
    byId("empty").textContent = "No session is selected, so there is no log to show.";
    return;
  }
  byId("session-name").textContent = address.name
    ? `${address.name} (${address.sessionId})`
    : address.sessionId;
  const shown: ShownLog = {
    app: call.app,
    address,
    names: await logNames(call.app, address.campaignId),
    nextCursor: null,
  };
  log = shown;
  byId("events").replaceChildren();
  await loadPage(shown, null);
}

byId("load-older").addEventListener("click", () => void loadOlder().catch(showProblem));
void startView({ name: "tabletop-campaign session", showResult });
