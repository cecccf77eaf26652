import type {
  CallToolResult,
  ContentBlock,
  GetPromptResult,
  ReadResourceResult,
} from "@modelcontextprotocol/server";
import { exposedUri } from "./names.js";

/** The flat `_meta` key older MCP Apps hosts read a tool's view from. */
const FLAT_VIEW_KEY = "ui/resourceUri";

type Meta = Record<string, unknown>;

/**
 * A tool listing's or result's `_meta` with its view link under the exposed URI: the
 * `ui.resourceUri` MCP Apps hosts read and the flat `ui/resourceUri` older ones read
 * (docs/gateway.md §5.1). Everything else stays; without a prefix or a link, it is `meta`
 * itself.
 *
 * @param prefix - the upstream's prefix, if any
 * @param meta - the `_meta` as the upstream sent it
 */
export function exposedViewMeta<Value extends Meta | undefined>(
  prefix: string | undefined,
  meta: Value,
): Value {
  if (prefix === undefined || meta === undefined) return meta;
  const ui = meta.ui;
  const nested = isRecord(ui) && typeof ui.resourceUri === "string" ? ui.resourceUri : undefined;
  const flat = meta[FLAT_VIEW_KEY];
  if (nested === undefined && typeof flat !== "string") return meta;
  const copy: Meta = { ...meta };
  if (nested !== undefined) copy.ui = { ...(ui as Meta), resourceUri: exposedUri(prefix, nested) };
  if (typeof flat === "string") copy[FLAT_VIEW_KEY] = exposedUri(prefix, flat);
  return copy as Value;
}

/**
 * A `tools/call` result as a client sees it: its view link, its `resource_link` blocks and
 * embedded resources under exposed URIs. Texts and structured content are the tool's own data
 * and stay as they are.
 *
 * @param prefix - the upstream's prefix, if any
 * @param result - the upstream's answer
 */
export function exposedToolResult(
  prefix: string | undefined,
  result: CallToolResult,
): CallToolResult {
  if (prefix === undefined) return result;
  const exposed: CallToolResult = { ...result };
  if (Array.isArray(result.content)) {
    exposed.content = result.content.map((block) => exposedBlock(prefix, block));
  }
  if (result._meta !== undefined) exposed._meta = exposedViewMeta(prefix, result._meta);
  return exposed;
}

/**
 * A `prompts/get` result as a client sees it: its messages' resource links and embedded
 * resources under exposed URIs.
 *
 * @param prefix - the upstream's prefix, if any
 * @param result - the upstream's answer
 */
export function exposedPromptResult(
  prefix: string | undefined,
  result: GetPromptResult,
): GetPromptResult {
  if (prefix === undefined || !Array.isArray(result.messages)) return result;
  return {
    ...result,
    messages: result.messages.map((message) => ({
      ...message,
      content: exposedBlock(prefix, message.content),
    })),
  };
}

/**
 * A `resources/read` result as a client sees it: each content's `uri` exposed.
 *
 * @param prefix - the upstream's prefix, if any
 * @param result - the upstream's answer
 */
export function exposedReadResult(
  prefix: string | undefined,
  result: ReadResourceResult,
): ReadResourceResult {
  if (prefix === undefined || !Array.isArray(result.contents)) return result;
  return {
    ...result,
    contents: result.contents.map((content) =>
      typeof content?.uri === "string"
        ? { ...content, uri: exposedUri(prefix, content.uri) }
        : content,
    ),
  };
}

/** A content block with the URI of its resource link or embedded resource exposed. */
function exposedBlock<Block extends ContentBlock>(prefix: string, block: Block): Block {
  if (!isRecord(block)) return block;
  if (block.type === "resource_link" && typeof block.uri === "string") {
    return { ...block, uri: exposedUri(prefix, block.uri) };
  }
  if (block.type === "resource" && isRecord(block.resource)) {
    const uri = block.resource.uri;
    if (typeof uri !== "string") return block;
    return { ...block, resource: { ...block.resource, uri: exposedUri(prefix, uri) } };
  }
  return block;
}

function isRecord(value: unknown): value is Meta {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
