import type { Tool } from "@modelcontextprotocol/server";
import type { Catalog, ExposedTool } from "../catalog/catalog.js";
import type { Tier } from "../config/types.js";
import { currentTier, withinTier } from "../tiers/tiers.js";
import type { Upstream } from "../upstreams/upstream.js";
import type { ClientProfile } from "./client-profile.js";

/**
 * The tools one session sees: those the upstreams offer its client (a server may offer some
 * only to clients with certain capabilities), within the session's latency tier.
 */
export class ToolView {
  /** Per upstream, the tools it does not offer this session's client (upstream names). */
  private readonly hidden = new Map<Upstream, ReadonlySet<string>>();
  /** Tools visible at the last `tools/list` or notice, for tier-change notices. */
  private listed: string | undefined;

  constructor(
    private readonly catalog: Catalog,
    private readonly tier: Tier,
    private readonly profile: () => ClientProfile,
  ) {}

  /** Answers `tools/list`: asks the upstreams what they hide from this client, then lists. */
  async list(): Promise<Tool[]> {
    await this.learnHidden();
    const visible = this.visible();
    this.listed = names(visible);
    return visible.map((tool) => tool.definition);
  }

  /** The exposed tools this session sees: offered to its client and within its tier. */
  visible(): ExposedTool[] {
    return this.catalog.exposedTools().filter((tool) => {
      if (this.hidden.get(tool.upstream)?.has(tool.original)) return false;
      return (
        this.tier === "deep" || withinTier(currentTier(tool.declaredTier, tool.stats), this.tier)
      );
    });
  }

  /**
   * Whether the tools this session may see changed since it last listed them or was last told;
   * the caller sends `tools/list_changed` when so.
   */
  tierVisibilityChanged(): boolean {
    if (this.tier === "deep" || this.listed === undefined) return false;
    const now = names(this.visible());
    if (now === this.listed) return false;
    // Announced once: the next notice needs a further change, whether or not the client relists.
    this.listed = now;
    return true;
  }

  /** Asks every upstream with exposed tools which of them it does not offer this client. */
  private async learnHidden(): Promise<void> {
    const profile = this.profile();
    const upstreams = new Set([...this.catalog.tools.values()].map((tool) => tool.upstream));
    await Promise.all(
      [...upstreams].map(async (upstream) => {
        this.hidden.set(upstream, await upstream.toolsHiddenFrom(profile));
      }),
    );
  }
}

function names(tools: readonly ExposedTool[]): string {
  return tools.map((tool) => tool.name).join("\n");
}
