export { type Bar, type BarChartSpec, barChart } from "./bar-chart.js";
export { byId, type ElementOptions, element, svgElement } from "./dom.js";
export { formatModifier, formatPercent } from "./format.js";
export { isJsonObject, type JsonObject, numberOr, objectsOf, stringOr } from "./json.js";
export { type PipTrack, pipRow } from "./pips.js";
export { callServerTool, readJsonResource } from "./server-calls.js";
export { type ShownCall, startView, type ViewDefinition } from "./start-view.js";
export { applyHostContext } from "./theme.js";
export { refusalMessage, successContent } from "./tool-result.js";
