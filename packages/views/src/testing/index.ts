export type { LaunchedChromium } from "./chromium.js";
export { describeInBrowser } from "./describe-in-browser.js";
export type { ServerAccess, TestHostPage, TestHostWindow } from "./test-host-page.js";
export {
  type OpenedToolView,
  openToolView,
  screenshotThemes,
  type ToolViewOptions,
} from "./tool-view.js";
export {
  type BridgedCall,
  type ShownToolCall,
  ViewHost,
  type ViewHostOptions,
} from "./view-host.js";
