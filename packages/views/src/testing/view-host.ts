import { mkdir } from "node:fs/promises";
import { dirname } from "node:path";
import { pathToFileURL } from "node:url";
import type {
  CallToolRequest,
  CallToolResult,
  Client,
  ReadResourceRequest,
  Tool,
} from "@modelcontextprotocol/client";
import type { McpUiHostContext, McpUiTheme } from "@modelcontextprotocol/ext-apps/app-bridge";
import type { FrameLocator, Page } from "playwright-core";
import { TEST_HOST_FILE } from "../build/test-host-file.js";
import type { LaunchedChromium } from "./chromium.js";
import type { TestHostWindow } from "./test-host-page.js";

/** A call the view made through the bridge, and what the real server answered. */
export interface BridgedCall {
  readonly name: string;
  readonly arguments: Record<string, unknown>;
  readonly result: CallToolResult;
}

/** How to open a view. */
export interface ViewHostOptions {
  /** The test's client, connected to the real server; the view's calls go through it. */
  readonly client: Client;
  /** The view's HTML, as the server serves it. */
  readonly html: string;
  readonly theme?: McpUiTheme;
  /** The frame's width in CSS pixels (default 480). */
  readonly width?: number;
  /** The listing of the tool whose result the view shows (host context `toolInfo`). */
  readonly tool?: Tool;
  /** More host context, e.g. the host's style variables. */
  readonly hostContext?: McpUiHostContext;
}

/** A tool call to show: what the host sends as tool input, then as tool result. */
export interface ShownToolCall {
  readonly arguments: Record<string, unknown>;
  readonly result: CallToolResult;
}

function isTestHostUrl(url: string): boolean {
  return url === pathToFileURL(TEST_HOST_FILE).href || url === "about:srcdoc";
}

/**
 * One view embedded in the test host page, as a host embeds it: what the test sees of it,
 * and everything that went wrong in the page (console errors, uncaught errors, any network
 * request, which a self-contained view never makes).
 */
export class ViewHost {
  /** The view's frame, for locating what a person sees. */
  readonly view: FrameLocator;
  /** Every tool call the view made, in order. */
  readonly calls: BridgedCall[] = [];
  /** Every resource the view read, in order. */
  readonly reads: string[] = [];
  /** Console errors, uncaught errors and network requests seen in the page. */
  readonly problems: string[] = [];

  private constructor(
    readonly page: Page,
    private readonly hostContext: McpUiHostContext,
  ) {
    this.view = page.frameLocator("#stage iframe");
  }

  /**
   * Opens the test host page and embeds the view.
   *
   * @param browser - the running browser
   * @param options - the client, the view's HTML, theme, width and tool listing
   * @returns the host, once the view has completed its handshake
   */
  static async open(browser: LaunchedChromium, options: ViewHostOptions): Promise<ViewHost> {
    const page = await browser.context.newPage();
    await page.setViewportSize({ width: options.width ?? 480, height: 900 });
    const hostContext: McpUiHostContext = {
      theme: options.theme ?? "light",
      displayMode: "inline",
      platform: "web",
      locale: "en-GB",
      ...(options.tool ? { toolInfo: { tool: options.tool } } : {}),
      ...options.hostContext,
    };
    const host = new ViewHost(page, hostContext);
    await host.connectServer(options.client);
    host.watchForProblems();
    await page.goto(pathToFileURL(TEST_HOST_FILE).href);
    await page.evaluate(
      (sent: unknown) => {
        const [html, context] = sent as [string, McpUiHostContext];
        return (window as unknown as TestHostWindow).testHost.load(html, context);
      },
      [options.html, hostContext] as unknown,
    );
    return host;
  }

  private async connectServer(client: Client): Promise<void> {
    await this.page.exposeFunction("tabletopCallTool", async (sent: unknown): Promise<unknown> => {
      const params = sent as CallToolRequest["params"];
      const result = (await client.callTool(params)) as CallToolResult;
      this.calls.push({ name: params.name, arguments: params.arguments ?? {}, result });
      return result;
    });
    await this.page.exposeFunction(
      "tabletopReadResource",
      async (sent: unknown): Promise<unknown> => {
        const params = sent as ReadResourceRequest["params"];
        this.reads.push(params.uri);
        return client.readResource(params);
      },
    );
  }

  private watchForProblems(): void {
    this.page.on("console", (message) => {
      if (message.type() === "error") this.problems.push(`console: ${message.text()}`);
    });
    this.page.on("pageerror", (error) => this.problems.push(`uncaught: ${error.message}`));
    this.page.on("request", (request) => {
      if (!isTestHostUrl(request.url())) this.problems.push(`request: ${request.url()}`);
    });
  }

  /**
   * Shows a tool call as a host does: its arguments, then its result.
   *
   * @param call - the arguments and the real result
   */
  async show(call: ShownToolCall): Promise<void> {
    await this.page.evaluate(
      async ([args, result]) => {
        const { testHost } = window as unknown as TestHostWindow;
        await testHost.sendToolInput({ arguments: args });
        await testHost.sendToolResult(result);
      },
      [call.arguments, call.result] as const,
    );
  }

  /**
   * Switches the host's theme; the view hears it as a host context change.
   *
   * @param theme - light or dark
   */
  async setTheme(theme: McpUiTheme): Promise<void> {
    this.hostContext.theme = theme;
    const context = { ...this.hostContext };
    await this.page.evaluate(
      (next: unknown) =>
        (window as unknown as TestHostWindow).testHost.setHostContext(next as McpUiHostContext),
      context as unknown,
    );
  }

  /**
   * Resizes the page, and with it the view's frame.
   *
   * @param width - the new width in CSS pixels
   */
  async setWidth(width: number): Promise<void> {
    await this.page.setViewportSize({ width, height: 900 });
  }

  /**
   * How much wider than its frame the view's page is, in CSS pixels: 0 when it fits, so no
   * one has to scroll sideways.
   *
   * @returns the overflow
   */
  async horizontalOverflow(): Promise<number> {
    const frame = await (await this.page.locator("#stage iframe").elementHandle())?.contentFrame();
    if (!frame) throw new Error("The view's frame is not loaded");
    return frame.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  }

  /**
   * Screenshots the view's frame, at the size the view asked for.
   *
   * @param path - the PNG file to write (its folder is created)
   */
  async screenshot(path: string): Promise<void> {
    await mkdir(dirname(path), { recursive: true });
    await this.page.locator("#stage iframe").screenshot({ path, animations: "disabled" });
  }

  /** Closes the page. */
  async close(): Promise<void> {
    await this.page.close();
  }
}
