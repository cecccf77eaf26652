import type { Client } from "@modelcontextprotocol/client";
import { callTool } from "@tabletop-mcp/kit/testing";
import type { IdPool } from "./schema-arbitrary.js";

function idOf(structured: unknown, what: string): string {
  const id = (structured as { id?: unknown } | undefined)?.id;
  if (typeof id !== "string")
    throw new Error(`${what} returned no id: ${JSON.stringify(structured)}`);
  return id;
}

/**
 * Creates a campaign, a character and an active session, so that generated calls reach past
 * "not found" into the handlers.
 */
export async function campaignIdPool(client: Client): Promise<IdPool> {
  const campaign = idOf(
    (await callTool(client, "campaign_create", { name: "Fuzz", gm_mode: "HYBRID" }))
      .structuredContent,
    "campaign_create",
  );
  const character = idOf(
    (await callTool(client, "character_create", { campaign_id: campaign, name: "Ash", kind: "PC" }))
      .structuredContent,
    "character_create",
  );
  const session = idOf(
    (await callTool(client, "session_start", { campaign_id: campaign, name: "One" }))
      .structuredContent,
    "session_start",
  );
  return { campaign_id: [campaign], character_id: [character], session_id: [session] };
}
