import type { Client } from "@modelcontextprotocol/client";
import { ResourceHub } from "@tabletop-mcp/kit";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { CampaignStore } from "../../src/storage/campaign-store.js";
import { callOk, structured } from "../e2e/harness.js";
import { connectAs } from "../support/callers.js";
import { type DatabaseDump, dumpDatabase } from "../support/database-dump.js";
import {
  freshDatabase,
  openTestStore,
  STORE_KIND,
  type TestDatabase,
} from "../support/store-under-test.js";

/** What a call answered: its structured content and whether it is an error. */
async function search(client: Client, args: Record<string, unknown>) {
  const result = await client.callTool({ name: "session_log_search", arguments: args });
  return { isError: result.isError === true, content: structured(result) };
}

describe(`session_log_search's arguments on ${STORE_KIND}`, () => {
  let database: TestDatabase;
  let store: CampaignStore;
  let gm: Client;
  let campaign: string;
  let dump: DatabaseDump;

  beforeAll(async () => {
    database = await freshDatabase();
    store = await openTestStore(database.location);
    gm = (await connectAs({ store, hub: new ResourceHub() }, { subject: "gm-sub" })).client;
    campaign = (await callOk(gm, "campaign_create", { name: "Q", gm_mode: "HUMAN" })).id as string;
    const session = await callOk(gm, "session_start", { campaign_id: campaign });
    await callOk(gm, "session_note_add", {
      session_id: session.id,
      text: 'The "near" gate: goblins (and NOT orcs) ^ever* -- said Ann',
    });
    dump = await dumpDatabase(database.location);
  });

  afterAll(async () => {
    await gm.close();
    await store.close();
    await database.remove();
  });

  it("refuses a query of 10,000 characters, naming query and its limit", async () => {
    const answer = await search(gm, { campaign_id: campaign, query: "goblin ".repeat(1429) });
    expect(answer).toEqual({
      isError: true,
      content: {
        error: {
          message: "Invalid parameters provided",
          details: [
            {
              parameter: "query",
              issue: expect.stringMatching(/exceeds maximum allowed \(200 characters\)$/),
              valid_range: "1-200 characters",
            },
          ],
        },
      },
    });
  });

  it("refuses a query without words or with more than twelve, naming query and the limit", async () => {
    const noWords = await search(gm, { campaign_id: campaign, query: ' "*^:()-+~ ' });
    const tooMany = await search(gm, {
      campaign_id: campaign,
      query: "a b c d e f g h i j k l m A B",
    });
    expect(noWords.content).toEqual({
      error: {
        message: "Invalid parameters provided",
        details: [
          {
            parameter: "query",
            issue: "Has no words to search for; give letters or digits",
            valid_range: "1-12 words",
          },
        ],
      },
    });
    expect(tooMany.content).toEqual({
      error: {
        message: "Invalid parameters provided",
        details: [
          {
            parameter: "query",
            issue: "Has 13 distinct words; at most 12 allowed",
            valid_range: "1-12 words",
          },
        ],
      },
    });
  });

  it("reads every search operator as a space, finding the note by its plain words", async () => {
    for (const query of [
      '"near" gate',
      "goblins AND NOT orcs",
      "ever* ^ann",
      "NEAR(gate goblins)",
      "gate:goblins -said",
      '(goblins) "said"""',
    ]) {
      const answer = await search(gm, { campaign_id: campaign, query });
      expect(answer.isError).toBe(false);
      expect((answer.content.events as unknown[]).length).toBe(1);
    }
  });

  it("answers any query with events or with a problem naming query, and writes nothing", async () => {
    await fc.assert(
      fc.asyncProperty(fc.string({ unit: "binary", maxLength: 300 }), async (query) => {
        const answer = await search(gm, { campaign_id: campaign, query });
        if (answer.isError) {
          const details = (answer.content.error as { details?: { parameter: string }[] }).details;
          expect(details?.map((detail) => detail.parameter)).toEqual(["query"]);
        } else {
          expect(Array.isArray(answer.content.events)).toBe(true);
        }
      }),
      { numRuns: 150 },
    );
    expect(await dumpDatabase(database.location)).toEqual(dump);
  });

  it("refuses a malformed cursor, limit or type in the invalid-parameters shape", async () => {
    const answer = await search(gm, {
      campaign_id: campaign,
      query: "goblins",
      cursor: "sess_x.0",
      limit: 0,
      types: ["NOTE_DELETED"],
    });
    const details = (answer.content.error as { details: { parameter: string }[] }).details;
    expect(details.map((detail) => detail.parameter).sort()).toEqual([
      "cursor",
      "limit",
      "types[0]",
    ]);
  });
});
