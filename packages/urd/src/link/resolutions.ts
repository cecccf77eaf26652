import type {
  ChoiceNode,
  ComparisonCondition,
  ContainmentCondition,
  DestroyEffect,
  ExhaustionCondition,
  JumpNode,
  MoveEffect,
  PropertyDeclaration,
  RevealEffect,
  SetEffect,
  SpeechNode,
  StageDirectionNode,
} from "../parse/ast.js";
import type {
  ChoiceSymbol,
  EntitySymbol,
  ExitSymbol,
  LocationSymbol,
  SectionSymbol,
  TypeSymbol,
} from "./symbols.js";

/** `@entity.property` resolved: the entity, its type and the property (null for `container`). */
export interface ResolvedAccess {
  readonly entity: EntitySymbol;
  readonly type: TypeSymbol;
  readonly property: string;
  readonly declaration: PropertyDeclaration | null;
}

/** A container or move destination. */
export type ContainerReference =
  | { readonly kind: "player" }
  | { readonly kind: "here" }
  | { readonly kind: "entity"; readonly entity: EntitySymbol }
  | { readonly kind: "location"; readonly location: LocationSymbol };

/** Where a jump goes. */
export type JumpResolution =
  | { readonly kind: "section"; readonly section: SectionSymbol }
  | { readonly kind: "exit"; readonly exit: ExitSymbol }
  | { readonly kind: "end" };

/** A containment check with whatever of it resolved. */
export interface ResolvedContainment {
  readonly entity: EntitySymbol | null;
  readonly container: ContainerReference | null;
}

/** A move with whatever of it resolved. */
export interface ResolvedMove {
  readonly entity: EntitySymbol | null;
  readonly destination: ContainerReference | null;
}

/** What LINK resolved, keyed by the syntax nodes. Absent keys did not resolve. */
export interface Resolutions {
  readonly comparisons: Map<ComparisonCondition, ResolvedAccess>;
  readonly containments: Map<ContainmentCondition, ResolvedContainment>;
  readonly exhaustions: Map<ExhaustionCondition, SectionSymbol>;
  readonly accesses: Map<SetEffect | RevealEffect, ResolvedAccess>;
  readonly moves: Map<MoveEffect, ResolvedMove>;
  readonly destroys: Map<DestroyEffect, EntitySymbol>;
  readonly jumps: Map<JumpNode, JumpResolution>;
  readonly choiceTargets: Map<ChoiceNode, EntitySymbol>;
  readonly choices: Map<ChoiceNode, ChoiceSymbol>;
  readonly speakers: Map<SpeechNode | StageDirectionNode, EntitySymbol>;
}

/** An empty set of resolutions. */
export function createResolutions(): Resolutions {
  return {
    comparisons: new Map(),
    containments: new Map(),
    exhaustions: new Map(),
    accesses: new Map(),
    moves: new Map(),
    destroys: new Map(),
    jumps: new Map(),
    choiceTargets: new Map(),
    choices: new Map(),
    speakers: new Map(),
  };
}
