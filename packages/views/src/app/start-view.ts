import { App } from "@modelcontextprotocol/ext-apps/app-with-deps";
import type { CallToolResult } from "@modelcontextprotocol/server";
import type { JsonObject } from "./json.js";
import { applyHostContext, initialTheme } from "./theme.js";

/** What a view knows about the call whose result it shows. */
export interface ShownCall {
  /** The connection to the host, for calling the server's tools and reading its resources. */
  readonly app: App;
  /** The tool's name, when the host said which tool it was (host context `toolInfo`). */
  readonly toolName: string | undefined;
  /** The call's arguments, when the host sent them (`ui/notifications/tool-input`). */
  readonly toolArguments: JsonObject | undefined;
}

/** A view: its name and how it shows a tool result. */
export interface ViewDefinition {
  /** The view's name in `ui/initialize`, e.g. `tabletop-dice roll`. */
  readonly name: string;
  /** Shows a result the host delivers: the call that opened the view, or a later one. */
  showResult(result: CallToolResult, call: ShownCall): void | Promise<void>;
}

/** The id of the element every view has for failures of the view itself (not refusals). */
const PROBLEM_ELEMENT_ID = "view-problem";

/**
 * Shows a failure of the view itself (not a refusal by the server) in the page's
 * `#view-problem` element, so the view never goes blank without a word.
 *
 * @param error - what went wrong
 * @throws the error itself when the page has no `#view-problem` element
 */
export function showProblem(error: unknown): void {
  const message = error instanceof Error ? error.message : String(error);
  const target = document.getElementById(PROBLEM_ELEMENT_ID);
  if (!target) throw error;
  target.textContent = `This view could not show the result: ${message}`;
  target.hidden = false;
}

async function showSafely(show: () => void | Promise<void>): Promise<void> {
  try {
    document.getElementById(PROBLEM_ELEMENT_ID)?.setAttribute("hidden", "");
    await show();
  } catch (error) {
    showProblem(error);
  }
}

/**
 * Connects a view to its host with the extension's `App` client: follows the host's theme,
 * reports the view's size as it changes, remembers the call's arguments, and hands every tool
 * result to the view. A failure while showing a result is written into the page's
 * `#view-problem` element instead of leaving the view blank.
 *
 * @param definition - the view's name and how it shows a result
 * @returns the connected client, once the host has answered `ui/initialize`
 */
export async function startView(definition: ViewDefinition): Promise<App> {
  const app = new App(
    { name: definition.name, version: __VIEW_VERSION__ },
    {},
    { autoResize: true },
  );
  let toolArguments: JsonObject | undefined;
  app.ontoolinput = (input) => {
    toolArguments = input.arguments ?? {};
  };
  app.ontoolresult = (result) => {
    const call: ShownCall = {
      app,
      toolName: app.getHostContext()?.toolInfo?.tool.name,
      toolArguments,
    };
    void showSafely(() => definition.showResult(result, call));
  };
  app.onhostcontextchanged = (change) => applyHostContext(change);
  await app.connect();
  const context = app.getHostContext() ?? {};
  applyHostContext({ ...context, theme: initialTheme(context) });
  return app;
}
