import type { ResourceHub } from "@tabletop-mcp/kit";
import type { CampaignStore, ExternalChange } from "./storage/campaign-store.js";
import { audienceLabel, EVERY_SUBSCRIBER } from "./update-filter.js";

/** The hubs each store already relays to. */
const relays = new WeakMap<CampaignStore, WeakSet<ResourceHub>>();

function announceEverySubscription(hub: ResourceHub): void {
  for (const uri of hub.subscribedUris()) hub.updated(uri, EVERY_SUBSCRIBER);
}

function relay(hub: ResourceHub, change: ExternalChange): void {
  if (change.kind === "missed") {
    announceEverySubscription(hub);
    return;
  }
  const label = change.audience && audienceLabel(change.audience);
  for (const uri of change.uris) hub.updated(uri, label);
}

/**
 * Announces changes that other processes commit to the store's database to the hub's
 * subscribers, as if they had been made here: the updates of docs/campaign.md §7 hold across
 * processes, through the same filter (only those who may read a change hear of it). After
 * missed changes every subscribed URI is announced once, since any of them may have changed.
 * Idempotent per store and hub.
 *
 * @param store - the process-wide store
 * @param hub - the process-wide resource hub
 */
export function relayExternalChanges(store: CampaignStore, hub: ResourceHub): void {
  let hubs = relays.get(store);
  if (!hubs) {
    hubs = new WeakSet();
    relays.set(store, hubs);
  }
  if (hubs.has(hub)) return;
  hubs.add(hub);
  store.watchExternalChanges((change) => relay(hub, change));
}
