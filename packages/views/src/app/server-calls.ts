import type { App } from "@modelcontextprotocol/ext-apps/app-with-deps";
import type { CallToolResult } from "@modelcontextprotocol/server";
import { isJsonObject, type JsonObject } from "./json.js";

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/**
 * Calls one of the server's tools through the host. A call the host or the transport refuses
 * comes back as an error result carrying that message, so a view handles every refusal the
 * same way.
 *
 * @param app - the view's connection
 * @param name - the tool's name
 * @param args - its arguments
 * @returns the tool's result
 */
export async function callServerTool(
  app: App,
  name: string,
  args: JsonObject,
): Promise<CallToolResult> {
  try {
    return await app.callServerTool({ name, arguments: args });
  } catch (error) {
    return { isError: true, content: [{ type: "text", text: messageOf(error) }] };
  }
}

/**
 * Reads one of the server's JSON resources through the host.
 *
 * @param app - the view's connection
 * @param uri - the resource's URI
 * @returns the parsed JSON object of its first text content
 * @throws Error when the read fails or its content is not a JSON object
 */
export async function readJsonResource(app: App, uri: string): Promise<JsonObject> {
  const read = await app.readServerResource({ uri });
  const first = read.contents[0];
  if (!first || !("text" in first)) throw new Error(`${uri} has no text content`);
  const parsed: unknown = JSON.parse(first.text);
  if (!isJsonObject(parsed)) throw new Error(`${uri} is not a JSON object`);
  return parsed;
}
