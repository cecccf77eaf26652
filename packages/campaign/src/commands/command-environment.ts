import type { DieRoller } from "@tabletop-mcp/duality/engine";
import { LOCAL_IDENTITY } from "@tabletop-mcp/kit/auth";
import type { RandomSource } from "@tabletop-mcp/kit/random";
import type { IdPrefix } from "../domain/ids.js";
import type { SessionContext } from "../domain/records.js";
import type { CampaignStore, Written } from "../storage/campaign-store.js";

/** What every command runs against: the process-wide store and the injected clock, ids and dice. */
export interface CommandEnvironment {
  store: CampaignStore;
  now: () => Date;
  newId: (prefix: IdPrefix) => string;
  /** A fresh invite code (docs/campaign.md §11.3). */
  newInviteCode: () => string;
  rollDie: DieRoller;
  /**
   * The words the dice server's engine rolls an adversary's attack with (docs/campaign.md
   * §4.31); the same stream as `rollDie`'s where the server makes both, so one replay seed
   * replays every die. The platform CSPRNG when absent.
   */
  random?: RandomSource | undefined;
  /** How many context handles a subject keeps (docs/campaign.md §3); 1,000 when absent. */
  maxContextHandles?: number | undefined;
}

/** Who acts: the caller's subject, and the display name their token carries, if any. */
export interface Actor {
  subject: string;
  name?: string | undefined;
}

/** The process owner, who calls over stdio and over HTTP without auth. */
export const PROCESS_OWNER: Actor = Object.freeze({ subject: LOCAL_IDENTITY.subject });

/** Who is calling: the MCP session's context, the tool call's request id and the subject. */
export interface Caller {
  context: SessionContext;
  requestId: string;
  actor: Actor;
}

/** A command's answer and the resource URIs whose content it changed, as its write returned them. */
export type CommandResult<Value> = Written<Value>;
