import { describe, expect, it } from "vitest";
import {
  changePayloads,
  MAX_NOTICE_BYTES,
  parseNotice,
} from "../../../src/storage/postgres/change-notices.js";

describe("change notices", () => {
  it("announce one write's URIs in one payload", () => {
    expect(changePayloads("abc", ["campaigns://list", "campaign://camp_a"])).toEqual([
      '{"origin":"abc","uris":["campaigns://list","campaign://camp_a"]}',
    ]);
    expect(changePayloads("abc", [])).toEqual([]);
  });

  it("spread URIs that would not fit under PostgreSQL's limit over several payloads", () => {
    const uris = Array.from({ length: 200 }, (_, index) => `campaign://${"x".repeat(60)}${index}`);
    const payloads = changePayloads("abc", uris);
    expect(payloads.length).toBeGreaterThan(1);
    for (const payload of payloads) {
      expect(Buffer.byteLength(payload)).toBeLessThanOrEqual(MAX_NOTICE_BYTES);
    }
    expect(payloads.flatMap((payload) => parseNotice(payload)?.uris ?? [])).toEqual(uris);
  });

  it("ignore payloads that are not notices", () => {
    expect(parseNotice("not json")).toBeUndefined();
    expect(parseNotice('{"origin":1,"uris":[]}')).toBeUndefined();
    expect(parseNotice('{"origin":"a","uris":[1]}')).toBeUndefined();
    expect(parseNotice('{"origin":"a"}')).toBeUndefined();
    expect(parseNotice('{"origin":"a","uris":["u"]}')).toEqual({ origin: "a", uris: ["u"] });
  });
});
