import { join } from "node:path";
import type { CallToolResult, Client } from "@modelcontextprotocol/client";
import {
  getToolUiResourceUri,
  type McpUiTheme,
  RESOURCE_MIME_TYPE,
} from "@modelcontextprotocol/ext-apps/app-bridge";
import type { LaunchedChromium } from "./chromium.js";
import { ViewHost } from "./view-host.js";

/** A tool call to make and show, as a host would. */
export interface ToolViewOptions {
  /** The test's client, connected to the real server. */
  readonly client: Client;
  readonly tool: string;
  readonly arguments: Record<string, unknown>;
  readonly theme?: McpUiTheme;
  /** The frame's width in CSS pixels (default 480). */
  readonly width?: number;
}

/** The view embedded, what the server answered, and where the view came from. */
export interface OpenedToolView {
  readonly host: ViewHost;
  readonly result: CallToolResult;
  /** The `ui://` URI the tool's listing names. */
  readonly uri: string;
}

/**
 * Does what a host does for one tool call: finds the tool's view through its listing's
 * `_meta`, reads the view's HTML from the server (checking the MCP Apps MIME type), calls the
 * tool, embeds the view and sends it the call's arguments and result.
 *
 * @param browser - the running browser
 * @param options - the client, the call and how to show it
 * @returns the host, the result and the view's URI
 * @throws Error when the tool names no view or the view is not served as an MCP App
 */
export async function openToolView(
  browser: LaunchedChromium,
  options: ToolViewOptions,
): Promise<OpenedToolView> {
  const { client } = options;
  const { tools } = await client.listTools();
  const listing = tools.find((tool) => tool.name === options.tool);
  if (!listing) throw new Error(`The server has no tool ${options.tool}`);
  const uri = getToolUiResourceUri(listing);
  if (!uri) throw new Error(`${options.tool} names no view in its _meta`);
  const [content] = (await client.readResource({ uri })).contents;
  if (!content || !("text" in content) || content.mimeType !== RESOURCE_MIME_TYPE) {
    throw new Error(`${uri} is not served as ${RESOURCE_MIME_TYPE} text`);
  }
  const result = (await client.callTool({
    name: options.tool,
    arguments: options.arguments,
  })) as CallToolResult;
  const host = await ViewHost.open(browser, {
    client,
    html: content.text,
    tool: listing,
    ...(options.theme ? { theme: options.theme } : {}),
    ...(options.width ? { width: options.width } : {}),
  });
  await host.show({ arguments: options.arguments, result });
  return { host, result, uri };
}

/**
 * Screenshots a view in the light theme, switches the host to dark, waits for the view to
 * follow, and screenshots it again: `<name>-light.png` and `<name>-dark.png` in `folder`.
 *
 * @param host - a view shown in the light theme
 * @param folder - where to write the pictures (a package's `test-results/views`)
 * @param name - the pictures' base name, e.g. `roll`
 */
export async function screenshotThemes(
  host: ViewHost,
  folder: string,
  name: string,
): Promise<void> {
  await host.view.locator(":root[data-theme='light']").waitFor({ state: "attached" });
  await host.screenshot(join(folder, `${name}-light.png`));
  await host.setTheme("dark");
  await host.view.locator(":root[data-theme='dark']").waitFor({ state: "attached" });
  await host.screenshot(join(folder, `${name}-dark.png`));
}
