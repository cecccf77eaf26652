import { identityFromAuthInfo } from "@tabletop-mcp/kit/auth";
import type { DurableSessionRecord, DurableSessions } from "@tabletop-mcp/kit/http";
import type { SessionContext } from "./domain/records.js";
import type { CampaignStore, ExternalChange } from "./storage/campaign-store.js";
import type { McpSessionRow } from "./storage/rows.js";

/** What the store keeps of one MCP session beside the kit's record (docs/campaign.md §10.5). */
export interface KeptState {
  context: SessionContext;
  /** The subscribed URIs, `context://current` included. */
  subscriptions: string[];
  /** Whose reads the session's updates are filtered for. */
  subject: string;
}

/**
 * The URI a change of a kept session's state is published under: no resource answers it and
 * nobody subscribes to it; it only tells the other processes to bring their copies up to date.
 */
const KEPT_SESSION_URI = "mcp-session://";

/** One process's copy of a kept session: brought up to date whenever the store is read. */
export interface LiveCopy {
  apply(state: KeptState): void;
}

/**
 * MCP sessions kept in the campaign store, so that every process on the same database can
 * serve every session (docs/campaign.md §10.5). The kit records and resumes sessions through
 * it; each session's server saves its context and subscriptions through {@link save} and is
 * brought up to date by every {@link resume}, since another process may have served the session
 * meanwhile.
 */
export class KeptSessions implements DurableSessions {
  private readonly live = new Map<string, LiveCopy>();
  /** The idle limit the kit last gave, for bringing copies up to date between its calls. */
  private idleMs = 0;

  /**
   * @param store - the process-wide store
   * @param now - the clock
   */
  constructor(
    private readonly store: CampaignStore,
    private readonly now: () => Date = () => new Date(),
  ) {
    store.watchExternalChanges((change) => this.followChange(change));
  }

  async opened(record: DurableSessionRecord, idleMs: number): Promise<void> {
    this.idleMs = idleMs;
    const now = this.now();
    const row: McpSessionRow = {
      id: record.id,
      subject: record.subject ?? null,
      initialize: JSON.stringify(record.initialize),
      context: JSON.stringify({ campaign_id: null, session_id: null, participant_id: null }),
      subscriptions: "[]",
      last_seen: now.toISOString(),
    };
    await this.store.write(async (repository) => {
      await repository.expireMcpSessions(new Date(now.getTime() - idleMs).toISOString());
      await repository.putMcpSession(row);
      return { value: undefined, changedUris: [] };
    });
  }

  async resume(id: string, idleMs: number): Promise<DurableSessionRecord | undefined> {
    this.idleMs = idleMs;
    const now = this.now();
    const notBefore = new Date(now.getTime() - idleMs).toISOString();
    const { value: row } = await this.store.write(async (repository) => ({
      value: await repository.resumeMcpSession(id, now.toISOString(), notBefore),
      changedUris: [],
    }));
    if (!row) return undefined;
    const state: KeptState = {
      context: JSON.parse(row.context) as SessionContext,
      subscriptions: JSON.parse(row.subscriptions) as string[],
      subject: row.subject ?? identityFromAuthInfo(undefined).subject,
    };
    this.live.get(id)?.apply(state);
    return {
      id: row.id,
      subject: row.subject ?? undefined,
      initialize: JSON.parse(row.initialize) as DurableSessionRecord["initialize"],
      state,
    };
  }

  async closed(id: string): Promise<void> {
    await this.store.write(async (repository) => {
      await repository.deleteMcpSession(id);
      return { value: undefined, changedUris: [] };
    });
  }

  /**
   * Saves a session's context and subscriptions; resolves once they are durable, so that the
   * next request, whichever process it reaches, finds them.
   */
  async save(id: string, state: Omit<KeptState, "subject">): Promise<void> {
    const context = JSON.stringify(state.context);
    const subscriptions = JSON.stringify(state.subscriptions);
    await this.store.write(async (repository) => {
      await repository.saveMcpSessionState(id, context, subscriptions);
      return { value: undefined, changedUris: [`${KEPT_SESSION_URI}${id}`] };
    });
  }

  /**
   * Brings this process's copies up to date when another process changed their state: the
   * copy holding a client's notification stream must learn of subscriptions made elsewhere.
   */
  private followChange(change: ExternalChange): void {
    const ids =
      change.kind === "missed"
        ? [...this.live.keys()]
        : change.uris
            .filter((uri) => uri.startsWith(KEPT_SESSION_URI))
            .map((uri) => uri.slice(KEPT_SESSION_URI.length));
    for (const id of ids) {
      if (this.live.has(id)) this.resume(id, this.idleMs).catch(() => undefined);
    }
  }

  /**
   * Registers this process's copy of a session, to be brought up to date by each resume.
   * @returns forgets the copy (its session closed here)
   */
  attach(id: string, copy: LiveCopy): () => void {
    this.live.set(id, copy);
    return () => {
      if (this.live.get(id) === copy) this.live.delete(id);
    };
  }
}
