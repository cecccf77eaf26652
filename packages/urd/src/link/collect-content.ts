import type { DiagnosticList } from "../diagnostics/diagnostic-list.js";
import type {
  ChoiceNode,
  ContentNode,
  ExitNode,
  LocationHeadingNode,
  ParsedFile,
  PhaseHeadingNode,
  RuleNode,
  SectionLabelNode,
  SequenceHeadingNode,
} from "../parse/ast.js";
import { slugify } from "../text/slugify.js";
import type { Resolutions } from "./resolutions.js";
import type {
  ExitSymbol,
  LocationSymbol,
  Scope,
  SectionSymbol,
  SequenceSymbol,
  SymbolTable,
} from "./symbols.js";

function emptySlugMessage(name: string): string {
  return `Heading '${name}' produces an empty ID after slugification.`;
}

/**
 * Pass 1 over one file's content: registers locations, exits, sections,
 * choices (as actions), rules, sequences and phases, reporting the duplicate
 * and out-of-context errors, and records each top-level node's scope.
 */
export class ContentCollector {
  private location: LocationSymbol | null = null;
  private section: SectionSymbol | null = null;
  private sequence: SequenceSymbol | null = null;
  readonly scopes: Scope[] = [];
  readonly sections = new Map<string, SectionSymbol>();
  private readonly choiceIds = new Map<SectionSymbol, Map<string, string>>();

  constructor(
    private readonly file: ParsedFile,
    private readonly symbols: SymbolTable,
    private readonly resolutions: Resolutions,
    private readonly exitsByNode: Map<ExitNode, ExitSymbol>,
    private readonly diagnostics: DiagnosticList,
  ) {}

  /**
   * Walks every top-level node of the file. Consecutive nodes in the same location and section
   * share one scope object: scopes change only at headings, and a world has far more lines.
   */
  collect(): void {
    const content = this.file.content;
    for (let index = 0; index < content.length; index += 1) {
      const node = content[index];
      if (node === undefined) continue;
      this.visit(node);
      this.scopes.push(this.currentScope(this.scopes[this.scopes.length - 1]));
    }
  }

  private currentScope(previous: Scope | undefined): Scope {
    if (previous?.location === this.location && previous.section === this.section) return previous;
    return { location: this.location, section: this.section };
  }

  private visit(node: ContentNode): void {
    switch (node.kind) {
      case "location":
        this.location = this.collectLocation(node) ?? this.location;
        return;
      case "exit":
        this.collectExit(node);
        return;
      case "presence":
        if (this.location === null) {
          this.diagnostics.error(
            "URD314",
            "Entity presence construct outside of a location context.",
            node.span,
          );
        }
        return;
      case "section":
        this.section = this.collectSection(node);
        return;
      case "choice":
        if (this.section !== null) this.collectChoice(node, this.section);
        return;
      case "rule":
        this.collectRule(node);
        return;
      case "sequence":
        this.collectSequence(node);
        return;
      case "phase":
        this.collectPhase(node);
        return;
      default:
        return;
    }
  }

  private collectLocation(node: LocationHeadingNode): LocationSymbol | null {
    const id = slugify(node.name);
    if (id === "") {
      this.diagnostics.error("URD313", emptySlugMessage(node.name), node.span);
      return null;
    }
    this.section = null;
    const first = this.symbols.locations.get(id);
    if (first !== undefined) {
      this.diagnostics.error(
        "URD304",
        `Duplicate location ID '${id}' — locations '${first.name}' and '${node.name}' both slugify to '${id}'.`,
        node.span,
      );
      return first;
    }
    const location: LocationSymbol = {
      id,
      name: node.name,
      node,
      file: this.file.name,
      exits: new Map(),
      contains: [],
    };
    this.symbols.locations.set(id, location);
    return location;
  }

  private collectExit(node: ExitNode): void {
    const location = this.location;
    if (location === null) {
      this.diagnostics.error("URD314", "Exit construct outside of a location context.", node.span);
      return;
    }
    const exit: ExitSymbol = {
      id: `${location.id}/${node.direction}`,
      direction: node.direction,
      node,
      location,
      destination: null,
    };
    location.exits.set(node.direction, exit);
    this.exitsByNode.set(node, exit);
  }

  private collectSection(node: SectionLabelNode): SectionSymbol {
    const first = this.sections.get(node.name);
    if (first !== undefined) {
      this.diagnostics.error(
        "URD305",
        `Duplicate section name '${node.name}' in ${this.file.name}. Section names must be unique within a file.`,
        node.span,
      );
      return first;
    }
    const section: SectionSymbol = {
      id: `${this.file.stem}/${node.name}`,
      name: node.name,
      file: this.file.name,
      node,
      choices: [],
    };
    this.sections.set(node.name, section);
    this.symbols.sections.set(section.id, section);
    return section;
  }

  private collectChoice(node: ChoiceNode, section: SectionSymbol): void {
    const slug = slugify(node.label);
    if (slug === "") {
      this.diagnostics.error("URD313", emptySlugMessage(node.label), node.span);
      return;
    }
    const id = `${section.id}/${slug}`;
    let labels = this.choiceIds.get(section);
    if (labels === undefined) {
      labels = new Map();
      this.choiceIds.set(section, labels);
    }
    const firstLabel = labels.get(id);
    if (firstLabel !== undefined) {
      this.diagnostics.error(
        "URD306",
        `Duplicate choice ID '${id}' in section '${section.id}'. Choices '${firstLabel}' and '${node.label}' produce the same slugified ID.`,
        node.span,
      );
      return;
    }
    labels.set(id, node.label);
    const choice = { id, label: node.label, sticky: node.sticky, node, section };
    section.choices.push(choice);
    this.symbols.choices.push(choice);
    this.resolutions.choices.set(node, choice);
    for (const child of node.children) {
      if (child.kind === "choice") this.collectChoice(child, section);
    }
  }

  private collectRule(node: RuleNode): void {
    const first = this.symbols.rules.get(node.name);
    if (first !== undefined) {
      const firstLine = first.node.span.start_line;
      this.diagnostics.error(
        "URD302",
        `Duplicate rule name '${node.name}' declared in ${first.file}:${firstLine} and ${this.file.name}:${node.span.start_line}.`,
        node.span,
      );
      return;
    }
    this.symbols.rules.set(node.name, { name: node.name, node, file: this.file.name });
  }

  private collectSequence(node: SequenceHeadingNode): void {
    const id = slugify(node.name);
    if (id === "") {
      this.diagnostics.error("URD313", emptySlugMessage(node.name), node.span);
      return;
    }
    const first = this.symbols.sequences.get(id);
    if (first !== undefined) {
      this.diagnostics.error(
        "URD313",
        `Duplicate sequence ID '${id}' — sequences '${id}' and '${node.name}' both slugify to '${id}'.`,
        node.span,
      );
      this.sequence = first;
      return;
    }
    const sequence: SequenceSymbol = { id, name: node.name, node, phases: [] };
    this.symbols.sequences.set(id, sequence);
    this.sequence = sequence;
  }

  private collectPhase(node: PhaseHeadingNode): void {
    if (this.sequence === null) return;
    const id = slugify(node.name);
    if (id === "") {
      this.diagnostics.error("URD313", emptySlugMessage(node.name), node.span);
      return;
    }
    this.sequence.phases.push({ id, auto: node.auto, node });
  }
}
