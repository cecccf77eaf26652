import { type AppView, defineAppView } from "@tabletop-mcp/kit";

/** The dice result a person looks at: each die as a face, the modifier and the total. */
const ROLL_VIEW = defineAppView({
  uri: "ui://dice/roll.html",
  name: "dice-roll-view",
  title: "Dice roll",
  description:
    "Shows a roll_dice, roll_multiple or roll result: each die as a face with kept, dropped, rerolled and exploded dice marked, the modifier and the total; Roll again repeats the call.",
  file: new URL("../dist/views/roll.html", import.meta.url),
});

/** The exact odds as a bar chart, the asked-for chance lit. */
const ODDS_VIEW = defineAppView({
  uri: "ui://dice/odds.html",
  name: "dice-odds-view",
  title: "Dice odds",
  description:
    "Shows a dice_probability result: the distribution of totals as a bar chart with the bars of the first at_least threshold lit, the chance of each threshold, the mean and the spread.",
  file: new URL("../dist/views/odds.html", import.meta.url),
});

/** Every view this server serves. */
export const APP_VIEWS: readonly AppView[] = [ROLL_VIEW, ODDS_VIEW];

/** Which view shows each tool's results. */
export const APP_VIEW_LINKS: ReadonlyMap<string, AppView> = new Map([
  ["roll_dice", ROLL_VIEW],
  ["roll_multiple", ROLL_VIEW],
  ["roll", ROLL_VIEW],
  ["dice_probability", ODDS_VIEW],
]);
