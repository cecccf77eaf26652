import { ProtocolErrorCode } from "@modelcontextprotocol/server";
import { ProtocolError, uriParam } from "./request-params.js";
import type { ResourceSpec, ResourceTemplate } from "./resource.js";

/** What a server's subscriptions may name: its fixed resources and its templates. */
export interface ServedResources {
  readonly resources?: readonly Pick<ResourceSpec, "uri">[];
  readonly resourceTemplates?: readonly Pick<ResourceTemplate, "match">[];
}

/**
 * Reads the `uri` of `resources/subscribe` and `resources/unsubscribe`, admitting only the
 * server's own URI forms (docs/contract.md §7.8): exactly a fixed resource's URI, or a URI one
 * of its templates matches (so the scheme's case counts), and never one with a fragment. A
 * subscription to anything else would never hear of a change, and would take room.
 *
 * @param served - the server's fixed resources and resource templates
 * @returns a reader for `onRequest`
 * @throws ProtocolError `-32602` naming `uri` (from the reader), also for what `uriParam` refuses
 */
export function subscriptionUriParam(
  served: ServedResources,
): (params: Readonly<Record<string, unknown>>) => { uri: string } {
  const fixed = new Set((served.resources ?? []).map((resource) => resource.uri));
  const templates = served.resourceTemplates ?? [];
  return (params) => {
    const { uri } = uriParam(params);
    const known =
      !uri.includes("#") &&
      (fixed.has(uri) || templates.some((template) => template.match(uri) !== undefined));
    if (!known) {
      throw new ProtocolError(
        ProtocolErrorCode.InvalidParams,
        "params.uri names no resource of this server; use a URI from resources/list, or one of a template from resources/templates/list, without a fragment",
        { uri },
      );
    }
    return { uri };
  };
}
