import { readdirSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import ts from "typescript";
import { lineOf, parseSource } from "./source-scan.js";
import { REPOSITORY_ROOT } from "./workspace.js";

/** Fields the MCP protocol itself spells with a leading underscore: public, not private. */
const PROTOCOL_FIELDS: ReadonlySet<string> = new Set(["_meta"]);

/** A place where a source reaches for a private member. */
export interface PrivateAccess {
  readonly file: string;
  readonly line: number;
  /** The expression or literal, as written. */
  readonly text: string;
}

/**
 * The underscore-prefixed members the MCP SDK's classes declare, read from its type
 * declarations (the SDK every package resolves, found from the kit): the SDK's private state,
 * such as the `_requestHandlers` table of a protocol object.
 */
export function sdkPrivateMembers(): Set<string> {
  const resolve = createRequire(join(REPOSITORY_ROOT, "packages/kit/package.json")).resolve;
  const folder = dirname(resolve("@modelcontextprotocol/sdk/types.js"));
  const members = new Set<string>();
  for (const path of declarationFiles(folder)) {
    const source = parseSource(path, readFileSync(path, "utf8"));
    const visit = (node: ts.Node): void => {
      if (ts.isClassDeclaration(node)) {
        for (const member of node.members) {
          const name = member.name;
          if (name && ts.isIdentifier(name) && name.text.startsWith("_")) members.add(name.text);
        }
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  return members;
}

function declarationFiles(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) return declarationFiles(path);
    return entry.name.endsWith(".d.ts") ? [path] : [];
  });
}

/** Whether a member name is one nobody outside its class should touch. */
function isPrivateName(name: string): boolean {
  return name.startsWith("_") && !PROTOCOL_FIELDS.has(name);
}

/**
 * Every reach for a private member in a source file: a property read or written through a
 * dot or brackets whose name starts with an underscore (MCP's `_meta` excepted), a
 * destructured underscore member, and any string literal naming one of the SDK's private
 * members (as `Reflect.get(server, "_requestHandlers")` would).
 *
 * @param source - the parsed file
 * @param sdkMembers - the SDK's private member names ({@link sdkPrivateMembers})
 * @returns the accesses found, in source order
 */
export function privateAccesses(
  source: ts.SourceFile,
  sdkMembers: ReadonlySet<string>,
): PrivateAccess[] {
  const found: PrivateAccess[] = [];
  const report = (node: ts.Node) =>
    found.push({
      file: source.fileName,
      line: lineOf(source, node.getStart()),
      text: node.getText(),
    });
  const visit = (node: ts.Node): void => {
    if (ts.isPropertyAccessExpression(node) && isPrivateName(node.name.text)) report(node);
    else if (ts.isElementAccessExpression(node) && isPrivateKey(node.argumentExpression)) {
      report(node);
      visit(node.expression);
      return;
    } else if (ts.isBindingElement(node) && isPrivateBinding(node)) report(node);
    else if (ts.isStringLiteralLike(node) && sdkMembers.has(node.text)) report(node);
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

function isPrivateKey(key: ts.Expression): boolean {
  return ts.isStringLiteralLike(key) && isPrivateName(key.text);
}

/** `{ _requestHandlers }` or `{ _requestHandlers: handlers }`, not `{ id: _id }`. */
function isPrivateBinding(node: ts.BindingElement): boolean {
  const member = node.propertyName ?? node.name;
  return (ts.isIdentifier(member) || ts.isStringLiteralLike(member)) && isPrivateName(member.text);
}
