import { type AppView, defineAppView } from "@tabletop-mcp/kit";

/** An action roll a person looks at: the Hope and Fear dice, the total and the outcome. */
const ROLL_VIEW = defineAppView({
  uri: "ui://duality/roll.html",
  name: "duality-roll-view",
  title: "Duality roll",
  description:
    "Shows a duality_action_roll, duality_outcome or duality_explain result: the Hope and Fear dice (and the advantage or disadvantage d6), the modifier, the total against the difficulty, the outcome in words and colour, and explain's steps.",
  file: new URL("../dist/views/roll.html", import.meta.url),
});

/** The exact odds of an action roll as a bar chart. */
const ODDS_VIEW = defineAppView({
  uri: "ui://duality/odds.html",
  name: "duality-odds-view",
  title: "Duality odds",
  description:
    "Shows a duality_probability result: each outcome's share of the equally likely rolls as a bar chart, with the successes lit and the chance of success and of a critical success.",
  file: new URL("../dist/views/odds.html", import.meta.url),
});

/** Every view this server serves. */
export const APP_VIEWS: readonly AppView[] = [ROLL_VIEW, ODDS_VIEW];

/** Which view shows each tool's results. */
export const APP_VIEW_LINKS: ReadonlyMap<string, AppView> = new Map([
  ["duality_action_roll", ROLL_VIEW],
  ["duality_outcome", ROLL_VIEW],
  ["duality_explain", ROLL_VIEW],
  ["duality_probability", ODDS_VIEW],
]);
