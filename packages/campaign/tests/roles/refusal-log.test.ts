import { createLogger, ResourceHub } from "@tabletop-mcp/kit";
import { describe, expect, it } from "vitest";
import { callError, callOk } from "../e2e/harness.js";
import { connectAs } from "../support/callers.js";
import { freshStore, STORE_KIND } from "../support/store-under-test.js";

describe(`refusals on ${STORE_KIND}`, () => {
  it("are logged with the refused subject and client, never silently", async () => {
    const store = await freshStore();
    const lines: string[] = [];
    const logger = createLogger("tabletop-campaign", "warn", (line) => lines.push(line));
    const shared = { store, hub: new ResourceHub(), logger };
    const gm = await connectAs(shared, { subject: "gm-sub" });
    const player = await connectAs(shared, { subject: "player-sub" });
    const campaign = await callOk(gm.client, "campaign_create", { name: "Logged", gm_mode: "AI" });
    await callOk(gm.client, "participant_create", {
      campaign_id: campaign.id,
      display_name: "Pat",
      role: "PLAYER",
      user: player.subject,
    });

    await callError(player.client, "session_start", { campaign_id: campaign.id });

    const refusals = lines
      .map((line) => JSON.parse(line) as Record<string, unknown>)
      .filter((record) => record.subject !== undefined);
    expect(refusals).toEqual([
      expect.objectContaining({
        level: "warn",
        message: "permission denied: only the GM may start a session",
        subject: "player-sub",
      }),
    ]);
    await gm.client.close();
    await player.client.close();
  });
});
