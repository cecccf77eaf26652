import { describe, expect, it } from "vitest";
import { ChangePublisher } from "../../../src/storage/postgres/change-publisher.js";

/** A send that holds each batch until released, recording what it was given. */
function heldSends() {
  const batches: unknown[][] = [];
  const releases: (() => void)[] = [];
  const send = (payloads: readonly string[]) => {
    batches.push(payloads.map((payload) => JSON.parse(payload)));
    return new Promise<void>((resolve) => releases.push(resolve));
  };
  return { batches, releases, send };
}

async function settle(): Promise<void> {
  await new Promise((resolve) => setImmediate(resolve));
}

describe("ChangePublisher", () => {
  it("gathers the writes committed while a notice is on its way, each audience in notices of its own", async () => {
    const { batches, releases, send } = heldSends();
    const publisher = new ChangePublisher({ origin: "o1", send, onFailed: () => {} });
    const table = { campaign_id: "c1", gm_only: false };
    const gmOnly = { campaign_id: "c1", gm_only: true };

    publisher.publish(["campaign://c1"], table);
    await settle();
    publisher.publish(["session://s1/events"], gmOnly);
    publisher.publish(["campaign://c1", "campaign://c1/characters"], table);
    publisher.publish(["campaign://c1/characters"], table);
    await settle();
    expect(batches).toHaveLength(1);

    releases[0]?.();
    await settle();
    expect(batches).toEqual([
      [{ origin: "o1", uris: ["campaign://c1"], audience: table }],
      [
        { origin: "o1", uris: ["session://s1/events"], audience: gmOnly },
        { origin: "o1", uris: ["campaign://c1", "campaign://c1/characters"], audience: table },
      ],
    ]);
    releases[1]?.();
    await publisher.close();
  });

  it("sends a failed batch again, and nothing for a write that changed nothing", async () => {
    const sent: string[][] = [];
    let failures = 1;
    const reasons: string[] = [];
    const publisher = new ChangePublisher({
      origin: "o2",
      send: async (payloads) => {
        if (failures-- > 0) throw new Error("connection refused");
        sent.push([...payloads]);
      },
      onFailed: (reason) => reasons.push(reason),
    });

    publisher.publish([]);
    publisher.publish(["campaigns://list"]);
    await new Promise((resolve) => setTimeout(resolve, 400));
    await publisher.close();

    expect(reasons).toEqual(["connection refused"]);
    expect(sent.map((payloads) => payloads.map((payload) => JSON.parse(payload)))).toEqual([
      [{ origin: "o2", uris: ["campaigns://list"] }],
    ]);
  });
});
