import { element, pipRow } from "@tabletop-mcp/views/app";
import type { Adversary, Countdown, Track } from "./fight.js";

/** A damage type as `damage_apply` takes it. */
export type DamageType = "PHYSICAL" | "MAGIC";

/** What the tracker's controls ask the server for, through the host. */
export interface TrackerActions {
  damage(target: Adversary, amount: number, type: DamageType): void;
  stress(target: Adversary, delta: 1 | -1): void;
  tick(countdown: Countdown): void;
}

/** A word as people write it: `VULNERABLE` → `Vulnerable`. */
export function titleCase(word: string): string {
  return word.charAt(0) + word.slice(1).toLowerCase().replaceAll("_", " ");
}

/**
 * A control the tracker finds again after drawing the fight anew, so that a keyboard user's
 * focus stays on the button they pressed.
 */
function controlKey(kind: string, id: string): Record<string, string> {
  return { "data-control": `${kind}:${id}` };
}

function tags(adversary: Adversary): HTMLElement {
  const words = [
    ...(adversary.type ? [titleCase(adversary.type)] : []),
    ...(adversary.defeated ? ["Defeated"] : []),
    ...adversary.conditions.map(titleCase),
  ];
  return element(
    "span",
    { className: "tags" },
    words.map((word) =>
      element("span", { className: word === "Defeated" ? "tag tag-defeated" : "tag", text: word }),
    ),
  );
}

function thresholdsLine(adversary: Adversary): HTMLElement | undefined {
  const { thresholds } = adversary;
  if (thresholds === undefined) return undefined;
  const text =
    thresholds === null
      ? "No thresholds: any damage defeats it"
      : `Major ${thresholds.major} · Severe ${thresholds.severe}`;
  return element("p", { className: "thresholds", text });
}

function button(text: string, label: string, key: Record<string, string>, press: () => void) {
  const made = element("button", {
    text,
    attributes: { type: "button", "aria-label": label, ...key },
  });
  made.addEventListener("click", press);
  return made;
}

function trackRow(
  adversary: Adversary,
  name: "HP" | "Stress",
  track: Track,
  buttons: HTMLElement[],
): HTMLElement {
  return element("div", { className: `track track-${name.toLowerCase()}` }, [
    element("span", { className: "track-name", text: name }),
    element("span", {}, [
      pipRow({ label: `${adversary.name} ${name}`, filled: track.marked, slots: track.max }),
      element("span", {
        className: "track-count",
        text: `${track.marked}/${track.max}`,
        attributes: { "aria-hidden": "true" },
      }),
    ]),
    element("span", { className: "track-buttons" }, buttons),
  ]);
}

function stressButtons(adversary: Adversary, actions: TrackerActions | undefined): HTMLElement[] {
  if (!actions || !adversary.stress || adversary.stress.max === 0) return [];
  return [
    button("\u2212", `Clear Stress on ${adversary.name}`, controlKey("clear", adversary.id), () =>
      actions.stress(adversary, -1),
    ),
    button("+", `Mark Stress on ${adversary.name}`, controlKey("mark", adversary.id), () =>
      actions.stress(adversary, 1),
    ),
  ];
}

/**
 * What applies damage to one adversary: the amount rolled, its type, and a button named
 * `Apply damage to <name>`; Enter in the amount applies it too. Not a `<form>`: a host's
 * sandboxed frame may forbid form submission, and then no submit event fires at all.
 *
 * @param target - the adversary hit
 * @param actions - what the button asks for
 * @param place - what the controls stand for when the tracker is drawn anew (the target's id,
 *   or its Minion group's: the group's next target changes as its Minions fall)
 * @returns the group of controls
 */
export function damageControls(
  target: Adversary,
  actions: TrackerActions,
  place: string = target.id,
): HTMLElement {
  const amount = element("input", {
    className: "damage-amount",
    attributes: {
      type: "number",
      inputmode: "numeric",
      step: "1",
      placeholder: "Damage",
      "aria-label": `Damage to ${target.name}`,
      ...controlKey("amount", place),
    },
  });
  const type = element(
    "select",
    {
      attributes: { "aria-label": `Damage type for ${target.name}`, ...controlKey("type", place) },
    },
    [
      element("option", { text: "Physical", attributes: { value: "PHYSICAL" } }),
      element("option", { text: "Magic", attributes: { value: "MAGIC" } }),
    ],
  );
  const apply = () => {
    const value = Number(amount.value);
    if (amount.value === "" || !Number.isInteger(value)) return;
    actions.damage(target, value, type.value === "MAGIC" ? "MAGIC" : "PHYSICAL");
  };
  amount.addEventListener("keydown", (event) => {
    if (event.key === "Enter") apply();
  });
  const submit = button(
    "Apply damage",
    `Apply damage to ${target.name}`,
    controlKey("damage", place),
    apply,
  );
  return element("div", { className: "damage" }, [amount, type, submit]);
}

/**
 * One adversary: its name, type, conditions and whether it is defeated; for the GM its
 * thresholds and HP and Stress as pips with their maxima, with buttons named `Mark Stress on
 * <name>` and `Clear Stress on <name>`, and its damage controls while it stands.
 *
 * @param adversary - the adversary
 * @param actions - the controls' actions, or `undefined` for a card without controls
 * @param withDamage - whether the card has its own damage controls (a Minion's are its group's)
 * @returns the card's element
 */
export function adversaryCard(
  adversary: Adversary,
  actions: TrackerActions | undefined,
  withDamage: boolean,
): HTMLElement {
  const parts: HTMLElement[] = [
    element("div", { className: "card-head" }, [
      element("h3", { className: "card-name", text: adversary.name }),
      tags(adversary),
    ]),
  ];
  const thresholds = thresholdsLine(adversary);
  if (thresholds) parts.push(thresholds);
  if (adversary.hp) parts.push(trackRow(adversary, "HP", adversary.hp, []));
  if (adversary.stress) {
    parts.push(trackRow(adversary, "Stress", adversary.stress, stressButtons(adversary, actions)));
  }
  if (actions && withDamage && !adversary.defeated) parts.push(damageControls(adversary, actions));
  const state = adversary.defeated ? " card-defeated" : "";
  return element(
    "li",
    { className: `card${state}`, attributes: { "data-instance": adversary.id } },
    parts,
  );
}

/**
 * The Minions of one stat block as one card: their name, how many still stand, one set of
 * damage controls aimed at the lowest-numbered standing Minion (the server defeats more of them by the
 * overflow rule), and each Minion as a small card of its own.
 *
 * @param name - the stat block's name
 * @param members - its Minions in the fight, in order
 * @param actions - the controls' actions, or `undefined` for none
 * @returns the group's element
 */
export function minionGroup(
  name: string,
  members: readonly Adversary[],
  actions: TrackerActions | undefined,
): HTMLElement {
  const standing = members.filter((member) => !member.defeated);
  const next = standing[0];
  const parts: HTMLElement[] = [
    element("div", { className: "card-head" }, [
      element("h3", { className: "card-name", text: `${name} (Minions)` }),
      element("span", {
        className: "group-count",
        text: `${standing.length} of ${members.length} standing`,
      }),
    ]),
    element("p", {
      className: "thresholds",
      text: "No thresholds: any damage defeats a Minion, and enough of it defeats more",
    }),
  ];
  if (actions && next) {
    parts.push(
      element("p", { className: "next-target", text: `Damage hits ${next.name} first` }),
      damageControls(next, actions, `group-${members[0]?.statBlockId ?? name}`),
    );
  }
  parts.push(
    element(
      "ul",
      { className: "group-members", attributes: { "aria-label": `${name} Minions` } },
      members.map((member) =>
        adversaryCard({ ...member, type: undefined, thresholds: undefined }, actions, false),
      ),
    ),
  );
  return element("li", { className: "card card-group", attributes: { "data-group": name } }, parts);
}
