import {
  ProtocolError,
  ProtocolErrorCode,
  ResourceNotFoundError,
} from "@modelcontextprotocol/server";
import type { ResourceListPage, ResourceTemplate } from "@tabletop-mcp/kit";
import type { CampaignStore, Page } from "../storage/campaign-store.js";
import {
  classifyResourceUri,
  invalidResourceUri,
  parseResourceUri,
  type ResourceAddress,
  type ResourceKind,
} from "./resource-address.js";

/** How one template family is described and read. */
export interface CampaignTemplateSpec {
  kind: ResourceKind;
  uriTemplate: string;
  name: string;
  title: string;
  description: string;
  /**
   * Builds the resource's JSON from a well-formed address for a reader (a subject), or throws
   * a JSON-RPC error.
   */
  read(store: CampaignStore, address: ResourceAddress, reader: string): Promise<unknown>;
  /** One page of `resources/list` for a reader, from `cursor` (a `nextCursor` it gave) on. */
  list?(
    store: CampaignStore,
    reader: string,
    cursor: string | undefined,
  ): Promise<ResourceListPage>;
}

const MIME_TYPE = "application/json";

/**
 * Declares a template whose URIs are recognised by shape rather than by the SDK's RFC 6570
 * matcher, which needs every `{?cursor,limit}` parameter present; malformed URIs of the family
 * then get the family's precise `invalid resource URI` error.
 *
 * @param store - the process-wide store
 * @param spec - the family
 * @returns a template for the kit
 */
export function campaignResourceTemplate(
  store: CampaignStore,
  spec: CampaignTemplateSpec,
): ResourceTemplate {
  return {
    listing: {
      uriTemplate: spec.uriTemplate,
      name: spec.name,
      title: spec.title,
      description: spec.description,
      mimeType: MIME_TYPE,
    },
    match: (uri) => (classifyResourceUri(uri) === spec.kind ? {} : undefined),
    spec: {
      uriTemplate: spec.uriTemplate,
      name: spec.name,
      title: spec.title,
      description: spec.description,
      mimeType: MIME_TYPE,
      scope: "campaign:read",
      ...(spec.list
        ? {
            list: async (context, cursor) =>
              (await spec.list?.(store, context.identity.subject, cursor)) ?? { resources: [] },
          }
        : {}),
      read: async (uri, _variables, context) => {
        const address = parseResourceUri(uri, spec.kind);
        const body = await spec.read(store, address, context.identity.subject);
        return { text: JSON.stringify(body) };
      },
    },
  };
}

/**
 * The error of a well-formed URI whose campaign, session or context does not exist for the
 * reader: the SDK's resource-not-found, `-32602` with `data: {uri}` on the wire (v2 sends no
 * `-32002`), which tells it apart from a malformed URI's `-32602`.
 *
 * @param uri - the requested URI
 * @param message - `campaign not found`, `session not found` or `context not found`
 * @returns the error
 */
export function resourceNotFound(uri: string, message: string): ResourceNotFoundError {
  return new ResourceNotFoundError(uri, message);
}

/**
 * A page as the list resources show it (docs/campaign.md §6).
 *
 * @param key - the list's key, e.g. `participants`
 * @param page - the page, or `undefined` when the cursor named nothing
 * @param cursorOf - the cursor that resumes after an item
 * @returns `{[key]: items, next_cursor}`
 * @throws ProtocolError `-32602` for an unknown cursor
 */
export function pageBody<Item>(
  key: string,
  page: (Page<Item> & { lastId?: string | undefined }) | undefined,
  cursorOf: (item: Item) => string,
): Record<string, unknown> {
  if (!page) throw invalidResourceUri("unknown cursor");
  const last = page.items.at(-1);
  // A page some of whose items the reader may not see goes on after the last item read.
  const next = page.lastId ?? (last ? cursorOf(last) : undefined);
  return { [key]: page.items, next_cursor: page.hasMore && next !== undefined ? next : null };
}

/**
 * The error of a list the reader's campaign role does not open: a player asking for the GM's
 * stat blocks. `-32602` `PERMISSION_DENIED: only the GM may read <list>`, with `data: {uri}`.
 *
 * @param uri - the requested URI
 * @param list - what was asked for
 * @returns the error
 */
export function gmOnlyResource(uri: string, list: string): ProtocolError {
  return new ProtocolError(
    ProtocolErrorCode.InvalidParams,
    `PERMISSION_DENIED: only the GM may read the campaign's ${list}`,
    { uri },
  );
}
