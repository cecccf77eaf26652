import { describe, expect, it } from "vitest";
import * as z from "zod";
import { defineAppView, defineTool, linkAppViews } from "../src/index.js";

const spec = {
  name: "peek",
  title: "Peek",
  description: "Looks at something.",
  input: z.strictObject({}),
  output: z.object({ seen: z.boolean() }),
  annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true },
  handler: () => ({ seen: true }),
};

describe("a tool's scope", () => {
  it("is the description's last line and the listing's tabletop/scope", () => {
    const tool = defineTool({ ...spec, scope: "campaign:read" });
    expect(tool.listing.description).toBe("Looks at something.\n\nRequires scope: campaign:read");
    expect(tool.listing._meta).toEqual({ "tabletop/scope": "campaign:read" });
    expect(tool.scope).toBe("campaign:read");
  });

  it("leaves description and _meta alone when the tool declares none", () => {
    const tool = defineTool(spec);
    expect(tool.listing.description).toBe("Looks at something.");
    expect(tool.listing._meta).toBeUndefined();
  });

  it("stays beside a view's _meta when the tool is linked to a view", () => {
    const tool = defineTool({ ...spec, scope: "tabletop:play" });
    const view = defineAppView({
      uri: "ui://kit/peek.html",
      name: "peek",
      title: "Peek",
      description: "A view",
      file: new URL("file:///nowhere.html"),
    });
    const [linked] = linkAppViews([tool], new Map([["peek", view]]));
    expect(linked?.listing._meta).toEqual({
      "tabletop/scope": "tabletop:play",
      ui: { resourceUri: "ui://kit/peek.html" },
      "ui/resourceUri": "ui://kit/peek.html",
    });
    expect(linked?.scope).toBe("tabletop:play");
  });

  it("must be one scope token", () => {
    expect(() => defineTool({ ...spec, scope: "campaign:read campaign:write" })).toThrow(
      'Invalid scope of peek: "campaign:read campaign:write"',
    );
  });
});
