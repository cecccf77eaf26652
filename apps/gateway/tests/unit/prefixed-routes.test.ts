// Where a URI no upstream listed goes when prefixed and unprefixed copies of a server could
// both claim it (docs/gateway.md §7.1), and the fix a collision line suggests (§5.3).
import { describe, expect, it } from "vitest";
import { Catalog } from "../../src/catalog/catalog.js";
import { collisionMessage } from "../../src/catalog/names.js";
import { route } from "../../src/session/resource-requests.js";
import type { SessionContext } from "../../src/session/session-context.js";
import type { Upstream } from "../../src/upstreams/upstream.js";
import type { UpstreamListing } from "../../src/upstreams/upstream-client.js";

function upstream(
  name: string,
  index: number,
  prefix: string | undefined,
  templates: string[],
  resources: string[] = [],
): Upstream {
  const listing: UpstreamListing = {
    tools: [],
    prompts: [],
    resourceTemplates: templates.map((uriTemplate) => ({ uriTemplate, name: uriTemplate })),
    resources: resources.map((uri) => ({ uri, name: uri })),
    instructions: undefined,
    capabilities: { resources: {} },
    missing: [],
    cacheHints: {},
  };
  return {
    name,
    index,
    entry: { kind: "stdio", name, prefix, tiers: {} },
    listing,
    withheld: [],
    markConflict: () => undefined,
  } as unknown as Upstream;
}

/** A session of a gateway over these upstreams, their listings applied in config order. */
function sessionOver(upstreams: Upstream[]): SessionContext {
  const catalog = new Catalog(upstreams);
  for (const each of upstreams) {
    const change = catalog.apply(each, each.listing as UpstreamListing);
    expect(change.problems).toEqual([]);
  }
  return { host: { catalog, upstreams }, routes: new Map() } as unknown as SessionContext;
}

function where(session: SessionContext, uri: string): [string, string] | undefined {
  const found = route(session, uri);
  return found && [found.upstream.name, found.uri];
}

describe("a URI no upstream listed", () => {
  it("goes to the prefixed copy whose PREFIX__ it carries, though an unprefixed template matches too", () => {
    const session = sessionOver([
      upstream("campaign", 0, undefined, ["campaign://{campaign_id}"]),
      upstream("c2", 1, "c2", ["campaign://{campaign_id}"]),
    ]);
    expect(where(session, "campaign://c2__x")).toEqual(["c2", "campaign://x"]);
    expect(where(session, "campaign://x")).toEqual(["campaign", "campaign://x"]);
  });

  it("goes to the longest prefix it carries first", () => {
    const session = sessionOver([
      upstream("short", 0, "a", ["ui://{host}/view.html"]),
      upstream("long", 1, "a_", ["ui://{host}/view.html"]),
    ]);
    expect(where(session, "ui://a___x/view.html")).toEqual(["long", "ui://x/view.html"]);
    expect(where(session, "ui://a__x/view.html")).toEqual(["short", "ui://x/view.html"]);
  });

  it("goes by scheme only to an upstream whose URIs it could be, its own URI sent", () => {
    const session = sessionOver([
      upstream("plain", 0, undefined, [], ["notes://index"]),
      upstream("n2", 1, "n2", [], ["notes://index"]),
    ]);
    expect(where(session, "notes://n2__page/4")).toEqual(["n2", "notes://page/4"]);
    expect(where(session, "notes://page/4")).toEqual(["plain", "notes://page/4"]);
    expect(where(session, "other://page/4")).toBeUndefined();
  });

  it("of a prefix nobody has goes nowhere when only prefixed upstreams list that scheme", () => {
    const session = sessionOver([upstream("n2", 0, "n2", [], ["notes://index"])]);
    expect(where(session, "notes://n3__page/4")).toBeUndefined();
  });
});

describe("a collision line's fix", () => {
  const plain = (name: string) => ({ name, prefix: undefined });
  const prefixed = (name: string, prefix: string) => ({ name, prefix });

  it("fits the two upstreams' prefixes", () => {
    expect(collisionMessage("resource URI", "ui://x/a.html", plain("a"), plain("b"))).toBe(
      'resource URI collision: "ui://x/a.html" is provided by "a" and "b"; set "prefix" on one of them',
    );
    expect(
      collisionMessage("resource template", "x://p__{id}", prefixed("a", "p"), prefixed("b", "p")),
    ).toBe(
      'resource template collision: "x://p__{id}" is provided by "a" and "b"; give them different prefixes',
    );
    expect(collisionMessage("tool name", "p__roll", plain("a"), prefixed("b", "p"), "roll")).toBe(
      'tool name collision: "p__roll" is provided by "a" and "b"; change the "prefix" of one of them or add "roll" to its "tools.deny"',
    );
    expect(
      collisionMessage("prompt name", "p__greet", prefixed("a", "q"), prefixed("b", "p")),
    ).toBe(
      'prompt name collision: "p__greet" is provided by "a" and "b"; change the "prefix" of one of them',
    );
  });
});
