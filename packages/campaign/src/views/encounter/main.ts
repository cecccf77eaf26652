import type { CallToolResult } from "@modelcontextprotocol/server";
import {
  type App,
  byId,
  callServerTool,
  isJsonObject,
  type JsonObject,
  readJsonResource,
  refusalMessage,
  type ShownCall,
  showProblem,
  showRefusal,
  startView,
  successContent,
} from "@tabletop-mcp/views/app";
import { damageAnnouncement, stressAnnouncement, tickAnnouncement } from "./announcements.js";
import { readFight } from "./fight.js";
import type { TrackerActions } from "./render-adversary.js";
import { fightElements } from "./render-fight.js";
import { fightIdOf, unplacedResultElements } from "./tracked-result.js";

/** The fight on show, read again after every press. */
let shownFightId: string | undefined;
/** One press at a time: a second waits for the server's answer to the first. */
let pressing = false;

/** Draws the tracker anew, keeping the keyboard's focus on the control it was on. */
function draw(elements: HTMLElement[]): void {
  const focused = document.activeElement;
  const key = focused instanceof HTMLElement ? focused.dataset.control : undefined;
  byId("fight").replaceChildren(...elements);
  if (key) document.querySelector<HTMLElement>(`[data-control="${CSS.escape(key)}"]`)?.focus();
}

/**
 * Reads the whole fight (`encounter://{id}`, as the reader's role sees it) and draws it: tool
 * answers carry part of it at most, never its countdowns.
 */
async function showFight(app: App, fightId: string): Promise<void> {
  const reading = await readJsonResource(app, `encounter://${fightId}`);
  const fight = readFight(isJsonObject(reading.encounter) ? reading.encounter : {});
  shownFightId = fightId;
  draw(fightElements(fight, fight.gmReading ? trackerActions(app) : undefined));
}

/**
 * Calls a tool for a control, shows the server's refusal if it refused, then reads the fight
 * again: a refusal often means the fight moved on (another hand defeated the adversary).
 */
async function press(
  app: App,
  fightId: string,
  call: { tool: string; args: JsonObject },
  announce: (content: JsonObject) => string,
): Promise<void> {
  pressing = true;
  try {
    const result = await callServerTool(app, call.tool, call.args);
    showRefusal(refusalMessage(result));
    await showFight(app, fightId);
    const content = successContent(result);
    byId("announcement").textContent = content ? announce(content) : "";
  } finally {
    pressing = false;
  }
}

/**
 * The GM's controls. Damage and Stress name the fight (`encounter_id`), so the server refuses
 * them if the adversary is not in it; a countdown names its fight itself.
 */
function trackerActions(app: App): TrackerActions {
  const run = (
    tool: string,
    argsIn: (fightId: string) => JsonObject,
    announce: (content: JsonObject) => string,
  ) => {
    const fightId = shownFightId;
    if (!fightId || pressing) return;
    void press(app, fightId, { tool, args: argsIn(fightId) }, announce).catch(showProblem);
  };
  return {
    damage: (target, amount, type) =>
      run(
        "damage_apply",
        (fightId) => ({ encounter_id: fightId, target: target.id, amount, type }),
        damageAnnouncement,
      ),
    stress: (target, delta) =>
      run(
        "adversary_stress",
        (fightId) => ({ encounter_id: fightId, instance: target.id, delta }),
        stressAnnouncement,
      ),
    tick: (countdown) =>
      run("countdown_tick", () => ({ countdown_id: countdown.id }), tickAnnouncement),
  };
}

async function showResult(result: CallToolResult, call: ShownCall): Promise<void> {
  showRefusal(refusalMessage(result));
  const content = successContent(result);
  if (!content) return;
  const fightId = fightIdOf(content, call.toolArguments ?? {});
  if (fightId) return showFight(call.app, fightId);
  shownFightId = undefined;
  draw(unplacedResultElements(content));
}

void startView({ name: "tabletop-campaign encounter", showResult });
