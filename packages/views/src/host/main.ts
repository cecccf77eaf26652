/*
 * The test host: a page that embeds one view as an MCP Apps host does. The view runs in a
 * sandboxed iframe (scripts only, an opaque origin) under the extension's default content
 * security policy; the extension's AppBridge speaks the protocol with it; the view's calls to
 * the server are handed to the test that drives the page, which forwards them to the real
 * server through a real SDK client.
 */
import {
  AppBridge,
  type McpUiHostContext,
  PostMessageTransport,
} from "@modelcontextprotocol/ext-apps/app-bridge";
import type { TestHostWindow } from "../testing/test-host-page.js";

/**
 * The restrictive policy the extension's specification gives hosts for a view that declares no
 * domains: inline script and style only, no network at all.
 */
const DEFAULT_VIEW_POLICY = [
  "default-src 'none'",
  "script-src 'unsafe-inline'",
  "style-src 'unsafe-inline'",
  "img-src data:",
  "media-src data:",
  "connect-src 'none'",
].join("; ");

const HOST_INFO = { name: "tabletop-test-host", version: "1.0.0" };

const hostWindow = window as unknown as TestHostWindow;

function withPolicy(html: string): string {
  const meta = `<meta http-equiv="Content-Security-Policy" content="${DEFAULT_VIEW_POLICY}">`;
  return html.replace(/<head>/i, (head) => `${head}${meta}`);
}

function stage(): HTMLElement {
  const found = document.getElementById("stage");
  if (!found) throw new Error("The test host page has no #stage");
  return found;
}

function createBridge(frame: HTMLIFrameElement, hostContext: McpUiHostContext): AppBridge {
  const bridge = new AppBridge(
    null,
    HOST_INFO,
    { serverTools: {}, serverResources: {}, logging: {} },
    { hostContext },
  );
  bridge.oncalltool = (params) => hostWindow.tabletopCallTool(params);
  bridge.onreadresource = (params) => hostWindow.tabletopReadResource(params);
  bridge.onsizechange = ({ height }) => {
    if (height !== undefined) frame.style.height = `${height}px`;
  };
  return bridge;
}

let bridge: AppBridge | undefined;

function connected(): AppBridge {
  if (!bridge) throw new Error("No view is loaded; call load() first");
  return bridge;
}

hostWindow.testHost = {
  async load(html, hostContext) {
    if (bridge) throw new Error("This page already holds a view; open a new page for another");
    const frame = document.createElement("iframe");
    frame.setAttribute("sandbox", "allow-scripts");
    frame.title = "View";
    frame.srcdoc = withPolicy(html);
    stage().replaceChildren(frame);
    const view = frame.contentWindow;
    if (!view) throw new Error("The view's frame has no window");
    const created = createBridge(frame, hostContext);
    const initialized = new Promise<void>((resolve) => {
      created.oninitialized = () => resolve();
    });
    bridge = created;
    await created.connect(new PostMessageTransport(view, view));
    await initialized;
  },
  sendToolInput: (params) => connected().sendToolInput(params),
  sendToolResult: (params) => connected().sendToolResult(params),
  setHostContext: (hostContext) => connected().setHostContext(hostContext),
};
