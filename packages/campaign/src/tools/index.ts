import type { Tool } from "@tabletop-mcp/kit";
import { adversaryAttackTool } from "./adversary-attack.js";
import { adversaryDefineTool } from "./adversary-define.js";
import { adversaryImportTool } from "./adversary-import.js";
import { adversaryListTool } from "./adversary-list.js";
import { adversaryStressTool } from "./adversary-stress.js";
import { adversaryUpdateTool } from "./adversary-update.js";
import { campaignCreateTool } from "./campaign-create.js";
import { campaignUpdateTool } from "./campaign-update.js";
import { characterControlSetTool } from "./character-control-set.js";
import { characterCreateTool } from "./character-create.js";
import { characterProfilePatchTool } from "./character-profile-patch.js";
import { characterSheetGetTool } from "./character-sheet-get.js";
import { characterStatePatchTool } from "./character-state-patch.js";
import { characterUpdateTool } from "./character-update.js";
import { conditionSetTool } from "./condition-set.js";
import { countdownCreateTool, countdownDeleteTool, countdownTickTool } from "./countdown-tools.js";
import { damageApplyTool } from "./damage-apply.js";
import { encounterAddTool } from "./encounter-add.js";
import { encounterEndTool } from "./encounter-end.js";
import { encounterRemoveTool } from "./encounter-remove.js";
import { encounterStartTool } from "./encounter-start.js";
import { gmFearAdjustTool } from "./gm-fear-adjust.js";
import { gmFearSpendTool } from "./gm-fear-spend.js";
import { participantClaimTool } from "./participant-claim.js";
import { participantCreateTool } from "./participant-create.js";
import { participantInviteTool } from "./participant-invite.js";
import { participantUpdateTool } from "./participant-update.js";
import { sessionActionRollTool } from "./session-action-roll.js";
import { sessionEndTool } from "./session-end.js";
import { sessionLogSearchTool } from "./session-log-search.js";
import { sessionNoteAddTool } from "./session-note-add.js";
import { sessionRecapTool } from "./session-recap.js";
import { sessionRollOutcomeApplyTool } from "./session-roll-outcome-apply.js";
import { sessionStartTool } from "./session-start.js";
import { setContextTool } from "./set-context.js";
import type { ToolDependencies } from "./tool-dependencies.js";

/**
 * The server's thirty-seven tools for one MCP session, in docs/campaign.md's order.
 *
 * @param dependencies - the session's tool dependencies
 * @returns the tools
 */
export function createTools(dependencies: ToolDependencies): Tool[] {
  return [
    setContextTool,
    campaignCreateTool,
    participantCreateTool,
    characterCreateTool,
    characterControlSetTool,
    characterSheetGetTool,
    characterProfilePatchTool,
    characterStatePatchTool,
    sessionStartTool,
    sessionEndTool,
    sessionActionRollTool,
    sessionRollOutcomeApplyTool,
    sessionNoteAddTool,
    gmFearAdjustTool,
    participantInviteTool,
    participantClaimTool,
    campaignUpdateTool,
    participantUpdateTool,
    characterUpdateTool,
    sessionLogSearchTool,
    sessionRecapTool,
    adversaryDefineTool,
    adversaryUpdateTool,
    adversaryListTool,
    adversaryImportTool,
    encounterStartTool,
    encounterAddTool,
    encounterRemoveTool,
    encounterEndTool,
    adversaryAttackTool,
    damageApplyTool,
    adversaryStressTool,
    conditionSetTool,
    gmFearSpendTool,
    countdownCreateTool,
    countdownTickTool,
    countdownDeleteTool,
  ].map((create) => create(dependencies));
}
