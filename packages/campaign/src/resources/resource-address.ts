import { ProtocolError, ProtocolErrorCode } from "@modelcontextprotocol/server";

/** The list resources and what they list (docs/campaign.md §6). */
export type ListKind =
  | "campaigns"
  | "participants"
  | "characters"
  | "sessions"
  | "adversaries"
  | "countdowns"
  | "events";

/** Every resource family this server serves through templates. */
export type ResourceKind = ListKind | "campaign" | "encounter";

/** The page a list read asks for. */
export interface PageQuery {
  limit: number;
  cursor: string | undefined;
}

/** A parsed, well-formed resource URI. */
export interface ResourceAddress {
  /** The URI as requested. */
  uri: string;
  kind: ResourceKind;
  /** The campaign id, or the session id for events; absent for the campaigns list. */
  id: string | undefined;
  page: PageQuery;
}

const DEFAULT_LIMIT = 50;
const MAX_LIMIT = 200;
const ID = /^[A-Za-z0-9_-]{1,64}$/;
const CAMPAIGN_LISTS = new Set<string>([
  "participants",
  "characters",
  "sessions",
  "adversaries",
  "countdowns",
]);

/**
 * The error of a malformed resource URI (docs/campaign.md §6, "Errors").
 *
 * @param reason - what is wrong
 * @returns a `-32602` error `invalid resource URI: <reason>`
 */
export function invalidResourceUri(reason: string): ProtocolError {
  return new ProtocolError(ProtocolErrorCode.InvalidParams, `invalid resource URI: ${reason}`);
}

/**
 * Which template family a URI belongs to, judged by its scheme and shape only, so that a
 * malformed URI still reaches the family's reader and gets its precise error.
 *
 * @param uri - the requested URI
 * @returns the family, or `undefined` for a URI of no template
 */
export function classifyResourceUri(uri: string): ResourceKind | undefined {
  if (uri.startsWith("campaigns://list")) return "campaigns";
  if (uri.startsWith("session://")) return "events";
  if (uri.startsWith("encounter://")) return "encounter";
  if (!uri.startsWith("campaign://")) return undefined;
  const segments = uri.slice("campaign://".length).split(/[?#]/)[0]?.split("/") ?? [];
  const list = segments[1];
  if (segments.length === 2 && list !== undefined && CAMPAIGN_LISTS.has(list)) {
    return list as ListKind;
  }
  return "campaign";
}

function parseLimit(raw: string): number {
  const limit = /^[0-9]{1,3}$/.test(raw) ? Number(raw) : Number.NaN;
  if (!(limit >= 1 && limit <= MAX_LIMIT)) {
    throw invalidResourceUri(`limit must be an integer from 1 to ${MAX_LIMIT}`);
  }
  return limit;
}

function parseQuery(query: string | undefined, pageable: boolean): PageQuery {
  const page: PageQuery = { limit: DEFAULT_LIMIT, cursor: undefined };
  if (query === undefined) return page;
  if (!pageable) throw invalidResourceUri("this resource takes no query");
  const seen = new Set<string>();
  for (const pair of query.split("&")) {
    const separator = pair.indexOf("=");
    const key = separator === -1 ? pair : pair.slice(0, separator);
    const value = separator === -1 ? "" : decodeURIComponent(pair.slice(separator + 1));
    if (key !== "cursor" && key !== "limit") {
      throw invalidResourceUri(`unknown query parameter ${JSON.stringify(key)}; use cursor, limit`);
    }
    if (seen.has(key)) throw invalidResourceUri(`query parameter ${key} given twice`);
    seen.add(key);
    if (key === "limit") page.limit = parseLimit(value);
    else if (value === "") throw invalidResourceUri("cursor must not be empty");
    else page.cursor = value;
  }
  return page;
}

function checkId(id: string | undefined, what: string): string {
  if (id === undefined || id === "_" || !ID.test(id)) {
    throw invalidResourceUri(
      `${what} must match [A-Za-z0-9_-]{1,64} (got ${JSON.stringify(id ?? "")})`,
    );
  }
  return id;
}

/**
 * Parses a URI of one of the template families strictly (docs/campaign.md §6).
 *
 * @param uri - the requested URI
 * @param kind - its family, from {@link classifyResourceUri}
 * @returns the address
 * @throws ProtocolError `-32602` `invalid resource URI: <reason>`
 */
export function parseResourceUri(uri: string, kind: ResourceKind): ResourceAddress {
  if (uri.includes("#")) throw invalidResourceUri("fragments are not allowed");
  const queryAt = uri.indexOf("?");
  const base = queryAt === -1 ? uri : uri.slice(0, queryAt);
  const query = queryAt === -1 ? undefined : uri.slice(queryAt + 1);
  const page = parseQuery(query, kind !== "campaign" && kind !== "encounter");
  if (kind === "campaigns") {
    if (base !== "campaigns://list") throw invalidResourceUri("expected campaigns://list");
    return { uri, kind, id: undefined, page };
  }
  const [scheme, path = ""] = base.split("://");
  const segments = path.split("/");
  if (kind === "events") {
    if (scheme !== "session" || segments.length !== 2 || segments[1] !== "events") {
      throw invalidResourceUri("expected session://{session_id}/events");
    }
    return { uri, kind, id: checkId(segments[0], "session id"), page };
  }
  if (kind === "encounter") {
    if (scheme !== "encounter" || segments.length !== 1) {
      throw invalidResourceUri("expected encounter://{encounter_id}");
    }
    return { uri, kind, id: checkId(segments[0], "encounter id"), page };
  }
  const expectedSegments = kind === "campaign" ? 1 : 2;
  if (segments.length !== expectedSegments) {
    throw invalidResourceUri("unexpected path segments");
  }
  return { uri, kind, id: checkId(segments[0], "campaign id"), page };
}
