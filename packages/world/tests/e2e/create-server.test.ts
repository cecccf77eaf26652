import { copyFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createServer, openWorldStore } from "../../src/index.js";
import { fixturePath } from "../helpers/fixtures.js";
import { type Connection, callTool, connectInMemory } from "../helpers/harness.js";

async function until(condition: () => boolean, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error("timed out waiting");
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe("createServer({ worldPath }) called many times in one process", () => {
  let directory: string;
  let world: string;
  const connections: Connection[] = [];
  beforeEach(() => {
    directory = mkdtempSync(join(tmpdir(), "world-create-"));
    world = join(directory, "locked-garden.urd.md");
    copyFileSync(fixturePath("locked-garden.urd.md"), world);
  });
  afterEach(async () => {
    for (const connection of connections.splice(0)) await connection.close();
    rmSync(directory, { recursive: true, force: true });
  });

  const rename = (name: string) =>
    writeFileSync(world, readFileSync(world, "utf8").replace(/name: [a-z-]+/, `name: ${name}`));
  const worldName = async (connection: Connection) =>
    (await callTool(connection.client, "get_world_metadata", {})).payload.world_name;

  it("compiles an unchanged file once and shares it", () => {
    const first = openWorldStore({ worldPath: world });
    expect(openWorldStore({ worldPath: world })).toBe(first);
    expect(openWorldStore({ worldPath: world, watch: true })).not.toBe(first);
  });

  it("gives a later server the edited file while an earlier one keeps its snapshot", async () => {
    const earlier = await connectInMemory({ worldPath: world });
    connections.push(earlier);
    rename("the-open-garden");
    const later = await connectInMemory({ worldPath: world });
    connections.push(later);
    expect(await worldName(earlier)).toBe("the-locked-garden");
    expect(await worldName(later)).toBe("the-open-garden");
  });

  it("with watch: true recompiles on an edit and tells every subscribed session", async () => {
    const sessions = [
      await connectInMemory({ worldPath: world, watch: true }),
      await connectInMemory({ worldPath: world, watch: true }),
    ];
    connections.push(...sessions);
    const updates: string[][] = [];
    for (const session of sessions) {
      const received: string[] = [];
      updates.push(received);
      session.client.setNotificationHandler("notifications/resources/updated", (notification) => {
        received.push(notification.params.uri);
      });
      await session.client.subscribeResource({ uri: "world://compiled" });
    }
    rename("the-watched-garden");
    await until(() => updates.every((received) => received.includes("world://compiled")));
    for (const session of sessions) expect(await worldName(session)).toBe("the-watched-garden");
  });

  it("throws when the file cannot be read", () => {
    expect(() => createServer({ worldPath: join(directory, "missing.urd.md") })).toThrow(
      /cannot read world file '.*missing\.urd\.md': no such file or directory/,
    );
  });
});
