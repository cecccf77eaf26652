import ts from "typescript";
import { lineOf } from "./source-scan.js";

/** The most lines a function may span, its signature and closing brace included. */
export const MAX_FUNCTION_LINES = 80;

/** A function longer than the limit. */
export interface LongFunction {
  readonly file: string;
  /** `Class.method`, `name`, or `(anonymous)` with the enclosing function's name. */
  readonly name: string;
  readonly line: number;
  readonly lines: number;
}

/**
 * Every function of a file (declarations, methods, accessors, constructors, arrow functions
 * and function expressions) that spans more than `limit` lines, counted from its first line
 * to its last, nested functions included.
 *
 * @param source - the parsed file
 * @param limit - the most lines allowed
 */
export function longFunctions(source: ts.SourceFile, limit = MAX_FUNCTION_LINES): LongFunction[] {
  const found: LongFunction[] = [];
  const visit = (node: ts.Node, owner: string): void => {
    let inside = owner;
    if (ts.isFunctionLike(node) && "body" in node && node.body !== undefined) {
      inside = functionName(node, owner);
      const first = lineOf(source, node.getStart());
      const lines = lineOf(source, node.getEnd()) - first + 1;
      if (lines > limit) found.push({ file: source.fileName, name: inside, line: first, lines });
    } else if (ts.isClassLike(node) && node.name) inside = node.name.text;
    ts.forEachChild(node, (child) => visit(child, inside));
  };
  visit(source, "");
  return found;
}

function functionName(node: ts.SignatureDeclaration, owner: string): string {
  const prefix = owner === "" ? "" : `${owner}.`;
  if (ts.isConstructorDeclaration(node)) return `${prefix}constructor`;
  const name = node.name ?? variableName(node);
  if (name && (ts.isIdentifier(name) || ts.isStringLiteral(name) || ts.isPrivateIdentifier(name))) {
    return `${prefix}${name.text}`;
  }
  return `${prefix}(anonymous)`;
}

/** The name an arrow function or function expression gets from `const name = …` or `name: …`. */
function variableName(node: ts.Node): ts.PropertyName | ts.BindingName | undefined {
  const parent = node.parent;
  if (parent && (ts.isVariableDeclaration(parent) || ts.isPropertyAssignment(parent))) {
    return parent.name;
  }
  return undefined;
}
