import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Client } from "@modelcontextprotocol/client";
import { afterEach, describe, expect, it } from "vitest";
import { fixturePath } from "../helpers/fixtures.js";
import { type Connection, callTool, connectStdio } from "../helpers/harness.js";

/** Subscribes to both resources and collects the URIs of the updates that arrive. */
async function subscribeToUpdates(client: Client): Promise<string[]> {
  const updates: string[] = [];
  client.setNotificationHandler("notifications/resources/updated", (notification) => {
    updates.push(notification.params.uri);
  });
  await client.subscribeResource({ uri: "world://compiled" });
  await client.subscribeResource({ uri: "world://source" });
  return updates;
}

async function until(condition: () => boolean, timeoutMs = 5000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error("timed out waiting");
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe("tabletop-world --watch", () => {
  let directory: string;
  let connection: Connection | undefined;
  afterEach(async () => {
    await connection?.close();
    connection = undefined;
    rmSync(directory, { recursive: true, force: true });
  });

  it("recompiles an edited world, notifies subscribers and answers with the new facts", async () => {
    directory = mkdtempSync(join(tmpdir(), "world-watch-"));
    const world = join(directory, "locked-garden.urd.md");
    copyFileSync(fixturePath("locked-garden.urd.md"), world);
    connection = await connectStdio([world, "--watch"]);
    const updates = await subscribeToUpdates(connection.client);

    const edited = readFileSync(world, "utf8")
      .replace("name: the-locked-garden", "name: the-open-garden")
      .replace("  > @warden.trust + 5", "  > @warden.trust + 7");
    writeFileSync(world, edited);
    await until(() => updates.length >= 2);

    expect([...updates].sort()).toEqual(["world://compiled", "world://source"]);
    const metadata = await callTool(connection.client, "get_world_metadata", {});
    expect(metadata.payload.world_name).toBe("the-open-garden");
    const choices = await callTool(connection.client, "get_choice_conditions", {
      section: "locked-garden/greet",
    });
    expect(JSON.stringify(choices.payload)).toContain('"operation":"+= 7"');
    const source = await connection.client.readResource({ uri: "world://source" });
    const [content] = source.contents;
    expect(content && "text" in content ? content.text : "").toContain("the-open-garden");
  });

  it("keeps the last good world when the file disappears", async () => {
    directory = mkdtempSync(join(tmpdir(), "world-watch-"));
    const world = join(directory, "locked-garden.urd.md");
    copyFileSync(fixturePath("locked-garden.urd.md"), world);
    connection = await connectStdio([world, "--watch"]);
    rmSync(world);
    await new Promise((resolve) => setTimeout(resolve, 300));
    const metadata = await callTool(connection.client, "get_world_metadata", {});
    expect(metadata.payload.world_name).toBe("the-locked-garden");
  });

  it("recompiles when an imported file changes", async () => {
    directory = mkdtempSync(join(tmpdir(), "world-watch-"));
    mkdirSync(join(directory, "interrogation"));
    for (const name of ["main.urd.md", "world.urd.md"]) {
      copyFileSync(fixturePath(`interrogation/${name}`), join(directory, "interrogation", name));
    }
    connection = await connectStdio([join(directory, "interrogation", "main.urd.md"), "--watch"]);
    const updates = await subscribeToUpdates(connection.client);
    const imported = join(directory, "interrogation", "world.urd.md");
    writeFileSync(
      imported,
      readFileSync(imported, "utf8").replace(
        "@detective: Person",
        "@detective: Person\n  @witness: Person",
      ),
    );
    await until(() => updates.includes("world://compiled"));
    const witness = await callTool(connection.client, "get_entity_details", {
      entity_id: "@witness",
    });
    expect(witness.payload).toMatchObject({ entity_id: "@witness", type: "Person" });
  });
});
