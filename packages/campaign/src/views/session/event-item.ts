import {
  element,
  isJsonObject,
  type JsonObject,
  numberOr,
  stringOr,
} from "@tabletop-mcp/views/app";
import { type NameOf, tellEvent } from "./event-text.js";

/** How the log names the people and characters its events mention. */
export interface LogNames {
  /** A character's name, else its id. */
  readonly nameOf: NameOf;
  /** A participant's display name by id, if the campaign's list has it. */
  readonly participantName: (participantId: string) => string | undefined;
}

function parsedPayload(event: JsonObject): JsonObject {
  try {
    const payload: unknown = JSON.parse(stringOr(event.payload_json, "{}"));
    return isJsonObject(payload) ? payload : {};
  } catch {
    return {};
  }
}

/**
 * Who wrote an event (docs/campaign.md §2.7): the seat the call acted through, by its display
 * name, else the subject who made the call (the event's `actor`).
 */
export function authorOf(event: JsonObject, names: LogNames): string {
  const seat = typeof event.participant_id === "string" ? event.participant_id : undefined;
  return (seat && names.participantName(seat)) || stringOr(event.actor, "someone");
}

/**
 * The line under an event's text: for a note its author, and for a note the GM kept from the
 * players a "GM only" mark (only a GM's reads hold such notes); then the time.
 */
function eventMeta(event: JsonObject, isNote: boolean, names: LogNames): HTMLElement {
  const timestamp = stringOr(event.ts, "");
  const parts: HTMLElement[] = [];
  if (isNote) {
    parts.push(element("span", { className: "event-author", text: authorOf(event, names) }));
  }
  if (event.gm_only === true) {
    parts.push(element("span", { className: "event-gm-only", text: "GM only" }));
  }
  parts.push(
    element("time", { text: timestamp.slice(11, 19), attributes: { datetime: timestamp } }),
  );
  return element("p", { className: "event-meta" }, parts);
}

/**
 * One event of the log as a list item: its seq, its sentence, and its meta line.
 *
 * @param event - the event as the session's events resource gives it
 * @param names - how to name characters and authors
 * @returns the list item
 */
export function eventItem(event: JsonObject, names: LogNames): HTMLLIElement {
  const { kind, text } = tellEvent(stringOr(event.type, ""), parsedPayload(event), names.nameOf);
  const seq = numberOr(event.seq, 0);
  const secret = event.gm_only === true ? " event-secret" : "";
  return element(
    "li",
    { className: `event event-${kind}${secret}`, attributes: { "data-seq": String(seq) } },
    [
      element("span", { className: "event-seq", text: `#${seq}` }),
      element("p", { className: "event-text", text }),
      eventMeta(event, kind === "note", names),
    ],
  );
}
