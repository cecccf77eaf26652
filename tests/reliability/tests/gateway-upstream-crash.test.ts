import { mkdtempSync, readdirSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { callTool, connectHttp, startHttpCommand } from "@tabletop-mcp/kit/testing";
import { expect, it } from "vitest";
import { isAlive } from "./support/process.js";
import { commandPath, gatewayBuilt, gatewayEntry, writeGatewayConfig } from "./support/servers.js";

/** Ids of the direct children of `pid` (Linux /proc). */
function childrenOf(pid: number): number[] {
  const children: number[] = [];
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, "utf8");
      const parent = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
      if (parent === pid) children.push(Number(entry));
    } catch {
      // The process ended while we looked.
    }
  }
  return children;
}

async function eventually<T>(attempt: () => Promise<T | undefined>, timeoutMs: number): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await attempt();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error("condition not met in time");
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

it.skipIf(!gatewayBuilt)(
  "a SIGKILLed stdio upstream fails only its own tools with the contract's error, comes back, and keeps its data",
  async () => {
    const dbPath = join(mkdtempSync(join(tmpdir(), "reliability-upstream-")), "campaign.db");
    const config = writeGatewayConfig({
      campaign: {
        builtin: undefined,
        options: undefined,
        command: process.execPath,
        args: [commandPath("packages/campaign/dist/cli.js"), "--db", dbPath],
      },
    });
    const gateway = await startHttpCommand(gatewayEntry, ["--config", config]);
    const connection = await connectHttp(gateway.url);
    try {
      const { client } = connection;
      const before = await callTool(client, "campaign_create", {
        name: "Before the crash",
        gm_mode: "HUMAN",
      });
      expect(before.isError).toBeFalsy();
      const [child] = childrenOf(gateway.child.pid as number);
      expect(child).toBeDefined();
      process.kill(child as number, "SIGKILL");

      const dice = await callTool(client, "roll_dice", { dice_count: 1, dice_sides: 6 });
      expect(dice.isError).toBeFalsy();
      const during = await callTool(client, "campaign_create", {
        name: "During",
        gm_mode: "HUMAN",
      });
      if (during.isError) {
        const error = (
          during.structuredContent as { error: { code: string; upstream: string; reason: string } }
        ).error;
        expect(error.code).toBe("FAILED_PRECONDITION");
        expect(error.upstream).toBe("campaign");
        expect(["restarting", "unavailable", "exited"]).toContain(error.reason);
      }

      await eventually(async () => {
        const again = await callTool(client, "campaign_create", {
          name: "After",
          gm_mode: "HUMAN",
        });
        return again.isError ? undefined : again;
      }, 20_000);
      const restarted = childrenOf(gateway.child.pid as number);
      expect(restarted).toHaveLength(1);
      expect(restarted[0]).not.toBe(child);
      const list = await client.readResource({ uri: "campaigns://list?limit=200" });
      const first = list.contents[0];
      expect(first && "text" in first ? String(first.text) : "").toContain("Before the crash");
      expect(isAlive(gateway.child.pid)).toBe(true);
    } finally {
      await connection.close();
      await gateway.stop();
    }
  },
);
