import type { Prompt, Tool } from "@modelcontextprotocol/server";
import type { Tier } from "../config/types.js";
import { ToolStats } from "../stats/tool-stats.js";
import type { Upstream } from "../upstreams/upstream.js";
import type { UpstreamListing } from "../upstreams/upstream-client.js";
import { exposedViewMeta } from "./exposed-uris.js";
import { collisionMessage, exposedName, exposedUri, invalidNameMessage } from "./names.js";
import { ResourceConflicts, type ResourceKind } from "./resource-conflicts.js";

/** One tool as clients see it, and where it goes. */
export interface ExposedTool {
  readonly name: string;
  readonly upstream: Upstream;
  readonly original: string;
  /** The upstream's definition, verbatim except `name`. */
  readonly definition: Tool;
  readonly declaredTier: Tier;
  readonly stats: ToolStats;
}

/** One prompt as clients see it, and where it goes. */
export interface ExposedPrompt {
  readonly name: string;
  readonly upstream: Upstream;
  readonly original: string;
  readonly definition: Prompt;
}

/** What changed when an upstream's listing was applied. */
export interface CatalogChange {
  tools: boolean;
  prompts: boolean;
  /** Problems found (clashing or invalid names), one message each. */
  problems: string[];
  /** Tools withheld for a reason that is no mistake of the config, one message each. */
  notices: string[];
}

/** Who owns an offered resource URI, and what to report when that is not the one offering it. */
export interface ResourceClaim {
  owner: Upstream;
  /** A conflict seen for the first time, as a message; repeats and overflow are not. */
  problem: string | undefined;
}

/** What the tools of one listing came to. */
interface ToolsOutcome {
  changed: boolean;
  /** Exposed names withheld because they clash or are invalid. */
  clashing: string[];
  /** Exposed names withheld because they need task-augmented calls. */
  needTasks: string[];
}

/**
 * The gateway's table of exposed names → (upstream, original name), with collision checks.
 * A name never changes meaning while the gateway runs: newcomers that clash are withheld.
 */
export class Catalog {
  readonly tools = new Map<string, ExposedTool>();
  readonly prompts = new Map<string, ExposedPrompt>();
  /**
   * Exposed resource template strings → the upstream that offered each first, for good. Here
   * and below, URIs and templates are the exposed ones, a prefixed upstream's rewritten
   * (docs/gateway.md §5.1).
   */
  readonly templates = new Map<string, Upstream>();
  /** Exposed resource URIs → the upstream that listed each first, for good (docs/gateway.md §5.4). */
  private readonly resourceUris = new Map<string, Upstream>();
  /** Offers of URIs and templates that another upstream made first. */
  readonly resourceConflicts = new ResourceConflicts();
  /** Statistics by exposed tool name; they outlive re-listings. */
  private readonly statsByName = new Map<string, ToolStats>();
  private toolList: Tool[] = [];
  private promptList: Prompt[] = [];

  constructor(private readonly upstreams: readonly Upstream[]) {}

  /** Every exposed tool definition, in config order. */
  get toolDefinitions(): readonly Tool[] {
    return this.toolList;
  }

  /** Every exposed prompt definition, in config order. */
  get promptDefinitions(): readonly Prompt[] {
    return this.promptList;
  }

  /** Exposed tools in config order. */
  exposedTools(): ExposedTool[] {
    return this.sortedByUpstream([...this.tools.values()]);
  }

  /**
   * Applies an upstream's (new) listing: drops its names that vanished, adds new ones unless
   * they clash with another upstream's or fail the name pattern.
   *
   * @param upstream - whose listing
   * @param listing - the listing
   * @returns what changed and the problems found
   */
  apply(upstream: Upstream, listing: UpstreamListing): CatalogChange {
    const problems: string[] = [];
    const outcome = this.applyTools(upstream, listing.tools, problems);
    const withheld = [...outcome.clashing];
    const prompts = this.applyPrompts(upstream, listing.prompts, problems, withheld);
    const prefix = upstream.entry.prefix;
    for (const template of listing.resourceTemplates) {
      const exposed = exposedUri(prefix, template.uriTemplate);
      const claim = this.claim("resource template", exposed, upstream);
      if (claim.problem) problems.push(claim.problem);
    }
    for (const resource of listing.resources) {
      const claim = this.claim("resource URI", exposedUri(prefix, resource.uri), upstream);
      if (claim.problem) problems.push(claim.problem);
    }
    upstream.withheld = [...withheld, ...outcome.needTasks];
    const eligible = listing.tools.length - outcome.needTasks.length;
    if (
      eligible > 0 &&
      withheld.length >= eligible &&
      ![...this.tools.values()].some((tool) => tool.upstream === upstream)
    ) {
      upstream.markConflict();
    }
    const tools = outcome.changed;
    if (tools) this.toolList = this.exposedTools().map((tool) => tool.definition);
    if (prompts) {
      this.promptList = this.sortedByUpstream([...this.prompts.values()]).map(
        (prompt) => prompt.definition,
      );
    }
    const notices = outcome.needTasks.map(
      (name) =>
        `tool "${name}" from "${upstream.name}" is withheld: it only runs as a task (execution.taskSupport "required"), and the gateway does not offer MCP tasks`,
    );
    return { tools, prompts, problems, notices };
  }

  /** The upstream that owns an exposed resource URI: the first that listed it, whatever came since. */
  resourceOwner(uri: string): Upstream | undefined {
    return this.resourceUris.get(uri);
  }

  /**
   * An upstream offers a resource URI (in a listing or a session's `resources/list`): it
   * becomes the URI's owner unless another upstream offered it first, which keeps it.
   *
   * @param uri - the URI offered, as exposed
   * @param upstream - who offers it
   * @returns the owner, and the message of a conflict not reported before
   */
  claimResource(uri: string, upstream: Upstream): ResourceClaim {
    return this.claim("resource URI", uri, upstream);
  }

  private claim(kind: ResourceKind, uri: string, upstream: Upstream): ResourceClaim {
    const owners = kind === "resource URI" ? this.resourceUris : this.templates;
    const owner = owners.get(uri);
    if (!owner) {
      owners.set(uri, upstream);
      return { owner: upstream, problem: undefined };
    }
    if (owner === upstream) return { owner, problem: undefined };
    const fresh = this.resourceConflicts.record(kind, uri, owner.name, upstream.name);
    const problem = fresh
      ? collisionMessage(kind, uri, claimant(owner), claimant(upstream))
      : undefined;
    return { owner, problem };
  }

  /**
   * Names in an upstream's `tools.allow` or `tools.deny` that it does not offer: a typo in
   * either would silently hide or expose a tool.
   */
  unknownListed(upstream: Upstream, list: "allow" | "deny"): string[] {
    const names = upstream.entry[list];
    const listing = upstream.listing;
    if (!names || !listing) return [];
    const offered = new Set(listing.tools.map((tool) => tool.name));
    return names.filter((name) => !offered.has(name));
  }

  private applyTools(
    upstream: Upstream,
    offered: readonly Tool[],
    problems: string[],
  ): ToolsOutcome {
    const entry = upstream.entry;
    const deny = new Set(entry.deny);
    const allow = entry.allow ? new Set(entry.allow) : undefined;
    const wanted = new Map<string, Tool>();
    const clashing: string[] = [];
    const needTasks: string[] = [];
    for (const tool of offered) {
      if (allow && !allow.has(tool.name)) continue;
      if (deny.has(tool.name)) continue;
      const name = exposedName(entry.prefix, tool.name);
      if (tool.execution?.taskSupport === "required") {
        needTasks.push(name);
        continue;
      }
      const invalid = invalidNameMessage("tool", name, upstream.name, entry.prefix);
      const owner = this.tools.get(name);
      if (invalid) problems.push(invalid);
      else if (owner && owner.upstream !== upstream) {
        problems.push(
          collisionMessage(
            "tool name",
            name,
            claimant(owner.upstream),
            claimant(upstream),
            tool.name,
          ),
        );
      } else {
        wanted.set(name, tool);
        continue;
      }
      clashing.push(name);
    }
    return { changed: this.replaceTools(upstream, wanted), clashing, needTasks };
  }

  /** Makes `wanted` the exposed tools of `upstream`; whether anything changed. */
  private replaceTools(upstream: Upstream, wanted: ReadonlyMap<string, Tool>): boolean {
    const entry = upstream.entry;
    let changed = false;
    for (const [name, tool] of this.tools) {
      if (tool.upstream === upstream && !wanted.has(name)) {
        this.tools.delete(name);
        changed = true;
      }
    }
    const builtin = entry.kind === "builtin";
    for (const [name, tool] of wanted) {
      const previous = this.tools.get(name);
      const definition = exposedTool(tool, name, entry.prefix);
      if (!previous) changed = true;
      else if (JSON.stringify(previous.definition) !== JSON.stringify(definition)) changed = true;
      let stats = this.statsByName.get(name);
      if (!stats) {
        stats = new ToolStats();
        this.statsByName.set(name, stats);
      }
      this.tools.set(name, {
        name,
        upstream,
        original: tool.name,
        definition,
        declaredTier: entry.tiers[tool.name] ?? (builtin ? "fast" : "standard"),
        stats,
      });
    }
    return changed;
  }

  private applyPrompts(
    upstream: Upstream,
    offered: readonly Prompt[],
    problems: string[],
    withheld: string[],
  ): boolean {
    const prefix = upstream.entry.prefix;
    const wanted = new Map<string, Prompt>();
    for (const prompt of offered) {
      const name = exposedName(prefix, prompt.name);
      const invalid = invalidNameMessage("prompt", name, upstream.name, prefix);
      const owner = this.prompts.get(name);
      if (invalid) problems.push(invalid);
      else if (owner && owner.upstream !== upstream) {
        problems.push(
          collisionMessage("prompt name", name, claimant(owner.upstream), claimant(upstream)),
        );
      } else {
        wanted.set(name, prompt);
        continue;
      }
      withheld.push(name);
    }
    let changed = false;
    for (const [name, prompt] of this.prompts) {
      if (prompt.upstream === upstream && !wanted.has(name)) {
        this.prompts.delete(name);
        changed = true;
      }
    }
    for (const [name, prompt] of wanted) {
      if (!this.prompts.has(name)) changed = true;
      this.prompts.set(name, {
        name,
        upstream,
        original: prompt.name,
        definition: { ...prompt, name },
      });
    }
    return changed;
  }

  private sortedByUpstream<Item extends { upstream: Upstream }>(items: Item[]): Item[] {
    const order = (item: Item) => this.upstreams.indexOf(item.upstream);
    const originalOrder = (item: Item): number => {
      const tools = item.upstream.listing?.tools ?? [];
      const prompts = item.upstream.listing?.prompts ?? [];
      const original = (item as unknown as { original: string }).original;
      const index = tools.findIndex((tool) => tool.name === original);
      return index !== -1 ? index : prompts.findIndex((prompt) => prompt.name === original);
    };
    return items.sort((a, b) => order(a) - order(b) || originalOrder(a) - originalOrder(b));
  }
}

/** An upstream as a collision message names it. */
function claimant(upstream: Upstream): { name: string; prefix: string | undefined } {
  return { name: upstream.name, prefix: upstream.entry.prefix };
}

/**
 * The tool under its exposed name, linking its view by the view's exposed URI. Properties are
 * copied as they are defined, so a schema an in-process server converts to JSON Schema only
 * when first listed (a getter) stays that way: converting every builtin tool's schema at
 * start-up would delay the gateway's first answer.
 */
function exposedTool(tool: Tool, name: string, prefix: string | undefined): Tool {
  if (tool.name === name) return tool;
  const copy = Object.defineProperties({}, Object.getOwnPropertyDescriptors(tool)) as Tool;
  copy.name = name;
  const meta = exposedViewMeta(prefix, tool._meta);
  if (meta !== tool._meta) {
    Object.defineProperty(copy, "_meta", {
      value: meta,
      enumerable: true,
      writable: true,
      configurable: true,
    });
  }
  return copy;
}
