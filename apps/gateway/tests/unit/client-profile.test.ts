import { describe, expect, it } from "vitest";
import {
  GATEWAY_PROFILE,
  missingCapability,
  profileKey,
  profileOf,
} from "../../src/session/client-profile.js";

describe("a client's profile", () => {
  it("keeps only the capabilities an upstream can use through the gateway", () => {
    expect(
      profileOf({
        sampling: {},
        roots: { listChanged: true },
        experimental: { x: {} },
        tasks: { list: {} },
      }),
    ).toEqual({ sampling: {}, roots: { listChanged: true } });
    expect(profileOf(undefined)).toEqual({});
  });

  it("has one key whatever the order of its keys", () => {
    expect(profileKey({ roots: { listChanged: true }, sampling: {} })).toBe(
      profileKey({ sampling: {}, roots: { listChanged: true } }),
    );
    expect(profileKey({ sampling: {} })).not.toBe(profileKey({}));
  });
});

describe("the capability a request needs", () => {
  const sampling = { method: "sampling/createMessage", params: { messages: [], maxTokens: 1 } };
  const withTools = { ...sampling, params: { ...sampling.params, tools: [] } };
  const form = { method: "elicitation/create", params: { message: "m", requestedSchema: {} } };
  const url = { method: "elicitation/create", params: { mode: "url", url: "https://x/" } };
  const roots = { method: "roots/list" };

  it("is reported missing, by its path, when the client did not declare it", () => {
    expect(missingCapability({}, sampling)).toBe("sampling");
    expect(missingCapability({ sampling: {} }, withTools)).toBe("sampling.tools");
    expect(missingCapability({}, form)).toBe("elicitation");
    expect(missingCapability({ elicitation: { form: {} } }, url)).toBe("elicitation.url");
    expect(missingCapability({ elicitation: { url: {} } }, form)).toBe("elicitation.form");
    expect(missingCapability({}, roots)).toBe("roots");
  });

  it("is there when declared, a bare elicitation meaning form mode", () => {
    expect(missingCapability({ sampling: {} }, sampling)).toBeUndefined();
    expect(missingCapability({ sampling: { tools: {} } }, withTools)).toBeUndefined();
    expect(missingCapability({ elicitation: {} }, form)).toBeUndefined();
    expect(missingCapability({ elicitation: { url: {}, form: {} } }, url)).toBeUndefined();
    expect(missingCapability({ roots: {} }, roots)).toBeUndefined();
  });

  it("is all there in the gateway's own profile", () => {
    for (const request of [sampling, withTools, form, url, roots]) {
      expect(missingCapability(GATEWAY_PROFILE, request)).toBeUndefined();
    }
  });
});
