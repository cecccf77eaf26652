import { readFile } from "node:fs/promises";
import { fileURLToPath } from "node:url";
import { defineResource, type ResourceSpec } from "./resource.js";
import type { Tool } from "./tool.js";

/** A tool as `tools/list` shows it. */
type ToolListing = Tool["listing"];

/*
 * The extension's two names, written here rather than imported: its server module loads the
 * whole App client and its schemas, which would add some 20 ms to every server's cold start
 * for two strings. The kit's tests hold them equal to the extension's own.
 */

/** The MIME type of an MCP Apps view (the extension's `RESOURCE_MIME_TYPE`). */
export const APP_VIEW_MIME_TYPE = "text/html;profile=mcp-app";

/** The flat `_meta` key older hosts read a tool's view from (`RESOURCE_URI_META_KEY`). */
const FLAT_RESOURCE_URI_KEY = "ui/resourceUri";

/** An MCP Apps view: a self-contained HTML page a host shows beside the results of its tools. */
export interface AppViewSpec {
  /** `ui://<server>/<page>.html`; the server's name keeps URIs apart behind the gateway. */
  uri: `ui://${string}`;
  name: string;
  title: string;
  /** What the view shows, for a host that lists resources. */
  description: string;
  /** The built HTML file, everything inlined. */
  file: URL;
}

/** A declared view: its URI, to link tools to, and its resource, to serve. */
export interface AppView {
  readonly uri: string;
  readonly resource: ResourceSpec;
}

async function readBuiltView(spec: AppViewSpec): Promise<string> {
  try {
    return await readFile(spec.file, "utf8");
  } catch {
    throw new Error(
      `The view ${spec.uri} has not been built: ${fileURLToPath(spec.file)} is missing; build the package`,
    );
  }
}

/**
 * Declares a view. Its resource answers `resources/read` with the built HTML in the
 * extension's MIME type; the file is read on the first read and kept.
 *
 * @param spec - the view's URI, names and built file
 * @returns the view
 */
export function defineAppView(spec: AppViewSpec): AppView {
  let html: string | undefined;
  const resource = defineResource({
    uri: spec.uri,
    name: spec.name,
    title: spec.title,
    description: spec.description,
    mimeType: APP_VIEW_MIME_TYPE,
    read: async () => {
      html ??= await readBuiltView(spec);
      return { text: html };
    },
  });
  return { uri: spec.uri, resource };
}

/**
 * The `_meta` by which a tool's listing names its view: `ui.resourceUri`, and the same URI
 * under the flat key older hosts read, as the extension's own `registerAppTool` writes both.
 *
 * @param uri - the view's `ui://` URI
 * @returns the listing's `_meta`
 */
export function appViewToolMeta(uri: string): Record<string, unknown> {
  return { ui: { resourceUri: uri }, [FLAT_RESOURCE_URI_KEY]: uri };
}

/**
 * A copy of a listing with another `_meta`. Property descriptors are copied rather than values,
 * so that schemas a listing computes on first use (see `defineTool`) stay uncomputed.
 */
function withMeta(listing: ToolListing, _meta: Record<string, unknown>): ToolListing {
  return Object.defineProperties({} as ToolListing, {
    ...Object.getOwnPropertyDescriptors(listing),
    _meta: { value: _meta, enumerable: true, writable: true, configurable: true },
  });
}

/**
 * Links tools to the views that show their results. Only the listings change (they gain the
 * view's `_meta`); every call runs and answers exactly as before, so a host without the
 * extension sees the same results.
 *
 * @param tools - a server's tools
 * @param links - the view of each linked tool, by tool name
 * @returns the tools, in the same order
 * @throws Error when a link names a tool that is not among `tools`
 */
export function linkAppViews(tools: readonly Tool[], links: ReadonlyMap<string, AppView>): Tool[] {
  const names = new Set(tools.map((tool) => tool.name));
  for (const name of links.keys()) {
    if (!names.has(name)) throw new Error(`A view is linked to ${name}, which is not a tool here`);
  }
  return tools.map((tool) => {
    const view = links.get(tool.name);
    if (!view) return tool;
    const _meta = { ...tool.listing._meta, ...appViewToolMeta(view.uri) };
    return { ...tool, listing: withMeta(tool.listing, _meta) };
  });
}
