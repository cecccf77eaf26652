import type {
  McpUiHostContext,
  McpUiToolInputNotification,
  McpUiToolResultNotification,
} from "@modelcontextprotocol/ext-apps/app-bridge";
import type {
  CallToolRequest,
  CallToolResult,
  ReadResourceRequest,
  ReadResourceResult,
} from "@modelcontextprotocol/server";

/** What the test exposes to the host page: the real server, behind the test's client. */
export interface ServerAccess {
  tabletopCallTool(params: CallToolRequest["params"]): Promise<CallToolResult>;
  tabletopReadResource(params: ReadResourceRequest["params"]): Promise<ReadResourceResult>;
}

/** What the test calls on the host page. */
export interface TestHostPage {
  /** Embeds a view (its HTML) and waits for its `ui/notifications/initialized`. */
  load(html: string, hostContext: McpUiHostContext): Promise<void>;
  sendToolInput(params: McpUiToolInputNotification["params"]): Promise<void>;
  sendToolResult(params: McpUiToolResultNotification["params"]): Promise<void>;
  /** Replaces the host context; the view hears what changed. */
  setHostContext(hostContext: McpUiHostContext): void;
}

/** The host page's window, as the page and the test see it. */
export type TestHostWindow = Window & ServerAccess & { testHost: TestHostPage };
