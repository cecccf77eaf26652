import type { DieRoller } from "@tabletop-mcp/duality/engine";
import type { IdPrefix } from "../domain/ids.js";
import type { SessionContext } from "../domain/records.js";
import type { CampaignStore, Written } from "../storage/campaign-store.js";

/** What every command runs against: the process-wide store and the injected clock, ids and dice. */
export interface CommandEnvironment {
  store: CampaignStore;
  now: () => Date;
  newId: (prefix: IdPrefix) => string;
  rollDie: DieRoller;
}

/** Who is calling: the MCP session's context and the tool call's request id. */
export interface Caller {
  context: SessionContext;
  requestId: string;
}

/** A command's answer and the resource URIs whose content it changed, as its write returned them. */
export type CommandResult<Value> = Written<Value>;
