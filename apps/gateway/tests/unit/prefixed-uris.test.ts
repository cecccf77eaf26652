import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  exposedPromptResult,
  exposedReadResult,
  exposedToolResult,
  exposedViewMeta,
} from "../../src/catalog/exposed-uris.js";
import { exposedUri, originalUri } from "../../src/catalog/names.js";
import { matchesTemplate } from "../../src/session/uri-template.js";

const PREFIX = fc.stringMatching(/^[a-zA-Z0-9_-]{1,32}$/);

describe("a prefixed server's URIs (docs/gateway.md §5.1)", () => {
  it("carry PREFIX__ right after the scheme's :// or :", () => {
    expect(exposedUri("d2", "ui://dice/roll.html")).toBe("ui://d2__dice/roll.html");
    expect(exposedUri("w2", "world://source")).toBe("world://w2__source");
    expect(exposedUri("c", "campaigns://list{?cursor,limit}")).toBe(
      "campaigns://c__list{?cursor,limit}",
    );
    expect(exposedUri("f", "file:///srv/notes.md")).toBe("file://f__/srv/notes.md");
    expect(exposedUri("u", "urn:isbn:0451450523")).toBe("urn:u__isbn:0451450523");
    expect(exposedUri("n", "no-scheme/at-all")).toBe("n__no-scheme/at-all");
  });

  it("are unchanged without a prefix, both ways", () => {
    expect(exposedUri(undefined, "ui://dice/roll.html")).toBe("ui://dice/roll.html");
    expect(originalUri(undefined, "ui://d2__dice/roll.html")).toBe("ui://d2__dice/roll.html");
  });

  it("map back exactly, whatever the URI", () => {
    const uri = fc.oneof(
      fc.string(),
      fc.webUrl(),
      fc
        .tuple(fc.stringMatching(/^[a-z][a-z0-9+.-]{0,8}$/), fc.string())
        .map(([s, r]) => `${s}:${r}`),
      fc
        .tuple(fc.stringMatching(/^[a-z][a-z0-9+.-]{0,8}$/), fc.string())
        .map(([s, r]) => `${s}://${r}`),
    );
    fc.assert(
      fc.property(PREFIX, uri, (prefix, original) => {
        const exposed = exposedUri(prefix, original);
        expect(originalUri(prefix, exposed)).toBe(original);
      }),
    );
  });

  it("belong to no other prefix unless one's PREFIX__ begins the other's", () => {
    fc.assert(
      fc.property(PREFIX, PREFIX, fc.webUrl(), (mine, other, original) => {
        fc.pre(!`${mine}__`.startsWith(`${other}__`) && !`${other}__`.startsWith(`${mine}__`));
        expect(originalUri(other, exposedUri(mine, original))).toBeUndefined();
      }),
    );
    expect(originalUri("d2", "ui://dice/roll.html")).toBeUndefined();
    expect(originalUri("d2", "ui://d2dice/roll.html")).toBeUndefined();
  });

  it("keep templates matching the URIs they expand to, prefixed alike", () => {
    const template = exposedUri("c2", "campaign://{campaign_id}/notes");
    expect(template).toBe("campaign://c2__{campaign_id}/notes");
    expect(matchesTemplate(template, exposedUri("c2", "campaign://abc/notes"))).toBe(true);
    expect(matchesTemplate(template, "campaign://abc/notes")).toBe(false);
    const scheme = exposedUri("p", "{scheme}://item/{id}");
    expect(originalUri("p", scheme)).toBe("{scheme}://item/{id}");
    expect(originalUri("p", "p__fixture://item/1")).toBe("fixture://item/1");
  });
});

describe("a prefixed server's answers", () => {
  it("name its views under their exposed URIs, both keys, nothing else changed", () => {
    const meta = {
      ui: { resourceUri: "ui://dice/roll.html", visibility: ["model", "app"] },
      "ui/resourceUri": "ui://dice/roll.html",
      "tabletop/scope": "tabletop:play",
    };
    expect(exposedViewMeta("d2", meta)).toEqual({
      ui: { resourceUri: "ui://d2__dice/roll.html", visibility: ["model", "app"] },
      "ui/resourceUri": "ui://d2__dice/roll.html",
      "tabletop/scope": "tabletop:play",
    });
    expect(meta.ui.resourceUri).toBe("ui://dice/roll.html");
    expect(exposedViewMeta(undefined, meta)).toBe(meta);
    const plain = { "tabletop/scope": "tabletop:play" };
    expect(exposedViewMeta("d2", plain)).toBe(plain);
    expect(exposedViewMeta("d2", undefined)).toBeUndefined();
  });

  it("give a tool result's view and resource links, and embedded resources, exposed URIs", () => {
    const result = {
      content: [
        { type: "text" as const, text: "ui://dice/roll.html" },
        { type: "resource_link" as const, uri: "world://source", name: "source" },
        {
          type: "resource" as const,
          resource: { uri: "world://compiled", text: "{}", mimeType: "application/json" },
        },
      ],
      structuredContent: { uri: "world://source" },
      _meta: { ui: { resourceUri: "ui://world/map.html" } },
    };
    expect(exposedToolResult("w2", result)).toEqual({
      content: [
        { type: "text", text: "ui://dice/roll.html" },
        { type: "resource_link", uri: "world://w2__source", name: "source" },
        {
          type: "resource",
          resource: { uri: "world://w2__compiled", text: "{}", mimeType: "application/json" },
        },
      ],
      structuredContent: { uri: "world://source" },
      _meta: { ui: { resourceUri: "ui://w2__world/map.html" } },
    });
    expect(exposedToolResult(undefined, result)).toBe(result);
  });

  it("give every content of a read its exposed URI", () => {
    const read = {
      contents: [
        { uri: "world://source", text: "a" },
        { uri: "world://other", blob: "Yg==" },
      ],
    };
    expect(exposedReadResult("w2", read)).toEqual({
      contents: [
        { uri: "world://w2__source", text: "a" },
        { uri: "world://w2__other", blob: "Yg==" },
      ],
    });
  });

  it("give a prompt's embedded resources and links exposed URIs", () => {
    const prompt = {
      messages: [
        { role: "user" as const, content: { type: "text" as const, text: "world://source" } },
        {
          role: "user" as const,
          content: { type: "resource_link" as const, uri: "world://source", name: "s" },
        },
      ],
    };
    expect(exposedPromptResult("w2", prompt).messages).toEqual([
      { role: "user", content: { type: "text", text: "world://source" } },
      { role: "user", content: { type: "resource_link", uri: "world://w2__source", name: "s" } },
    ]);
  });
});
