import { type Client, ProtocolError, ResourceNotFoundError } from "@modelcontextprotocol/client";
import { expect, it } from "vitest";
import { callError, callOk, readJson } from "../e2e/harness.js";
import { dumpDatabase } from "../support/database-dump.js";

/** The subjects of the three users every row of the table is tried with. */
export const GM = { subject: "gm-sub", name: "Morgan the GM" };
export const PLAYER = { subject: "player-sub" };
export const STRANGER = { subject: "stranger-sub" };

/** Three connected clients, one per user, on one server, and its database. */
export interface TableConnection {
  gm: Client;
  player: Client;
  stranger: Client;
  /** The database, as `--db` names it, for dumps. */
  location: string;
}

/** A campaign set up by the GM, with a seat for the player and rolls by both. */
interface Table {
  campaign: string;
  gmSeat: string;
  playerSeat: string;
  openSeat: string;
  /** The GM's character (no controller) and the player's (controlled by their seat). */
  gmCharacter: string;
  playerCharacter: string;
  session: string;
  playerRoll: number;
  gmRoll: number;
  /** A roll the GM made for the player's character. */
  gmRollOfPlayerCharacter: number;
}

const NOT_FOUND_CAMPAIGN = { code: "NOT_FOUND", message: "campaign not found" };
const NOT_FOUND_SESSION = { code: "NOT_FOUND", message: "session not found" };

function denied(message: string) {
  return { code: "PERMISSION_DENIED", message };
}

async function roll(
  client: Client,
  table: Omit<Table, "playerRoll" | "gmRoll" | "gmRollOfPlayerCharacter">,
  character: string,
) {
  const result = await callOk(client, "session_action_roll", {
    campaign_id: table.campaign,
    session_id: table.session,
    character_id: character,
    trait: "agility",
    difficulty: 10,
  });
  return result.roll_seq as number;
}

async function setUpTable(connection: TableConnection): Promise<Table> {
  const { gm, player } = connection;
  const campaign = (await callOk(gm, "campaign_create", { name: "Roles", gm_mode: "HUMAN" }))
    .id as string;
  const seats = await readJson(gm, `campaign://${campaign}/participants`);
  const gmSeat = (seats.participants as { id: string }[])[0]?.id ?? "";
  const seat = (display_name: string, user?: string) =>
    callOk(gm, "participant_create", {
      campaign_id: campaign,
      display_name,
      role: "PLAYER",
      ...(user === undefined ? {} : { user }),
    });
  const playerSeat = (await seat("Pat", PLAYER.subject)).id as string;
  const openSeat = (await seat("Open seat")).id as string;
  const character = (client: Client, name: string) =>
    callOk(client, "character_create", { campaign_id: campaign, name, kind: "PC" });
  const gmCharacter = (await character(gm, "Gwen")).id as string;
  const playerCharacter = (await character(player, "Pip")).id as string;
  const session = (await callOk(gm, "session_start", { campaign_id: campaign })).id as string;
  const base = { campaign, gmSeat, playerSeat, openSeat, gmCharacter, playerCharacter, session };
  return {
    ...base,
    playerRoll: await roll(player, base, playerCharacter),
    gmRoll: await roll(gm, base, gmCharacter),
    gmRollOfPlayerCharacter: await roll(gm, base, playerCharacter),
  };
}

/**
 * Calls a tool that must be refused and checks the refusal and that the database is exactly as
 * before: nothing written, no event appended.
 */
async function expectRefused(
  connection: TableConnection,
  client: Client,
  tool: string,
  args: Record<string, unknown>,
  error: { code: string; message: string },
): Promise<void> {
  const before = await dumpDatabase(connection.location);
  expect(await callError(client, tool, args)).toEqual(error);
  expect(await dumpDatabase(connection.location)).toEqual(before);
}

/** A refused read: its code and message, and whether it is the SDK's resource-not-found. */
async function readRefusal(
  client: Client,
  uri: string,
): Promise<{ code: number; message: string; notFound: boolean }> {
  try {
    await client.readResource({ uri });
  } catch (error) {
    if (error instanceof ResourceNotFoundError) {
      expect(error.uri).toBe(uri);
      return { code: error.code, message: error.message, notFound: true };
    }
    if (error instanceof ProtocolError) {
      return { code: error.code, message: error.message, notFound: false };
    }
    throw error;
  }
  throw new Error(`read of ${uri} succeeded`);
}

function ids(list: unknown): string[] {
  return (list as { id: string }[]).map((item) => item.id);
}

/** One row of the role table: its name and how it is tried on a connection. */
interface Row {
  name: string;
  run(connection: TableConnection): Promise<void>;
}

const ROWS: readonly Row[] = [
  {
    name: "lets the GM and a player select the campaign; to a stranger it does not exist",
    async run(connection) {
      const table = await setUpTable(connection);
      const gmContext = await callOk(connection.gm, "set_context", {
        campaign_id: table.campaign,
        session_id: table.session,
        participant_id: table.gmSeat,
      });
      expect(gmContext).toEqual({
        context: expect.stringMatching(/^ctx_[a-z2-7]{26}$/),
        campaign_id: table.campaign,
        session_id: table.session,
        participant_id: table.gmSeat,
      });
      const playerContext = await callOk(connection.player, "set_context", {
        campaign_id: table.campaign,
        participant_id: table.playerSeat,
      });
      expect(playerContext).toMatchObject({ participant_id: table.playerSeat });
      const stranger = connection.stranger;
      expect(await callError(stranger, "set_context", { campaign_id: "camp_none" })).toEqual(
        NOT_FOUND_CAMPAIGN,
      );
      await expectRefused(
        connection,
        stranger,
        "set_context",
        { campaign_id: table.campaign },
        NOT_FOUND_CAMPAIGN,
      );
    },
  },
  {
    name: "lets the GM and a player read every character's sheet; not a stranger",
    async run(connection) {
      const table = await setUpTable(connection);
      for (const client of [connection.gm, connection.player]) {
        for (const character of [table.gmCharacter, table.playerCharacter]) {
          const sheet = await callOk(client, "character_sheet_get", {
            campaign_id: table.campaign,
            character_id: character,
          });
          expect((sheet.character as { id: string }).id).toBe(character);
        }
      }
      await expectRefused(
        connection,
        connection.stranger,
        "character_sheet_get",
        { campaign_id: table.campaign, character_id: table.gmCharacter },
        NOT_FOUND_CAMPAIGN,
      );
    },
  },
  {
    name: "shows every resource to the GM, all but GM-only notes to a player, nothing to a stranger",
    async run(connection) {
      const table = await setUpTable(connection);
      const secret = await callOk(connection.gm, "session_note_add", {
        session_id: table.session,
        text: "The innkeeper is the villain",
        gm_only: true,
      });
      const uris = ["", "/participants", "/characters", "/sessions"].map(
        (suffix) => `campaign://${table.campaign}${suffix}`,
      );
      for (const uri of uris) {
        expect(await readJson(connection.player, uri)).toEqual(await readJson(connection.gm, uri));
        expect(await readRefusal(connection.stranger, uri)).toEqual(
          await readRefusal(connection.stranger, uri.replace(table.campaign, "camp_none")),
        );
        // The SDK v2 sends resource-not-found as -32602 with data {uri}, never -32002.
        expect(await readRefusal(connection.stranger, uri)).toEqual({
          code: -32602,
          message: "campaign not found",
          notFound: true,
        });
      }
      const eventsUri = `session://${table.session}/events`;
      const gmLog = (await readJson(connection.gm, eventsUri)).events as { seq: number }[];
      const playerLog = (await readJson(connection.player, eventsUri)).events as { seq: number }[];
      expect(gmLog[0]).toMatchObject({ seq: secret.seq, type: "NOTE_ADDED", gm_only: true });
      expect(playerLog).toEqual(gmLog.filter((event) => event.seq !== secret.seq));
      expect(await readRefusal(connection.stranger, eventsUri)).toEqual(
        await readRefusal(connection.stranger, "session://sess_none/events"),
      );
      expect(await readRefusal(connection.stranger, eventsUri)).toEqual({
        code: -32602,
        message: "session not found",
        notFound: true,
      });
      const listed = async (client: Client) =>
        ids((await readJson(client, "campaigns://list")).campaigns);
      expect(await listed(connection.gm)).toContain(table.campaign);
      expect(await listed(connection.player)).toContain(table.campaign);
      expect(await listed(connection.stranger)).not.toContain(table.campaign);
      const { resources } = await connection.stranger.listResources();
      expect(resources.map((resource) => resource.uri)).not.toContain(
        `campaign://${table.campaign}`,
      );
    },
  },
  {
    name: "keeps an NPC's GM-only notes from a player in every read; only the GM may keep them",
    async run(connection) {
      const table = await setUpTable(connection);
      const secret = "Secretly the duke's spy";
      const args = { campaign_id: table.campaign, name: "Vex", kind: "NPC", notes: secret };
      await expectRefused(
        connection,
        connection.player,
        "character_create",
        { ...args, notes_gm_only: true },
        denied("only the GM may keep a character's notes from the players"),
      );
      await expectRefused(
        connection,
        connection.stranger,
        "character_create",
        { ...args, notes_gm_only: true },
        NOT_FOUND_CAMPAIGN,
      );
      const vex = await callOk(connection.gm, "character_create", { ...args, notes_gm_only: true });
      expect(vex).toMatchObject({ notes: secret, notes_gm_only: true });
      const baker = await callOk(connection.gm, "character_create", {
        ...args,
        name: "Bram",
        notes: "Sells bread",
      });
      expect(baker).not.toHaveProperty("notes_gm_only");
      const sheet = (client: Client, id: unknown) =>
        callOk(client, "character_sheet_get", { campaign_id: table.campaign, character_id: id });
      expect((await sheet(connection.gm, vex.id)).character).toMatchObject({ notes: secret });
      expect((await sheet(connection.player, vex.id)).character).toMatchObject({
        notes: "",
        notes_gm_only: true,
      });
      expect((await sheet(connection.player, baker.id)).character).toMatchObject({
        notes: "Sells bread",
      });
      const charactersUri = `campaign://${table.campaign}/characters`;
      const gmList = (await readJson(connection.gm, charactersUri)).characters as object[];
      const playerList = (await readJson(connection.player, charactersUri)).characters as object[];
      expect(gmList).toContainEqual(expect.objectContaining({ id: vex.id, notes: secret }));
      expect(playerList).toEqual(
        gmList.map((character) =>
          "notes_gm_only" in character ? { ...character, notes: "" } : character,
        ),
      );
      const eventsUri = `session://${table.session}/events`;
      const reads = [
        await readJson(connection.player, charactersUri),
        await readJson(connection.player, eventsUri),
        await readJson(connection.gm, eventsUri),
        await sheet(connection.player, vex.id),
      ];
      for (const read of reads) expect(JSON.stringify(read)).not.toContain("duke");
    },
  },
  {
    name: "lets only the GM add participants",
    async run(connection) {
      const table = await setUpTable(connection);
      const args = { campaign_id: table.campaign, display_name: "Quinn", role: "PLAYER" };
      await expectRefused(
        connection,
        connection.player,
        "participant_create",
        args,
        denied("only the GM may add participants"),
      );
      await expectRefused(
        connection,
        connection.stranger,
        "participant_create",
        args,
        NOT_FOUND_CAMPAIGN,
      );
      const before = await dumpDatabase(connection.location);
      const added = await callOk(connection.gm, "participant_create", args);
      expect(added).toMatchObject({ display_name: "Quinn", role: "PLAYER", user: null });
      // The dump sees committed writes, so an unchanged dump after a refusal means something.
      expect(await dumpDatabase(connection.location)).not.toEqual(before);
    },
  },
  {
    name: "lets only the GM invite to a seat",
    async run(connection) {
      const table = await setUpTable(connection);
      const args = { participant_id: table.openSeat };
      await expectRefused(
        connection,
        connection.player,
        "participant_invite",
        args,
        denied("only the GM may invite players"),
      );
      await expectRefused(connection, connection.stranger, "participant_invite", args, {
        code: "NOT_FOUND",
        message: "participant not found",
      });
      const invite = await callOk(connection.gm, "participant_invite", args);
      expect(invite).toMatchObject({ campaign_id: table.campaign, participant_id: table.openSeat });
    },
  },
  {
    name: "lets only the GM assign a character's controller",
    async run(connection) {
      const table = await setUpTable(connection);
      const args = {
        campaign_id: table.campaign,
        character_id: table.playerCharacter,
        controller: "GM",
      };
      await expectRefused(
        connection,
        connection.player,
        "character_control_set",
        args,
        denied("only the GM may assign a character's controller"),
      );
      await expectRefused(
        connection,
        connection.stranger,
        "character_control_set",
        args,
        NOT_FOUND_CAMPAIGN,
      );
      expect(await callOk(connection.gm, "character_control_set", args)).toMatchObject({
        controller: "GM",
      });
    },
  },
  {
    name: "lets only the GM end and start sessions",
    async run(connection) {
      const table = await setUpTable(connection);
      const end = { campaign_id: table.campaign, session_id: table.session };
      const start = { campaign_id: table.campaign };
      await expectRefused(
        connection,
        connection.player,
        "session_end",
        end,
        denied("only the GM may end a session"),
      );
      await expectRefused(connection, connection.stranger, "session_end", end, NOT_FOUND_CAMPAIGN);
      await expectRefused(
        connection,
        connection.player,
        "session_start",
        start,
        denied("only the GM may start a session"),
      );
      await expectRefused(
        connection,
        connection.stranger,
        "session_start",
        start,
        NOT_FOUND_CAMPAIGN,
      );
      expect(await callOk(connection.gm, "session_end", end)).toMatchObject({ status: "ENDED" });
      expect(await callOk(connection.gm, "session_start", start)).toMatchObject({
        status: "ACTIVE",
      });
    },
  },
  {
    name: "lets only the GM change GM Fear",
    async run(connection) {
      const table = await setUpTable(connection);
      const args = { campaign_id: table.campaign, delta: 2 };
      await expectRefused(
        connection,
        connection.player,
        "gm_fear_adjust",
        args,
        denied("only the GM may change GM Fear"),
      );
      await expectRefused(
        connection,
        connection.stranger,
        "gm_fear_adjust",
        args,
        NOT_FOUND_CAMPAIGN,
      );
      expect(await callOk(connection.gm, "gm_fear_adjust", args)).toMatchObject({ gm_fear: 2 });
    },
  },
  {
    name: "lets the GM and a player create characters, a player's controlled by their seat",
    async run(connection) {
      const table = await setUpTable(connection);
      const args = { campaign_id: table.campaign, name: "Nim", kind: "NPC" };
      expect(await callOk(connection.gm, "character_create", args)).toMatchObject({
        controller: null,
      });
      expect(await callOk(connection.player, "character_create", args)).toMatchObject({
        controller: table.playerSeat,
      });
      await expectRefused(
        connection,
        connection.stranger,
        "character_create",
        args,
        NOT_FOUND_CAMPAIGN,
      );
    },
  },
  {
    name: "lets a player patch only the characters their seat controls, the GM every one",
    async run(connection) {
      const table = await setUpTable(connection);
      const patches = [
        ["character_profile_patch", { evasion: 12 }, { profile: { evasion: 12 } }],
        ["character_state_patch", { stress: 2 }, { state: { stress: 2 } }],
      ] as const;
      for (const [tool, fields, expected] of patches) {
        const on = (character: string) => ({
          campaign_id: table.campaign,
          character_id: character,
          ...fields,
        });
        await expectRefused(
          connection,
          connection.player,
          tool,
          on(table.gmCharacter),
          denied("you may change only characters controlled by your seat"),
        );
        await expectRefused(
          connection,
          connection.stranger,
          tool,
          on(table.playerCharacter),
          NOT_FOUND_CAMPAIGN,
        );
        expect(await callOk(connection.player, tool, on(table.playerCharacter))).toMatchObject(
          expected,
        );
        expect(await callOk(connection.gm, tool, on(table.gmCharacter))).toMatchObject(expected);
        expect(await callOk(connection.gm, tool, on(table.playerCharacter))).toMatchObject(
          expected,
        );
      }
    },
  },
  {
    name: "lets a player roll only for the characters their seat controls, logging who rolled",
    async run(connection) {
      const table = await setUpTable(connection);
      const args = (character: string) => ({
        campaign_id: table.campaign,
        session_id: table.session,
        character_id: character,
        trait: "agility",
        difficulty: 10,
      });
      await expectRefused(
        connection,
        connection.player,
        "session_action_roll",
        args(table.gmCharacter),
        denied("you may roll only for characters controlled by your seat"),
      );
      await expectRefused(
        connection,
        connection.stranger,
        "session_action_roll",
        args(table.playerCharacter),
        NOT_FOUND_CAMPAIGN,
      );
      const playerRoll = await callOk(
        connection.player,
        "session_action_roll",
        args(table.playerCharacter),
      );
      await callOk(connection.gm, "session_action_roll", args(table.playerCharacter));
      const log = (await readJson(connection.gm, `session://${table.session}/events`)).events as {
        seq: number;
        actor: string;
      }[];
      expect(log.find((event) => event.seq === playerRoll.roll_seq)?.actor).toBe(PLAYER.subject);
      expect(log[0]?.actor).toBe(GM.subject);
    },
  },
  {
    name: "lets a player apply only the outcomes of their own rolls for their characters",
    async run(connection) {
      const table = await setUpTable(connection);
      const apply = (rollSeq: number) => ({ session_id: table.session, roll_seq: rollSeq });
      const notTheirs = denied(
        "you may apply only outcomes of your own rolls for characters controlled by your seat",
      );
      await expectRefused(
        connection,
        connection.player,
        "session_roll_outcome_apply",
        apply(table.gmRoll),
        notTheirs,
      );
      await expectRefused(
        connection,
        connection.player,
        "session_roll_outcome_apply",
        apply(table.gmRollOfPlayerCharacter),
        notTheirs,
      );
      await expectRefused(
        connection,
        connection.stranger,
        "session_roll_outcome_apply",
        apply(table.playerRoll),
        NOT_FOUND_SESSION,
      );
      expect(
        await callOk(connection.player, "session_roll_outcome_apply", apply(table.playerRoll)),
      ).toMatchObject({ roll_seq: table.playerRoll });
      expect(
        await callOk(connection.gm, "session_roll_outcome_apply", apply(table.gmRoll)),
      ).toMatchObject({ roll_seq: table.gmRoll });
      expect(
        await callOk(
          connection.gm,
          "session_roll_outcome_apply",
          apply(table.gmRollOfPlayerCharacter),
        ),
      ).toMatchObject({ roll_seq: table.gmRollOfPlayerCharacter });
    },
  },
  {
    name: "lets the GM and a player add notes, only the GM GM-only ones",
    async run(connection) {
      const table = await setUpTable(connection);
      const note = (gmOnly: boolean) => ({
        session_id: table.session,
        text: "A note",
        gm_only: gmOnly,
      });
      await expectRefused(
        connection,
        connection.player,
        "session_note_add",
        note(true),
        denied("only the GM may add GM-only notes"),
      );
      await expectRefused(
        connection,
        connection.stranger,
        "session_note_add",
        note(false),
        NOT_FOUND_SESSION,
      );
      const playerNote = await callOk(connection.player, "session_note_add", note(false));
      const gmNote = await callOk(connection.gm, "session_note_add", note(true));
      const log = (await readJson(connection.gm, `session://${table.session}/events`)).events as {
        seq: number;
        gm_only?: boolean;
        actor: string;
      }[];
      expect(log.find((event) => event.seq === playerNote.seq)).toMatchObject({
        actor: PLAYER.subject,
      });
      expect(log.find((event) => event.seq === playerNote.seq)).not.toHaveProperty("gm_only");
      expect(log.find((event) => event.seq === gmNote.seq)).toMatchObject({
        actor: GM.subject,
        gm_only: true,
      });
    },
  },
  {
    name: "lets only the GM rename the campaign or change its theme",
    async run(connection) {
      const table = await setUpTable(connection);
      const args = { campaign_id: table.campaign, name: "Renamed", theme_prompt: "Fog" };
      await expectRefused(
        connection,
        connection.player,
        "campaign_update",
        args,
        denied("only the GM may change the campaign"),
      );
      await expectRefused(
        connection,
        connection.stranger,
        "campaign_update",
        args,
        NOT_FOUND_CAMPAIGN,
      );
      expect(await callOk(connection.gm, "campaign_update", args)).toMatchObject({
        id: table.campaign,
        name: "Renamed",
        theme_prompt: "Fog",
      });
    },
  },
  {
    name: "lets a player rename only their own seat, the GM every seat",
    async run(connection) {
      const table = await setUpTable(connection);
      const rename = (participant: string, display_name: string) => ({
        campaign_id: table.campaign,
        participant_id: participant,
        display_name,
      });
      for (const seat of [table.gmSeat, table.openSeat]) {
        await expectRefused(
          connection,
          connection.player,
          "participant_update",
          rename(seat, "Mallory"),
          denied("you may change only your own seat"),
        );
      }
      await expectRefused(
        connection,
        connection.stranger,
        "participant_update",
        rename(table.playerSeat, "Mallory"),
        NOT_FOUND_CAMPAIGN,
      );
      expect(
        await callOk(connection.player, "participant_update", rename(table.playerSeat, "Patty")),
      ).toMatchObject({ id: table.playerSeat, display_name: "Patty", user: PLAYER.subject });
      expect(
        await callOk(connection.gm, "participant_update", rename(table.openSeat, "Quinn")),
      ).toMatchObject({ id: table.openSeat, display_name: "Quinn" });
    },
  },
  {
    name: "lets a player update only the characters their seat controls; only the GM hides notes",
    async run(connection) {
      const table = await setUpTable(connection);
      const on = (character: string, fields: Record<string, unknown>) => ({
        campaign_id: table.campaign,
        character_id: character,
        ...fields,
      });
      await expectRefused(
        connection,
        connection.player,
        "character_update",
        on(table.gmCharacter, { name: "Mine" }),
        denied("you may change only characters controlled by your seat"),
      );
      await expectRefused(
        connection,
        connection.player,
        "character_update",
        on(table.playerCharacter, { notes_gm_only: false }),
        denied("only the GM may choose whether a character's notes are kept from the players"),
      );
      await expectRefused(
        connection,
        connection.stranger,
        "character_update",
        on(table.playerCharacter, { name: "Mine" }),
        NOT_FOUND_CAMPAIGN,
      );
      expect(
        await callOk(
          connection.player,
          "character_update",
          on(table.playerCharacter, { name: "Pippin" }),
        ),
      ).toMatchObject({ name: "Pippin" });
      expect(
        await callOk(
          connection.gm,
          "character_update",
          on(table.playerCharacter, { notes: "Bard" }),
        ),
      ).toMatchObject({ name: "Pippin", notes: "Bard" });
    },
  },
  {
    name: "lets the GM and a player search the logs, a player never finding a GM-only note",
    async run(connection) {
      const table = await setUpTable(connection);
      const note = (text: string, gmOnly: boolean) =>
        callOk(connection.gm, "session_note_add", {
          session_id: table.session,
          text,
          gm_only: gmOnly,
        });
      const secret = await note("The innkeeper is the villain", true);
      const open = await note("The innkeeper greets the party", false);
      const found = async (client: Client, query: string) =>
        (
          (await callOk(client, "session_log_search", { campaign_id: table.campaign, query }))
            .events as { seq: number }[]
        ).map((event) => event.seq);
      expect(await found(connection.gm, "innkeeper")).toEqual([open.seq, secret.seq]);
      expect(await found(connection.gm, "villain")).toEqual([secret.seq]);
      expect(await found(connection.player, "innkeeper")).toEqual([open.seq]);
      expect(await found(connection.player, "villain")).toEqual([]);
      await expectRefused(
        connection,
        connection.stranger,
        "session_log_search",
        { campaign_id: table.campaign, query: "innkeeper" },
        NOT_FOUND_CAMPAIGN,
      );
    },
  },
];

/**
 * Registers one test per row of the role table (docs/campaign.md §11.2): every cell tried for
 * the GM, a player and a stranger; allowed cells succeed, the others give their exact error and
 * leave the database as it was.
 *
 * @param connect - the connection the tests share (made once, before the first test)
 */
export function roleTableTests(connect: () => TableConnection): void {
  for (const row of ROWS) it(row.name, () => row.run(connect()));
}
