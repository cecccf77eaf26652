import type { DiagnosticList } from "../diagnostics/diagnostic-list.js";
import type { ContainerReference, Resolutions } from "../link/resolutions.js";
import type { Condition, Effect } from "../parse/ast.js";
import { convertValue, isNumericType } from "./convert-value.js";
import type { ValueChecker } from "./value-check.js";

const orderingOperators = new Set(["<", ">", "<=", ">="]);

/**
 * Checks conditions and effects whose subjects resolved in LINK (anything
 * unresolved is skipped, so errors do not cascade).
 */
export class ExpressionChecker {
  constructor(
    private readonly resolutions: Resolutions,
    private readonly values: ValueChecker,
    private readonly diagnostics: DiagnosticList,
  ) {}

  /** Comparisons (URD420, URD401) and containment checks (URD422). */
  checkCondition(condition: Condition): void {
    if (condition.kind === "comparison") {
      const access = this.resolutions.comparisons.get(condition);
      const property = access?.declaration;
      if (access === undefined || property == null) return;
      const type = property.type;
      if (orderingOperators.has(condition.operator) && !isNumericType(type)) {
        this.diagnostics.error(
          "URD420",
          `Operator '${condition.operator}' is not valid for property '${property.name}' of type '${type.name}'. Use == or != for non-numeric types.`,
          condition.span,
        );
      }
      const converted = convertValue(condition.value, type);
      const badEnum =
        type.name === "enum" &&
        converted?.kind === "string" &&
        !(type.values ?? []).includes(converted.value);
      if (converted === null || badEnum) {
        this.diagnostics.error(
          "URD401",
          `Type mismatch: property '${property.name}' on entity '@${access.entity.id}' expects ${type.name} but got '${condition.value}'.`,
          condition.span,
        );
      }
      return;
    }
    if (condition.kind === "containment") {
      const container = this.resolutions.containments.get(condition)?.container ?? null;
      this.checkContainer(container, "containment check", condition.span);
    }
  }

  /** Set (URD424, URD401, URD418, URD419), move (URD425, URD422) and reveal (URD426) effects. */
  checkEffect(effect: Effect): void {
    switch (effect.kind) {
      case "set":
        this.checkSet(effect);
        return;
      case "move": {
        const move = this.resolutions.moves.get(effect);
        const type = move?.entity?.type;
        if (move?.entity != null && type != null && !type.traits.has("portable")) {
          this.diagnostics.error(
            "URD425",
            `Entity '@${move.entity.id}' cannot be moved because its type '${type.name}' does not have the 'portable' trait.`,
            effect.span,
          );
        }
        this.checkContainer(move?.destination ?? null, "move destination", effect.span);
        return;
      }
      case "reveal": {
        const access = this.resolutions.accesses.get(effect);
        const property = access?.declaration;
        if (access === undefined || property == null || property.hidden) return;
        this.diagnostics.warning(
          "URD426",
          `Property '${property.name}' on entity '@${access.entity.id}' is not hidden. Reveal has no effect.`,
          effect.span,
        );
        return;
      }
      case "destroy":
        return;
    }
  }

  private checkSet(effect: Extract<Effect, { kind: "set" }>): void {
    const access = this.resolutions.accesses.get(effect);
    const property = access?.declaration;
    if (access === undefined || property == null) return;
    const type = property.type;
    if (effect.operator !== "=") {
      if (!isNumericType(type)) {
        this.diagnostics.error(
          "URD424",
          `Arithmetic operator '${effect.operator}' is not valid for property '${property.name}' of type '${type.name}'. Arithmetic effects require integer or number properties.`,
          effect.span,
        );
      } else if (convertValue(effect.value, type) === null) {
        this.diagnostics.error(
          "URD401",
          `Type mismatch: property '${property.name}' on entity '@${access.entity.id}' expects ${type.name} but got '${effect.value}'.`,
          effect.span,
        );
      }
      return;
    }
    const converted = convertValue(effect.value, type);
    if (converted === null) {
      this.diagnostics.error(
        "URD401",
        `Type mismatch: property '${property.name}' on entity '@${access.entity.id}' expects ${type.name} but got '${effect.value}'.`,
        effect.span,
      );
      return;
    }
    const context = { kind: "effect", entityId: access.entity.id, raw: effect.value } as const;
    this.values.check(converted, property, type, context, effect.span);
  }

  private checkContainer(
    container: ContainerReference | null,
    usage: string,
    span: Effect["span"],
  ): void {
    if (container?.kind !== "entity") return;
    const type = container.entity.type;
    if (type === null || type.traits.has("container")) return;
    this.diagnostics.error(
      "URD422",
      `Entity '@${container.entity.id}' is used as a container in ${usage} but its type '${type.name}' does not have the 'container' trait.`,
      span,
    );
  }
}
