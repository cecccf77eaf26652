import { element } from "@tabletop-mcp/views/app";
import { countdownDial } from "./countdown-dial.js";
import { type Countdown, type Fight, fightEntries } from "./fight.js";
import { adversaryCard, minionGroup, type TrackerActions, titleCase } from "./render-adversary.js";

function countdownFacts(countdown: Countdown, gmReading: boolean): string {
  const facts = [titleCase(countdown.kind)];
  if (countdown.triggered) facts.push("triggered");
  if (gmReading && !countdown.visibleToPlayers) facts.push("hidden from players");
  return facts.join(", ");
}

/**
 * One countdown: its dial, its name, its kind and state, and for the GM, while it can still
 * tick, a `Tick <name>` button.
 *
 * @param countdown - the countdown
 * @param actions - the tick's action, or `undefined` for none
 * @param gmReading - whether the reader is the GM (who alone sees which are hidden)
 * @returns the list item
 */
export function countdownItem(
  countdown: Countdown,
  actions: TrackerActions | undefined,
  gmReading: boolean,
): HTMLElement {
  const parts: HTMLElement[] = [
    countdownDial(countdown),
    element("span", { className: "countdown-text" }, [
      element("span", { className: "countdown-name", text: countdown.name }),
      element("span", { className: "muted", text: countdownFacts(countdown, gmReading) }),
    ]),
  ];
  if (actions && !countdown.triggered) {
    const tick = element("button", {
      text: "Tick",
      attributes: {
        type: "button",
        "aria-label": `Tick ${countdown.name}`,
        "data-control": `tick:${countdown.id}`,
      },
    });
    tick.addEventListener("click", () => actions.tick(countdown));
    parts.push(tick);
  }
  return element(
    "li",
    { className: "countdown", attributes: { "data-countdown": countdown.id } },
    parts,
  );
}

function fightSummary(fight: Fight): string {
  const parts = [fight.active ? "Active" : `Ended${fight.outcome ? `: ${fight.outcome}` : ""}`];
  if (fight.battlePoints) {
    const { spent, budget } = fight.battlePoints;
    // Going over the budget is allowed, and said (docs/campaign.md §2.10).
    parts.push(`battle points ${spent} of ${budget}${spent > budget ? ", over budget" : ""}`);
  }
  return parts.join(" · ");
}

function adversaryList(fight: Fight, actions: TrackerActions | undefined): HTMLElement {
  if (fight.adversaries.length === 0) {
    return element("p", { className: "muted", text: "No adversaries in this fight yet." });
  }
  const controls = fight.active ? actions : undefined;
  const cards = fightEntries(fight.adversaries).map((entry) =>
    entry.kind === "single"
      ? adversaryCard(entry.adversary, controls, true)
      : minionGroup(entry.name, entry.members, controls),
  );
  return element("ul", { className: "cards", attributes: { "aria-label": "Adversaries" } }, cards);
}

/**
 * The tracker: the fight's name and state (the GM's with its battle points), its adversaries
 * as cards with the Minions of each stat block together, and its countdowns as dials. A
 * player's reading has no HP, Stress or thresholds (docs/campaign.md §2.10), so its cards show
 * names, conditions and who is defeated, and a line says the GM keeps the rest; it has no
 * controls, and the GM's leave out what the server would refuse (docs/views.md §2).
 *
 * @param fight - the fight as the reader sees it
 * @param actions - the controls' actions (the GM's), or `undefined` for a tracker without
 * @returns the tracker's elements
 */
export function fightElements(fight: Fight, actions: TrackerActions | undefined): HTMLElement[] {
  const parts: HTMLElement[] = [
    element("h2", { className: "fight-name", text: fight.name }),
    element("p", { className: "fight-state muted", text: fightSummary(fight) }),
  ];
  if (!fight.gmReading) {
    parts.push(
      element("p", {
        className: "player-note muted",
        text: "As a player sees it: the GM keeps HP, Stress and thresholds.",
      }),
    );
  }
  parts.push(adversaryList(fight, actions));
  if (fight.countdowns.length > 0) {
    parts.push(
      element("h2", { text: "Countdowns" }),
      element(
        "ul",
        { className: "countdowns", attributes: { "aria-label": "Countdowns" } },
        fight.countdowns.map((countdown) => countdownItem(countdown, actions, fight.gmReading)),
      ),
    );
  }
  return parts;
}
