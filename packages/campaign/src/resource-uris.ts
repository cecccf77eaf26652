/** The URIs of the server's resources, without query (docs/campaign.md §6, §7). */
export const CAMPAIGNS_LIST_URI = "campaigns://list";
export const CONTEXT_URI = "context://current";

/** @returns `campaign://{campaignId}` */
export function campaignUri(campaignId: string): string {
  return `campaign://${campaignId}`;
}

/** @returns `campaign://{campaignId}/participants` */
export function participantsUri(campaignId: string): string {
  return `campaign://${campaignId}/participants`;
}

/** @returns `campaign://{campaignId}/characters` */
export function charactersUri(campaignId: string): string {
  return `campaign://${campaignId}/characters`;
}

/** @returns `campaign://{campaignId}/sessions` */
export function sessionsUri(campaignId: string): string {
  return `campaign://${campaignId}/sessions`;
}

/** @returns `campaign://{campaignId}/adversaries`, its GM's alone */
export function adversariesUri(campaignId: string): string {
  return `campaign://${campaignId}/adversaries`;
}

/** @returns `campaign://{campaignId}/countdowns` */
export function countdownsUri(campaignId: string): string {
  return `campaign://${campaignId}/countdowns`;
}

/** @returns `encounter://{encounterId}` */
export function encounterUri(encounterId: string): string {
  return `encounter://${encounterId}`;
}

/** @returns `session://{sessionId}/events` */
export function eventsUri(sessionId: string): string {
  return `session://${sessionId}/events`;
}
