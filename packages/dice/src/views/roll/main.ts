import type { CallToolResult } from "@modelcontextprotocol/server";
import {
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
import { rollGroupSection } from "./render-roll.js";
import { readRollGroups, rollingToolOf } from "./roll-groups.js";

/** The call "roll again" repeats: the same tool with the same arguments. */
interface RepeatableCall {
  readonly tool: string;
  readonly arguments: JsonObject;
}

let repeatable: RepeatableCall | undefined;

function showRoll(content: JsonObject, again: boolean): void {
  const groups = readRollGroups(content);
  byId("rolls").replaceChildren(...groups.map((group) => rollGroupSection(group, again)));
  const totals = groups.map((group) => group.total).join(", ");
  byId("announcement").textContent = `${again ? "Rolled again" : "Rolled"}: total ${totals}`;
}

/** The server echoes the arguments it received; those are what "roll again" sends back. */
function repeatableCall(content: JsonObject, call: ShownCall): RepeatableCall | undefined {
  const metadata = isJsonObject(content.metadata) ? content.metadata : {};
  const args = isJsonObject(metadata.parameters) ? metadata.parameters : call.toolArguments;
  return args ? { tool: call.toolName ?? rollingToolOf(content), arguments: args } : undefined;
}

async function rollAgain(call: ShownCall): Promise<void> {
  if (!repeatable) return;
  const button = byId("roll-again") as HTMLButtonElement;
  button.disabled = true;
  try {
    const result = await callServerTool(call.app, repeatable.tool, repeatable.arguments);
    const content = successContent(result);
    showRefusal(refusalMessage(result));
    if (content) showRoll(content, true);
  } finally {
    button.disabled = false;
  }
}

function showResult(result: CallToolResult, call: ShownCall): void {
  const content = successContent(result);
  showRefusal(refusalMessage(result));
  if (!content) return;
  showRoll(content, false);
  repeatable = repeatableCall(content, call);
  const button = byId("roll-again") as HTMLButtonElement;
  button.hidden = repeatable === undefined;
  button.onclick = () => void rollAgain(call);
}

void startView({ name: "tabletop-dice roll", showResult });
