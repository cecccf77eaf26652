export { buildPage, type PageBuildOptions } from "./build-page.js";
export {
  type BuiltView,
  buildViews,
  DEFAULT_MAX_BYTES,
  VIEWS_OUTPUT,
  VIEWS_SOURCE,
  type ViewsBuildOptions,
} from "./build-views.js";
