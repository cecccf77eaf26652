import type { DiagnosticList } from "../diagnostics/diagnostic-list.js";
import type { Condition, ContentNode, Effect, ExitNode, RuleNode } from "../parse/ast.js";
import type { Lookup } from "./lookup.js";
import type { Resolutions } from "./resolutions.js";
import { resolveJump } from "./resolve-jump.js";
import type { ExitSymbol, LinkedFile, LocationSymbol } from "./symbols.js";

/**
 * Pass 2 over one file's content: resolves entity references, property
 * accesses, containers, exhaustion checks, exit destinations and jumps,
 * recording results in `resolutions` and reporting URD301, URD308–URD312,
 * URD314 and URD431.
 */
export class ContentResolver {
  private location: LocationSymbol | null = null;

  constructor(
    private readonly file: LinkedFile,
    private readonly lookup: Lookup,
    private readonly resolutions: Resolutions,
    private readonly exitsByNode: ReadonlyMap<ExitNode, ExitSymbol>,
    private readonly diagnostics: DiagnosticList,
  ) {}

  /** Walks every node of the file, nested ones included. */
  resolve(): void {
    this.file.parsed.content.forEach((node, index) => {
      this.location = this.file.scopes[index]?.location ?? null;
      this.visit(node);
    });
  }

  private visit(node: ContentNode): void {
    switch (node.kind) {
      case "speech":
      case "stage-direction": {
        const entity = this.lookup.entity(node.entity, node.span);
        if (entity !== null) this.resolutions.speakers.set(node, entity);
        return;
      }
      case "presence":
        this.resolvePresence(node.entries, node.span);
        return;
      case "exit":
        this.resolveExit(node);
        return;
      case "condition":
        this.resolveCondition(node.condition);
        return;
      case "or-block":
        for (const member of node.members) this.resolveCondition(member);
        return;
      case "effect":
        this.resolveEffect(node.effect);
        return;
      case "jump": {
        const target = resolveJump(node, this.file, this.location, this.diagnostics);
        if (target !== null) this.resolutions.jumps.set(node, target);
        return;
      }
      case "choice":
        if (node.target?.kind === "entity") {
          const entity = this.lookup.entity(node.target.id, node.span);
          if (entity !== null) this.resolutions.choiceTargets.set(node, entity);
        }
        this.visitAll(node.children);
        return;
      case "rule":
        this.resolveRule(node);
        return;
      default:
        return;
    }
  }

  /** Visits nested nodes by index: a for-of loop makes an iterator result per node while cold. */
  private visitAll(nodes: readonly ContentNode[]): void {
    for (let index = 0; index < nodes.length; index += 1) {
      const node = nodes[index];
      if (node !== undefined) this.visit(node);
    }
  }

  private resolvePresence(entries: readonly string[], span: ContentNode["span"]): void {
    for (const name of entries) {
      const entity = this.lookup.entity(name, span);
      if (entity === null || this.location === null) continue;
      if (!this.location.contains.includes(entity.id)) this.location.contains.push(entity.id);
    }
  }

  private resolveExit(node: ExitNode): void {
    // An exit outside any location was refused with URD314 in pass 1; its destination and
    // guards are left alone so that one mistake gives one diagnostic (docs/urd.md §7.3).
    if (this.location === null) return;
    const destination = this.lookup.findLocation(node.destination);
    if (destination === null) {
      this.diagnostics.error(
        "URD312",
        `Exit destination '${node.destination}' does not resolve to any known location.`,
        node.span,
      );
    }
    const exit = this.exitsByNode.get(node);
    if (exit !== undefined) exit.destination = destination;
    this.visitAll(node.children);
  }

  private resolveCondition(condition: Condition): void {
    switch (condition.kind) {
      case "comparison": {
        const access = this.lookup.access(condition, condition.span);
        if (access !== null) this.resolutions.comparisons.set(condition, access);
        return;
      }
      case "containment": {
        const entity = this.lookup.entity(condition.entity, condition.span);
        const container = this.lookup.container(condition.container, condition.span);
        this.resolutions.containments.set(condition, { entity, container });
        return;
      }
      case "exhaustion": {
        const section = this.file.sections.get(condition.section);
        if (section !== undefined) {
          this.resolutions.exhaustions.set(condition, section);
          return;
        }
        this.diagnostics.error(
          "URD309",
          `Unresolved section '${condition.section}' in exhaustion check. No section with this name exists in the current file.`,
          condition.span,
        );
        return;
      }
    }
  }

  private resolveEffect(effect: Effect): void {
    switch (effect.kind) {
      case "set":
      case "reveal": {
        if (effect.access === null) return;
        const access = this.lookup.access(effect.access, effect.span);
        if (access !== null) this.resolutions.accesses.set(effect, access);
        return;
      }
      case "move": {
        if (effect.entity.kind !== "entity") return;
        const entity = this.lookup.entity(effect.entity.id, effect.span);
        const destination = this.lookup.container(effect.destination, effect.span);
        this.resolutions.moves.set(effect, { entity, destination });
        return;
      }
      case "destroy": {
        const entity = this.lookup.entity(effect.entity, effect.span);
        if (entity !== null) this.resolutions.destroys.set(effect, entity);
        return;
      }
    }
  }

  private resolveRule(node: RuleNode): void {
    for (const name of node.select?.from ?? []) this.lookup.entity(name, node.span);
    for (const condition of node.where) this.resolveCondition(condition);
    for (const condition of node.select?.where ?? []) this.resolveCondition(condition);
    for (const effect of node.effects) this.resolveEffect(effect);
  }
}
