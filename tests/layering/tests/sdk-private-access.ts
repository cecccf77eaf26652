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
 * The MCP SDK's packages as the kit resolves them (every package resolves the same ones): each
 * `@modelcontextprotocol/*` dependency of the kit, with the folder holding its build.
 */
export function sdkPackages(): { name: string; folder: string }[] {
  const manifest = join(REPOSITORY_ROOT, "packages/kit/package.json");
  const { dependencies = {} } = JSON.parse(readFileSync(manifest, "utf8")) as {
    dependencies?: Record<string, string>;
  };
  const resolve = createRequire(manifest).resolve;
  return Object.keys(dependencies)
    .filter((name) => name.startsWith("@modelcontextprotocol/"))
    .sort()
    .map((name) => ({ name, folder: dirname(resolve(name)) }));
}

/**
 * The underscore-prefixed members the MCP SDK's classes declare, read from the type
 * declarations of its packages ({@link sdkPackages}): the SDK's private state, such as the
 * `_requestHandlers` table of a protocol object.
 */
export function sdkPrivateMembers(): Set<string> {
  const members = new Set<string>();
  for (const { folder } of sdkPackages()) {
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
  }
  return members;
}

/** Declaration files under a folder: `.d.ts`, or `.d.mts` (a dual build's `.d.cts` repeats it). */
function declarationFiles(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) return declarationFiles(path);
    return /\.d\.m?ts$/.test(entry.name) ? [path] : [];
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
