import type {
  ChoiceNode,
  EntityDeclaration,
  ExitNode,
  LocationHeadingNode,
  ParsedFile,
  PhaseHeadingNode,
  PropertyDeclaration,
  RuleNode,
  SectionLabelNode,
  SequenceHeadingNode,
  TypeDeclaration,
  WorldBlock,
} from "../parse/ast.js";

/** A declared type. */
export interface TypeSymbol {
  readonly name: string;
  readonly declaration: TypeDeclaration;
  readonly file: string;
  readonly properties: ReadonlyMap<string, PropertyDeclaration>;
  readonly traits: ReadonlySet<string>;
}

/** A declared entity; `type` is null when its type did not resolve. */
export interface EntitySymbol {
  readonly id: string;
  readonly declaration: EntityDeclaration;
  readonly file: string;
  type: TypeSymbol | null;
}

/** An exit of a location; `destination` is null when it did not resolve. */
export interface ExitSymbol {
  /** `<location id>/<direction>`. */
  readonly id: string;
  readonly direction: string;
  readonly node: ExitNode;
  readonly location: LocationSymbol;
  destination: LocationSymbol | null;
}

/** A location (`# Heading`). */
export interface LocationSymbol {
  readonly id: string;
  readonly name: string;
  readonly node: LocationHeadingNode;
  readonly file: string;
  /** Exits by direction, in declaration order. */
  readonly exits: Map<string, ExitSymbol>;
  /** Resolved entity presence, in order, without duplicates. */
  readonly contains: string[];
}

/** A registered choice; its id is also an action id. */
export interface ChoiceSymbol {
  readonly id: string;
  readonly label: string;
  readonly sticky: boolean;
  readonly node: ChoiceNode;
  readonly section: SectionSymbol;
}

/** A dialogue section (`== name`). */
export interface SectionSymbol {
  /** `<file stem>/<name>`. */
  readonly id: string;
  readonly name: string;
  readonly file: string;
  readonly node: SectionLabelNode;
  /** Registered choices, pre-order (nested choices after their parent). */
  readonly choices: ChoiceSymbol[];
}

/** A rule block. */
export interface RuleSymbol {
  readonly name: string;
  readonly node: RuleNode;
  readonly file: string;
}

/** A phase of a sequence. */
export interface PhaseSymbol {
  readonly id: string;
  readonly auto: boolean;
  readonly node: PhaseHeadingNode;
}

/** A sequence (`## Name`) and its phases. */
export interface SequenceSymbol {
  readonly id: string;
  readonly name: string;
  readonly node: SequenceHeadingNode;
  readonly phases: PhaseSymbol[];
}

/** The location and section in effect at a top-level node (after the node itself). */
export interface Scope {
  readonly location: LocationSymbol | null;
  readonly section: SectionSymbol | null;
}

/** One file after collection. */
export interface LinkedFile {
  readonly parsed: ParsedFile;
  /** Scope of each top-level content node, parallel to `parsed.content`. */
  readonly scopes: readonly Scope[];
  /** Sections declared in this file, by name (the first of a duplicated name). */
  readonly sections: ReadonlyMap<string, SectionSymbol>;
  /** Files whose declarations this file sees: itself and its direct imports. */
  readonly visibleFiles: ReadonlySet<string>;
}

/** Every declaration of the world, each map in declaration order. */
export interface SymbolTable {
  readonly types: Map<string, TypeSymbol>;
  readonly entities: Map<string, EntitySymbol>;
  readonly locations: Map<string, LocationSymbol>;
  readonly sections: Map<string, SectionSymbol>;
  /** Registered choices of every section, pre-order; these are the actions. */
  readonly choices: ChoiceSymbol[];
  readonly rules: Map<string, RuleSymbol>;
  readonly sequences: Map<string, SequenceSymbol>;
}

/** The entry file's world block and what its `start` and `entry` resolved to. */
export interface WorldSettings {
  readonly block: WorldBlock | null;
  readonly start: LocationSymbol | null;
  readonly entry: SequenceSymbol | null;
}
