export { buildPage, type PageBuildOptions } from "./build-page.js";
export { type BuiltView, buildViews, type ViewsBuildOptions } from "./build-views.js";
