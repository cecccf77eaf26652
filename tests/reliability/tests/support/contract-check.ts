/**
 * Judges one `tools/call` answer against docs/contract.md §5: a normal result matching the
 * tool's `outputSchema`, or `isError: true` with one of the contract's error shapes (or the
 * world server's own error objects, docs/world.md §3.3), the same JSON as structured content
 * and as the one text item.
 */
import type { CallToolResult, Tool } from "@modelcontextprotocol/server";
import { AjvJsonSchemaValidator } from "@modelcontextprotocol/server/validators/ajv";
import type { Expectation } from "./adversarial.js";
import type { ErrorStyle } from "./servers.js";

const DOMAIN_CODES = new Set([
  "NOT_FOUND",
  "INVALID_ARGUMENT",
  "FAILED_PRECONDITION",
  "ALREADY_EXISTS",
  "RATE_LIMITED",
  // The kit's answer in place of a result over its tool's size limit (an error that echoes a
  // huge hostile argument can be one).
  "RESOURCE_EXHAUSTED",
]);

type Validator = (value: unknown) => { valid: boolean; errorMessage?: string };

/** Compiles each tool's `outputSchema` once. */
export class OutputSchemas {
  private readonly validators = new Map<string, Validator>();
  private readonly provider = new AjvJsonSchemaValidator();

  constructor(tools: readonly Tool[]) {
    for (const tool of tools) {
      if (tool.outputSchema) {
        this.validators.set(tool.name, this.provider.getValidator(tool.outputSchema) as Validator);
      }
    }
  }

  /** A problem description, or `undefined` when the value matches (or no schema exists). */
  check(tool: string, value: unknown): string | undefined {
    const validator = this.validators.get(tool);
    if (!validator) return "tool declares no outputSchema";
    const verdict = validator(value);
    return verdict.valid ? undefined : `does not match outputSchema: ${verdict.errorMessage}`;
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** The invalid-parameters shape: message plus details naming each parameter and its issue. */
function invalidParametersProblem(error: Record<string, unknown>): string | undefined {
  if (error.message !== "Invalid parameters provided") return "unexpected validation message";
  const details = error.details;
  if (!Array.isArray(details) || details.length === 0) return "details missing or empty";
  for (const detail of details) {
    if (
      !isRecord(detail) ||
      typeof detail.parameter !== "string" ||
      typeof detail.issue !== "string"
    ) {
      return `malformed detail ${JSON.stringify(detail)}`;
    }
    if ("valid_range" in detail && typeof detail.valid_range !== "string") {
      return "valid_range is not a string";
    }
  }
  return undefined;
}

/** Problems with an `isError` payload, `undefined` when it has one of the allowed shapes. */
function errorShapeProblem(payload: unknown, style: ErrorStyle): string | undefined {
  if (!isRecord(payload)) return "error result without structured content";
  const error = payload.error;
  if (
    style === "world" &&
    typeof error === "string" &&
    typeof payload.schema_version === "string"
  ) {
    return undefined;
  }
  if (!isRecord(error)) return `no error object: ${JSON.stringify(payload).slice(0, 200)}`;
  if ("details" in error) return invalidParametersProblem(error);
  if (typeof error.code !== "string" || !DOMAIN_CODES.has(error.code)) {
    return `unknown error code ${JSON.stringify(error.code)}`;
  }
  if (typeof error.message !== "string" || error.message === "") return "error without message";
  return undefined;
}

function detailsOf(payload: unknown): Array<Record<string, unknown>> {
  if (!isRecord(payload) || !isRecord(payload.error)) return [];
  const details = payload.error.details;
  return Array.isArray(details) ? details.filter(isRecord) : [];
}

function expectationProblem(result: CallToolResult, expectation: Expectation): string | undefined {
  if (expectation.kind === "any") return undefined;
  const wanted = expectation.parameter;
  const details = detailsOf(result.structuredContent);
  const found = details.some((detail) =>
    expectation.kind === "unknown-parameter"
      ? detail.parameter === wanted &&
        typeof detail.issue === "string" &&
        detail.issue.startsWith("Unknown parameter")
      : detail.parameter === wanted && detail.issue === "Missing required parameter",
  );
  if (result.isError === true && found) return undefined;
  const what = expectation.kind === "unknown-parameter" ? "unknown" : "missing required";
  return `${what} parameter ${JSON.stringify(wanted)} not reported (isError ${result.isError})`;
}

/** Everything wrong with one answer; an empty list when it keeps the contract. */
export function answerProblems(
  tool: string,
  result: CallToolResult,
  schemas: OutputSchemas,
  style: ErrorStyle,
  expectation: Expectation,
): string[] {
  const problems: string[] = [];
  const [first, ...rest] = result.content;
  if (first?.type !== "text" || rest.length > 0)
    problems.push("content is not exactly one text item");
  else if (first.text !== JSON.stringify(result.structuredContent)) {
    problems.push("text differs from structured content");
  }
  const schemaProblem = schemas.check(tool, result.structuredContent);
  if (schemaProblem) problems.push(schemaProblem);
  if (result.isError === true) {
    const shape = errorShapeProblem(result.structuredContent, style);
    if (shape) problems.push(shape);
  } else if (isRecord(result.structuredContent) && "error" in result.structuredContent) {
    problems.push("error payload without isError");
  }
  const expected = expectationProblem(result, expectation);
  if (expected) problems.push(expected);
  return problems;
}
