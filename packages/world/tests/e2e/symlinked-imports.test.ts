import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Connection, callTool, connectStdio } from "../helpers/harness.js";

// A world folder whose imports are symlinks: some stay inside it, two lead to a folder next to
// it. The outside file's text must not reach any answer of the running command.
const secret = "OUTSIDE-SECRET-TEXT";
const text = (...lines: string[]) => `${lines.join("\n")}\n`;

const scratch = mkdtempSync(join(tmpdir(), "world-symlinks-"));
const world = join(scratch, "world");
const outside = join(scratch, "outside");

function writeWorld(): void {
  mkdirSync(join(world, "parts"), { recursive: true });
  mkdirSync(outside);
  writeFileSync(join(outside, "secret.urd.md"), text("# Vault", "", secret));
  writeFileSync(
    join(world, "parts", "lamp.urd.md"),
    text(
      "---",
      "types:",
      "  Lamp [portable]:",
      "    lit: bool = false",
      "entities:",
      "  @lamp: Lamp",
      "---",
    ),
  );
  symlinkSync("parts", join(world, "linked"));
  symlinkSync(join(outside, "secret.urd.md"), join(world, "leak.urd.md"));
  symlinkSync(outside, join(world, "shared"));
  const imports = (...paths: string[]) => paths.map((path) => `import: ${path}`);
  const main = (...paths: string[]) =>
    text(
      "---",
      "world:",
      "  name: linked",
      "  start: hall",
      ...imports(...paths),
      "---",
      "# Hall",
      "",
      "[@lamp]",
    );
  writeFileSync(join(world, "inside.urd.md"), main("./linked/lamp.urd.md"));
  writeFileSync(
    join(world, "leaky.urd.md"),
    main("./linked/lamp.urd.md", "./leak.urd.md", "./shared/secret.urd.md"),
  );
}

/** Every answer a client can get without arguments it would have to guess. */
async function everything(connection: Connection): Promise<string> {
  const answers: unknown[] = [];
  for (const uri of ["world://compiled", "world://source"]) {
    answers.push(await connection.client.readResource({ uri }));
  }
  for (const tool of [
    "get_world_metadata",
    "get_exit_graph",
    "get_dialogue_graph",
    "get_diagnostics",
  ]) {
    answers.push(await callTool(connection.client, tool, {}));
  }
  answers.push(await callTool(connection.client, "get_reachable_locations", { from: "hall" }));
  answers.push(await callTool(connection.client, "get_entity_details", { entity_id: "@lamp" }));
  return JSON.stringify(answers);
}

beforeAll(writeWorld);
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

describe("tabletop-world with imports that are symlinks", () => {
  it("refuses imports whose symlinks lead outside the world's folder, and never shows their text", async () => {
    const connection = await connectStdio([join(world, "leaky.urd.md")]);
    try {
      const diagnostics = await callTool(connection.client, "get_diagnostics", {});
      const listed = diagnostics.payload.diagnostics as {
        code: string;
        message: string;
        start_line: number;
      }[];
      expect(listed.map((d) => [d.code, d.message, d.start_line])).toEqual([
        ["URD208", "Import path './leak.urd.md' resolves outside the project root.", 6],
        ["URD208", "Import path './shared/secret.urd.md' resolves outside the project root.", 7],
      ]);
      expect(await everything(connection)).not.toContain(secret);
    } finally {
      await connection.close();
    }
  });

  it("follows symlinks that stay inside the folder", async () => {
    const connection = await connectStdio([join(world, "inside.urd.md")]);
    try {
      const lamp = await callTool(connection.client, "get_entity_details", { entity_id: "@lamp" });
      expect(lamp.payload).toMatchObject({ entity_id: "@lamp", type: "Lamp", container: "hall" });
      const metadata = await callTool(connection.client, "get_world_metadata", {});
      expect(metadata.payload).toMatchObject({ has_errors: false, diagnostic_count: 0 });
    } finally {
      await connection.close();
    }
  });
});
