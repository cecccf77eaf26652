import type { App } from "@modelcontextprotocol/ext-apps/app-with-deps";
import type { CallToolResult } from "@modelcontextprotocol/server";
import { isJsonObject, type JsonObject } from "./json.js";

/** A URI's scheme and the `//` after it, when it has them: `campaign://` of `campaign://c1`. */
const URI_HEAD = /^[a-zA-Z][a-zA-Z0-9+.-]*:(?:\/\/)?/;

/**
 * The prefix a gateway puts before the names of the view's server, if it does (docs/views.md,
 * behind a gateway): the host names the tool that opened the view as the client sees it,
 * `PREFIX__name` behind a prefix, and no tool of this repository has `__` in its own name.
 *
 * @returns the prefix, or `""` when the view's server is reached without one
 */
export function gatewayPrefix(app: App): string {
  const name = app.getHostContext()?.toolInfo?.tool.name ?? "";
  const at = name.lastIndexOf("__");
  return at > 0 ? name.slice(0, at) : "";
}

/** A tool of the view's server as the client sees it: `PREFIX__name` behind a prefix. */
function exposedToolName(prefix: string, name: string): string {
  return prefix === "" || name.includes("__") ? name : `${prefix}__${name}`;
}

/** A resource of the view's server as the client sees it: `scheme://PREFIX__rest` behind one. */
function exposedUri(prefix: string, uri: string): string {
  if (prefix === "") return uri;
  const head = URI_HEAD.exec(uri)?.[0] ?? "";
  return `${head}${prefix}__${uri.slice(head.length)}`;
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/**
 * Calls one of the server's tools through the host, under the name the client knows it by
 * (behind a gateway's prefix, {@link gatewayPrefix}). A call the host or the transport refuses
 * comes back as an error result carrying that message, so a view handles every refusal the
 * same way.
 *
 * @param app - the view's connection
 * @param name - the tool's own name (or the name the host gave, which is left as it is)
 * @param args - its arguments
 * @returns the tool's result
 */
export async function callServerTool(
  app: App,
  name: string,
  args: JsonObject,
): Promise<CallToolResult> {
  try {
    return await app.callServerTool({
      name: exposedToolName(gatewayPrefix(app), name),
      arguments: args,
    });
  } catch (error) {
    return { isError: true, content: [{ type: "text", text: messageOf(error) }] };
  }
}

/**
 * Reads one of the server's JSON resources through the host, under the URI the client knows it
 * by (behind a gateway's prefix, {@link gatewayPrefix}).
 *
 * @param app - the view's connection
 * @param uri - the resource's own URI
 * @returns the parsed JSON object of its first text content
 * @throws Error when the read fails or its content is not a JSON object
 */
export async function readJsonResource(app: App, uri: string): Promise<JsonObject> {
  const read = await app.readServerResource({ uri: exposedUri(gatewayPrefix(app), uri) });
  const first = read.contents[0];
  if (!first || !("text" in first)) throw new Error(`${uri} has no text content`);
  const parsed: unknown = JSON.parse(first.text);
  if (!isJsonObject(parsed)) throw new Error(`${uri} is not a JSON object`);
  return parsed;
}
