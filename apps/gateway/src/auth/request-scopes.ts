import type { Tool } from "@modelcontextprotocol/server";
import type { ScopeOfRequest } from "@tabletop-mcp/kit/auth";
import type { ExposedTool } from "../catalog/catalog.js";
import type { Upstream } from "../upstreams/upstream.js";

/** The scope `gateway://stats` and the health details need. */
export const ADMIN_SCOPE = "gateway:admin";

/** The `_meta` key in which a kit server's tool listing names its scope. */
const SCOPE_META_KEY = "tabletop/scope";

/** What the gateway's scope check reads of a session. */
export interface ScopeSources {
  readonly tools: ReadonlyMap<string, ExposedTool>;
  /** The upstream a client's resource URI belongs to, and its own URI for it. */
  route(uri: string): { upstream: Upstream; uri: string } | undefined;
  readonly statsUri: string;
}

/**
 * The scopes each request to the gateway needs, checked (by the kit's HTTP layer) before it
 * is routed: an upstream's configured `scopes` cover everything of it; otherwise a tool needs
 * the scope its listing names (every builtin tool names one) and a resource the scope its
 * builtin server declares; `gateway://stats` needs `gateway:admin`.
 *
 * @param sources - the exposed tools and the resource routes
 * @returns the scope lookup to declare on a session's server
 */
export function gatewayScopeOf(sources: ScopeSources): ScopeOfRequest {
  return (method, params) => {
    if (method === "tools/call") {
      const tool = typeof params.name === "string" ? sources.tools.get(params.name) : undefined;
      if (!tool) return [];
      return tool.upstream.entry.scopes ?? listedScope(tool.definition);
    }
    const uri = params.uri;
    if (typeof uri !== "string") return [];
    if (uri === sources.statsUri) return [ADMIN_SCOPE];
    const found = sources.route(uri);
    if (!found) return [];
    const { upstream } = found;
    return upstream.entry.scopes ?? upstream.requestScopes(method, { ...params, uri: found.uri });
  };
}

function listedScope(definition: Tool): readonly string[] {
  const scope = definition._meta?.[SCOPE_META_KEY];
  return typeof scope === "string" ? [scope] : [];
}
