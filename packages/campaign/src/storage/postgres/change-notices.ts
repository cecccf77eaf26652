import type { ChangeAudience } from "../campaign-store.js";

/** The PostgreSQL channel every replica listens on for committed changes. */
export const CHANGE_CHANNEL = "tabletop_campaign";

/**
 * PostgreSQL refuses NOTIFY payloads of 8,000 bytes or more. A write changes at most five
 * URIs of at most about 90 characters each, and its audience names one campaign, so a notice
 * stays far below; this bound makes sure of it.
 */
export const MAX_NOTICE_BYTES = 7_999;

/**
 * What a replica publishes on the channel: who wrote, which URIs changed and who may hear of
 * them (never data).
 */
export interface ChangeNotice {
  origin: string;
  uris: readonly string[];
  audience?: ChangeAudience;
}

/**
 * The payloads announcing one write's changed URIs: one, unless the URIs would not fit under
 * PostgreSQL's payload limit, in which case they are spread over several.
 *
 * @param origin - the writing store
 * @param uris - the changed URIs
 * @param audience - who may hear of them, if the write said
 * @returns the payloads, each under {@link MAX_NOTICE_BYTES}
 */
export function changePayloads(
  origin: string,
  uris: readonly string[],
  audience?: ChangeAudience,
): string[] {
  const payloads: string[] = [];
  let batch: string[] = [];
  const encode = (list: readonly string[]) =>
    JSON.stringify(
      audience === undefined ? { origin, uris: list } : { origin, uris: list, audience },
    );
  for (const uri of uris) {
    const candidate = [...batch, uri];
    if (batch.length > 0 && Buffer.byteLength(encode(candidate)) > MAX_NOTICE_BYTES) {
      payloads.push(encode(batch));
      batch = [uri];
    } else {
      batch = candidate;
    }
  }
  if (batch.length > 0) payloads.push(encode(batch));
  return payloads;
}

/**
 * Reads a payload of the channel; anything else that arrives there is ignored.
 *
 * @param payload - the NOTIFY payload
 * @returns the notice, or `undefined` when the payload is not one
 */
export function parseNotice(payload: string): ChangeNotice | undefined {
  let value: unknown;
  try {
    value = JSON.parse(payload);
  } catch {
    return undefined;
  }
  if (typeof value !== "object" || value === null) return undefined;
  const { origin, uris, audience } = value as Record<string, unknown>;
  if (typeof origin !== "string" || !Array.isArray(uris)) return undefined;
  if (!uris.every((uri) => typeof uri === "string")) return undefined;
  if (audience === undefined) return { origin, uris: uris as string[] };
  if (!isAudience(audience)) return undefined;
  return { origin, uris: uris as string[], audience };
}

function isAudience(value: unknown): value is ChangeAudience {
  if (typeof value !== "object" || value === null) return false;
  const { campaign_id, gm_only } = value as Record<string, unknown>;
  return typeof campaign_id === "string" && typeof gm_only === "boolean";
}
