/** At most this many conflicts are kept for health and status (docs/gateway.md §5.4). */
export const MAX_KEPT_CONFLICTS = 20;
/** A longer URI is cut to this many characters in the report, `…` included. */
export const MAX_REPORTED_URI_LENGTH = 200;

/** What was claimed twice. */
export type ResourceKind = "resource URI" | "resource template";

/** A server offering a URI (or URI template) that another server offered first. */
export interface ResourceConflict {
  kind: ResourceKind;
  /** The URI or template, cut to {@link MAX_REPORTED_URI_LENGTH} characters. */
  uri: string;
  /** The server that offered it first and keeps it. */
  owner: string;
  /** The server whose entry is withheld. */
  claimant: string;
  /** When the gateway first saw the claim (ISO 8601). */
  first_seen: string;
}

/** The conflicts as `/mcp/health`, `gateway://stats` and `/status/data` show them. */
export interface ResourceConflictReport {
  /** The first conflicts seen, at most {@link MAX_KEPT_CONFLICTS}. */
  conflicts: ResourceConflict[];
  /** Whether more conflicts were seen than are kept. */
  more: boolean;
}

/**
 * The resource conflicts seen since the gateway started, bounded: a server listing a million
 * URIs that others own grows neither the report nor this log past its first few entries.
 */
export class ResourceConflicts {
  private readonly kept = new Map<string, ResourceConflict>();
  private more = false;

  /**
   * Notes that `claimant` offers what `owner` offered first.
   *
   * @returns true when this conflict is new and kept (worth a log line), false when it was
   *   known already or the log is full
   */
  record(kind: ResourceKind, uri: string, owner: string, claimant: string): boolean {
    const reported = cut(uri);
    const key = JSON.stringify([kind, reported, claimant]);
    if (this.kept.has(key)) return false;
    if (this.kept.size >= MAX_KEPT_CONFLICTS) {
      this.more = true;
      return false;
    }
    const first_seen = new Date().toISOString();
    this.kept.set(key, { kind, uri: reported, owner, claimant, first_seen });
    return true;
  }

  /** The report, a copy. */
  report(): ResourceConflictReport {
    return { conflicts: [...this.kept.values()].map((entry) => ({ ...entry })), more: this.more };
  }
}

function cut(uri: string): string {
  if (uri.length <= MAX_REPORTED_URI_LENGTH) return uri;
  return `${uri.slice(0, MAX_REPORTED_URI_LENGTH - 1)}…`;
}
