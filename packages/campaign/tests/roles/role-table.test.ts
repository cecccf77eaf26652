import { ResourceHub } from "@tabletop-mcp/kit";
import { afterAll, beforeAll, describe } from "vitest";
import type { CampaignStore } from "../../src/storage/campaign-store.js";
import { connectAs } from "../support/callers.js";
import {
  freshDatabase,
  openTestStore,
  STORE_KIND,
  type TestDatabase,
} from "../support/store-under-test.js";
import { GM, PLAYER, roleTableTests, STRANGER, type TableConnection } from "./role-table.js";

describe(`the role table on ${STORE_KIND}, callers with tokens over the in-memory transport`, () => {
  let database: TestDatabase;
  let store: CampaignStore;
  let connection: TableConnection;

  beforeAll(async () => {
    database = await freshDatabase();
    store = await openTestStore(database.location);
    const shared = { store, hub: new ResourceHub(), rollDie: () => 6 };
    const [gm, player, stranger] = await Promise.all(
      [GM, PLAYER, STRANGER].map((user) => connectAs(shared, user)),
    );
    if (!gm || !player || !stranger) throw new Error("a client did not connect");
    connection = {
      gm: gm.client,
      player: player.client,
      stranger: stranger.client,
      location: database.location,
    };
  });

  afterAll(async () => {
    await Promise.all(
      [connection.gm, connection.player, connection.stranger].map((client) => client.close()),
    );
    await store.close();
    await database.remove();
  });

  roleTableTests(() => connection);
});
