import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import {
  type App,
  byId,
  element,
  isJsonObject,
  type JsonObject,
  numberOr,
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
import { type NameOf, tellEvent } from "./event-text.js";
import { type SessionAddress, sessionAddress } from "./session-address.js";

/** The log being shown: where to read the next, older page, and how to name characters. */
interface ShownLog {
  readonly app: App;
  readonly address: SessionAddress;
  readonly nameOf: NameOf;
  nextCursor: string | null;
}

let log: ShownLog | undefined;

function parsedPayload(event: JsonObject): JsonObject {
  try {
    const payload: unknown = JSON.parse(stringOr(event.payload_json, "{}"));
    return isJsonObject(payload) ? payload : {};
  } catch {
    return {};
  }
}

function eventItem(event: JsonObject, nameOf: NameOf): HTMLLIElement {
  const { kind, text } = tellEvent(stringOr(event.type, ""), parsedPayload(event), nameOf);
  const seq = numberOr(event.seq, 0);
  const timestamp = stringOr(event.ts, "");
  return element(
    "li",
    { className: `event event-${kind}`, attributes: { "data-seq": String(seq) } },
    [
      element("span", { className: "event-seq", text: `#${seq}` }),
      element("p", { className: "event-text", text }),
      element("time", { text: timestamp.slice(11, 19), attributes: { datetime: timestamp } }),
    ],
  );
}

/** Reads one page of the log (the newest without a cursor) and adds it below what is shown. */
async function loadPage(shown: ShownLog, cursor: string | null): Promise<number> {
  const query = cursor === null ? "" : `?cursor=${encodeURIComponent(cursor)}`;
  const page = await readJsonResource(
    shown.app,
    `session://${shown.address.sessionId}/events${query}`,
  );
  const events = objectsOf(page.events);
  byId("events").append(...events.map((event) => eventItem(event, shown.nameOf)));
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

/** Characters by id, from the campaign's list, so the log names them. */
async function characterNames(app: App, campaignId: string | undefined): Promise<NameOf> {
  const names = new Map<string, string>();
  if (campaignId) {
    const list = await readJsonResource(app, `campaign://${campaignId}/characters?limit=200`);
    for (const character of objectsOf(list.characters)) {
      names.set(stringOr(character.id, ""), stringOr(character.name, ""));
    }
  }
  return (characterId) => names.get(characterId) || characterId;
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
    nameOf: await characterNames(call.app, address.campaignId),
    nextCursor: null,
  };
  log = shown;
  byId("events").replaceChildren();
  await loadPage(shown, null);
}

byId("load-older").addEventListener("click", () => void loadOlder().catch(showProblem));
void startView({ name: "tabletop-campaign session", showResult });
