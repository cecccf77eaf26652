import type { CallToolResult } from "@modelcontextprotocol/server";
import {
  type App,
  byId,
  callServerTool,
  isJsonObject,
  type JsonObject,
  refusalMessage,
  type ShownCall,
  showRefusal,
  startView,
  successContent,
} from "@tabletop-mcp/views/app";
import {
  type CharacterSheet,
  characterIdOf,
  readConditions,
  readSheet,
  readState,
  type TrackedField,
} from "./character-sheet.js";
import { changeAnnouncement, sheetElements } from "./render-sheet.js";

let shown: CharacterSheet | undefined;
/** One change at a time: a second press waits for the server's answer to the first. */
let changing = false;

function render(app: App, sheet: CharacterSheet): void {
  shown = sheet;
  byId("sheet").replaceChildren(
    ...sheetElements(sheet, (field, step) => void changeTrack(app, field, step)),
  );
}

/** Asks the server for the new value; the sheet changes only when the server agrees. */
async function changeTrack(app: App, field: TrackedField, step: 1 | -1): Promise<void> {
  const sheet = shown;
  if (!sheet || changing) return;
  changing = true;
  const result = await callServerTool(app, "character_state_patch", {
    campaign_id: sheet.campaignId,
    character_id: sheet.characterId,
    [field]: sheet.state[field] + step,
  }).finally(() => {
    changing = false;
  });
  showRefusal(refusalMessage(result));
  const content = successContent(result);
  if (!content || !isJsonObject(content.state)) return;
  const next = {
    ...sheet,
    state: readState(content.state),
    conditions: readConditions(content.state),
  };
  render(app, next);
  byId("announcement").textContent = changeAnnouncement(next, field);
}

/** A patch result carries part of the sheet; the rest is read with character_sheet_get. */
async function wholeSheet(
  content: JsonObject,
  call: ShownCall,
): Promise<CharacterSheet | undefined> {
  const sheet = readSheet(content);
  if (sheet) return sheet;
  const characterId = characterIdOf(content);
  if (!characterId) return undefined;
  const campaignId = call.toolArguments?.campaign_id;
  const result = await callServerTool(call.app, "character_sheet_get", {
    ...(typeof campaignId === "string" ? { campaign_id: campaignId } : {}),
    character_id: characterId,
  });
  showRefusal(refusalMessage(result));
  const read = successContent(result);
  return read ? readSheet(read) : undefined;
}

async function showResult(result: CallToolResult, call: ShownCall): Promise<void> {
  showRefusal(refusalMessage(result));
  const content = successContent(result);
  if (!content) return;
  const sheet = await wholeSheet(content, call);
  if (sheet) render(call.app, sheet);
}

void startView({ name: "tabletop-campaign sheet", showResult });
