import type { Span } from "../diagnostics/diagnostic.js";

/** A frontmatter value as `parse_scalar` reads it. */
export type Scalar =
  | { readonly kind: "boolean"; readonly value: boolean }
  | { readonly kind: "integer"; readonly value: number }
  | { readonly kind: "number"; readonly value: number }
  | { readonly kind: "string"; readonly value: string }
  | { readonly kind: "entity-ref"; readonly id: string }
  | { readonly kind: "list"; readonly items: readonly Scalar[] };

/** The canonical (lowercase) property type names. */
export type PropertyTypeName =
  | "boolean"
  | "integer"
  | "number"
  | "string"
  | "enum"
  | "ref"
  | "list";

/** A parsed property type signature such as `int(0, 100)` or `list(ref(Key))`. */
export interface PropertyType {
  readonly name: PropertyTypeName;
  readonly min: number | null;
  readonly max: number | null;
  readonly values: readonly string[] | null;
  readonly refType: string | null;
  readonly element: PropertyType | null;
  /** The signature text when it was not recognised (treated as string, URD429). */
  readonly unrecognised: string | null;
}

/** One property line of a type. */
export interface PropertyDeclaration {
  readonly name: string;
  readonly type: PropertyType;
  readonly hidden: boolean;
  readonly defaultValue: Scalar | null;
  readonly line: number;
}

/** A type from the `types:` block. */
export interface TypeDeclaration {
  readonly name: string;
  readonly traits: readonly string[];
  readonly properties: readonly PropertyDeclaration[];
  readonly line: number;
  readonly span: Span;
}

/** One `key: value` inside an entity's `{ … }`. */
export interface EntityOverride {
  readonly key: string;
  readonly value: Scalar;
}

/** An entity from the `entities:` block. */
export interface EntityDeclaration {
  readonly id: string;
  readonly typeName: string;
  readonly overrides: readonly EntityOverride[];
  readonly line: number;
  readonly span: Span;
}

/** One field of the `world:` block. */
export interface WorldField {
  readonly value: Scalar;
  readonly line: number;
}

/** The `world:` block. */
export interface WorldBlock {
  readonly fields: ReadonlyMap<string, WorldField>;
  readonly span: Span;
}

/** An `import:` entry. */
export interface ImportDeclaration {
  readonly path: string;
  readonly line: number;
  readonly span: Span;
}

/** Everything the frontmatter declares. */
export interface Frontmatter {
  readonly world: WorldBlock | null;
  readonly types: readonly TypeDeclaration[];
  readonly entities: readonly EntityDeclaration[];
  readonly imports: readonly ImportDeclaration[];
}

/** Who a property comparison or property effect is about. */
export type Subject =
  | { readonly kind: "entity"; readonly id: string }
  | { readonly kind: "reserved"; readonly name: "target" | "player" }
  | { readonly kind: "bound"; readonly name: string };

/** The six comparison operators, in the order the parser searches for them. */
export type ComparisonOperator = "==" | "!=" | ">=" | "<=" | ">" | "<";

/** `@e.p <op> value`, `target.p <op> value`, or a rule's `VAR.p <op> value`. */
export interface ComparisonCondition {
  readonly kind: "comparison";
  readonly subject: Subject;
  readonly property: string;
  readonly operator: ComparisonOperator;
  readonly value: string;
  readonly span: Span;
}

/** `@e in X` or `@e not in X`. */
export interface ContainmentCondition {
  readonly kind: "containment";
  readonly entity: string;
  readonly negated: boolean;
  readonly container: string;
  readonly span: Span;
}

/** `section.exhausted`. */
export interface ExhaustionCondition {
  readonly kind: "exhaustion";
  readonly section: string;
  readonly span: Span;
}

/** Any condition expression. */
export type Condition = ComparisonCondition | ContainmentCondition | ExhaustionCondition;

/** `subject.property` as an effect target. */
export interface PropertyAccess {
  readonly subject: Subject;
  readonly property: string;
}

/** `> @e.p = v`, `> @e.p + n`, `> @e.p - n`. */
export interface SetEffect {
  readonly kind: "set";
  readonly target: string;
  readonly access: PropertyAccess | null;
  readonly operator: "=" | "+" | "-";
  readonly value: string;
  readonly span: Span;
}

/** `> move @e -> destination` (or, in a rule, `> move VAR -> destination`). */
export interface MoveEffect {
  readonly kind: "move";
  readonly entity: Subject;
  readonly destination: string;
  readonly span: Span;
}

/** `> reveal @e.p`. */
export interface RevealEffect {
  readonly kind: "reveal";
  readonly target: string;
  readonly access: PropertyAccess | null;
  readonly span: Span;
}

/** `> destroy @e`. */
export interface DestroyEffect {
  readonly kind: "destroy";
  readonly entity: string;
  readonly span: Span;
}

/** Any effect. */
export type Effect = SetEffect | MoveEffect | RevealEffect | DestroyEffect;

interface NodeBase {
  readonly span: Span;
}

/** `# Name`. */
export interface LocationHeadingNode extends NodeBase {
  readonly kind: "location";
  readonly name: string;
}

/** `## Name`. */
export interface SequenceHeadingNode extends NodeBase {
  readonly kind: "sequence";
  readonly name: string;
}

/** `### Name` or `### Name (auto)`. */
export interface PhaseHeadingNode extends NodeBase {
  readonly kind: "phase";
  readonly name: string;
  readonly auto: boolean;
}

/** `== name`. */
export interface SectionLabelNode extends NodeBase {
  readonly kind: "section";
  readonly name: string;
}

/** `@entity: text`. */
export interface SpeechNode extends NodeBase {
  readonly kind: "speech";
  readonly entity: string;
  readonly text: string;
}

/** `@entity does something.` */
export interface StageDirectionNode extends NodeBase {
  readonly kind: "stage-direction";
  readonly entity: string;
  readonly text: string;
}

/** `! message` under an exit. */
export interface BlockedMessageNode extends NodeBase {
  readonly kind: "blocked";
  readonly text: string;
}

/** `? condition`. */
export interface ConditionNode extends NodeBase {
  readonly kind: "condition";
  readonly condition: Condition;
}

/** `? any:` and its member lines. */
export interface OrBlockNode extends NodeBase {
  readonly kind: "or-block";
  readonly members: readonly Condition[];
}

/** Children an exit declaration may own. */
export type ExitChild = ConditionNode | OrBlockNode | BlockedMessageNode | ErrorNode;

/** `-> direction: Destination`. */
export interface ExitNode extends NodeBase {
  readonly kind: "exit";
  readonly direction: string;
  readonly destination: string;
  readonly children: readonly ExitChild[];
}

/** `-> target` or `-> exit:name`. */
export interface JumpNode extends NodeBase {
  readonly kind: "jump";
  readonly target: string;
  readonly exitQualified: boolean;
}

/** `> effect`. */
export interface EffectNode extends NodeBase {
  readonly kind: "effect";
  readonly effect: Effect;
}

/** What a choice points at after ` -> `. */
export type ChoiceTarget =
  | { readonly kind: "entity"; readonly id: string }
  | { readonly kind: "type"; readonly name: string };

/** `* label` (one-shot) or `+ label` (sticky), with its nested content. */
export interface ChoiceNode extends NodeBase {
  readonly kind: "choice";
  readonly label: string;
  readonly sticky: boolean;
  readonly target: ChoiceTarget | null;
  readonly depth: number;
  readonly children: readonly ContentNode[];
}

/** `[@a, @b]`. */
export interface PresenceNode extends NodeBase {
  readonly kind: "presence";
  readonly entries: readonly string[];
}

/** Plain text. */
export interface ProseNode extends NodeBase {
  readonly kind: "prose";
  readonly text: string;
}

/** `selects VAR from [...]` and its where-clauses. */
export interface RuleSelect {
  readonly variable: string;
  readonly from: readonly string[];
  readonly where: readonly Condition[];
}

/** `rule name:` and its body. */
export interface RuleNode extends NodeBase {
  readonly kind: "rule";
  readonly name: string;
  readonly actor: string | null;
  readonly trigger: string | null;
  readonly select: RuleSelect | null;
  readonly where: readonly Condition[];
  readonly effects: readonly Effect[];
}

/** A line that could not be understood (URD112 was reported). */
export interface ErrorNode extends NodeBase {
  readonly kind: "error";
}

/** Any content node. */
export type ContentNode =
  | LocationHeadingNode
  | SequenceHeadingNode
  | PhaseHeadingNode
  | SectionLabelNode
  | SpeechNode
  | StageDirectionNode
  | BlockedMessageNode
  | ConditionNode
  | OrBlockNode
  | ExitNode
  | JumpNode
  | EffectNode
  | ChoiceNode
  | PresenceNode
  | ProseNode
  | RuleNode
  | ErrorNode;

/** One parsed file. */
export interface ParsedFile {
  /** Display name: the entry file's base name, or an import's relative path. */
  readonly name: string;
  /** File name without `.urd.md`; prefixes section and choice ids. */
  readonly stem: string;
  readonly frontmatter: Frontmatter;
  /** Top-level content nodes in file order. */
  readonly content: readonly ContentNode[];
}
