/**
 * The Locked Garden world JSON as the reference compiler emits it, with this compiler's
 * corrections applied (each choice its own id, section-level effects kept; docs/urd.md §1.4),
 * written out independently of this package's code.
 */
export const lockedGardenWorld = {
  world: {
    name: "the-locked-garden",
    urd: "1",
    start: "gatehouse",
  },
  types: {
    Character: {
      traits: ["interactable"],
      properties: {
        mood: {
          type: "enum",
          default: "wary",
          values: ["wary", "neutral", "friendly"],
        },
        trust: {
          type: "integer",
          default: 0,
        },
        role: {
          type: "string",
          visibility: "hidden",
        },
      },
    },
    Item: {
      traits: ["portable"],
      properties: {
        name: {
          type: "string",
        },
        used: {
          type: "boolean",
          default: false,
        },
      },
    },
    Lock: {
      traits: ["interactable"],
      properties: {
        locked: {
          type: "boolean",
          default: true,
        },
      },
    },
  },
  entities: {
    warden: {
      type: "Character",
      properties: {
        role: "Gatekeeper",
        mood: "neutral",
      },
    },
    ghost: {
      type: "Character",
      properties: {
        role: "The Forgotten",
        trust: 3,
      },
    },
    iron_key: {
      type: "Item",
      properties: {
        name: "Iron Key",
      },
    },
    journal: {
      type: "Item",
      properties: {
        name: "Warden's Journal",
      },
    },
    garden_gate: {
      type: "Lock",
    },
  },
  locations: {
    gatehouse: {
      description: "A stone archway choked with ivy. Lantern light flickers.",
      contains: ["warden", "iron_key"],
      exits: {
        garden: {
          to: "the-walled-garden",
          condition: "garden_gate.locked == false",
          blocked_message: "The gate is sealed with old iron.",
        },
      },
    },
    "the-walled-garden": {
      description: "Overgrown paths wind between crumbling statues.",
      contains: ["ghost", "journal"],
      exits: {
        north: {
          to: "gatehouse",
        },
      },
    },
  },
  actions: {
    "locked-garden/greet/state-your-purpose": {
      effects: [
        {
          set: "warden.trust",
          to: "warden.trust + 1",
        },
      ],
    },
    "locked-garden/greet/offer-the-journal": {
      conditions: ["journal.container == player"],
      effects: [
        {
          set: "warden.trust",
          to: "warden.trust + 5",
        },
        {
          set: "warden.mood",
          to: "friendly",
        },
      ],
    },
    "locked-garden/greet/ask-about-the-garden": {
      conditions: ["warden.trust >= 3"],
      effects: [
        {
          set: "garden_gate.locked",
          to: false,
        },
      ],
    },
    "locked-garden/greet/force-the-gate": {
      target: "garden_gate",
      conditions: ["warden.mood != friendly"],
      effects: [
        {
          set: "warden.trust",
          to: "warden.trust - 2",
        },
      ],
    },
    "locked-garden/explore/listen-to-the-ghost": {
      effects: [
        {
          set: "ghost.trust",
          to: "ghost.trust + 2",
        },
      ],
    },
    "locked-garden/explore/press-for-the-truth": {
      conditions: ["ghost.trust >= 5"],
      effects: [],
    },
    "locked-garden/explore/take-the-journal": {
      conditions: ["journal.container == player.container"],
      effects: [],
    },
    "locked-garden/explore/leave-quietly": {
      effects: [],
    },
  },
  dialogue: {
    "locked-garden/greet": {
      id: "locked-garden/greet",
      prompt: {
        speaker: "warden",
        text: "Nobody passes without reason.",
      },
      choices: [
        {
          id: "locked-garden/greet/state-your-purpose",
          label: "State your purpose",
          sticky: true,
          response: {
            speaker: "warden",
            text: "Hmm. Lots of people say that.",
          },
          effects: [
            {
              set: "warden.trust",
              to: "warden.trust + 1",
            },
          ],
          goto: "locked-garden/greet",
        },
        {
          id: "locked-garden/greet/offer-the-journal",
          label: "Offer the journal",
          sticky: false,
          conditions: ["journal.container == player"],
          response: {
            speaker: "warden",
            text: "Where did you find this? This changes things.",
          },
          effects: [
            {
              set: "warden.trust",
              to: "warden.trust + 5",
            },
            {
              set: "warden.mood",
              to: "friendly",
            },
          ],
        },
        {
          id: "locked-garden/greet/ask-about-the-garden",
          label: "Ask about the garden",
          sticky: false,
          conditions: ["warden.trust >= 3"],
          response: {
            speaker: "warden",
            text: "The garden remembers what we buried there.",
          },
          effects: [
            {
              set: "garden_gate.locked",
              to: false,
            },
          ],
        },
        {
          id: "locked-garden/greet/force-the-gate",
          label: "Force the gate",
          sticky: false,
          conditions: ["warden.mood != friendly"],
          response: {
            speaker: "warden",
            text: "I wouldn't try that.",
          },
          effects: [
            {
              set: "warden.trust",
              to: "warden.trust - 2",
            },
          ],
        },
      ],
    },
    "locked-garden/explore": {
      id: "locked-garden/explore",
      prompt: {
        speaker: "ghost",
        text: "You shouldn't have come here.",
      },
      conditions: {
        any: ["ghost.trust >= 5", "journal.container == player"],
      },
      choices: [
        {
          id: "locked-garden/explore/listen-to-the-ghost",
          label: "Listen to the ghost",
          sticky: false,
          response: {
            speaker: "ghost",
            text: "They locked this place to forget. But I remember everything.",
          },
          effects: [
            {
              set: "ghost.trust",
              to: "ghost.trust + 2",
            },
          ],
          choices: [
            {
              id: "locked-garden/explore/press-for-the-truth",
              label: "Press for the truth",
              sticky: false,
              conditions: ["ghost.trust >= 5"],
              response: {
                speaker: "ghost",
                text: "The key opens more than gates. Take it to the fountain.",
              },
              goto: "locked-garden/revelation",
            },
          ],
        },
        {
          id: "locked-garden/explore/take-the-journal",
          label: "Take the journal",
          sticky: false,
          conditions: ["journal.container == player.container"],
          response: {
            speaker: "ghost",
            text: "That belongs to the living. Perhaps it still matters.",
          },
        },
        {
          id: "locked-garden/explore/leave-quietly",
          label: "Leave quietly",
          sticky: false,
          response: {
            speaker: "ghost",
            text: "The garden never forgets.",
          },
        },
      ],
    },
    "locked-garden/revelation": {
      id: "locked-garden/revelation",
      prompt: {
        speaker: "ghost",
        text: "Now you know.",
      },
      effects: [
        {
          destroy: "iron_key",
        },
      ],
    },
  },
} as const;
