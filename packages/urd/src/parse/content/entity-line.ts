import { identifierEnd } from "../../text/identifier.js";
import type { ErrorNode, SpeechNode, StageDirectionNode } from "../ast.js";
import { stripContentComment } from "../inline-comment.js";
import type { SourceLine } from "../source-lines.js";
import { contentSpan } from "../span.js";
import { type ContentContext, unrecognisedLine } from "./context.js";

const uppercaseAscii = /^[A-Z]/;

/**
 * Reads a line starting with `@`: `@id: text` is speech, `@id text` (or a
 * bare `@id`) a stage direction. An empty or capitalised id, or anything else
 * after the id, is URD112.
 */
export function parseEntityLine(
  context: ContentContext,
  line: SourceLine,
): SpeechNode | StageDirectionNode | ErrorNode {
  const rest = line.rest;
  const entityStop = identifierEnd(rest, 1);
  const entity = rest.slice(1, entityStop);
  if (entity === "" || uppercaseAscii.test(entity)) return unrecognisedLine(context, line);
  const after = rest.slice(entityStop);
  const span = contentSpan(context.file, line);
  if (after.startsWith(": ") || after === ":") {
    return { kind: "speech", entity, text: stripContentComment(after.slice(1)).trim(), span };
  }
  if (after.startsWith(" ") || after === "") {
    return { kind: "stage-direction", entity, text: stripContentComment(after).trim(), span };
  }
  return unrecognisedLine(context, line);
}
