export { ANSWER_BUDGET_BYTES } from "./paging/answer-budget.js";
export type { SourceLines } from "./queries/exit-conditions.js";
export {
  evaluateGuard,
  type GuardVerdict,
  type StateValue,
  type WorldState,
} from "./queries/exit-guard.js";
export {
  type ChoiceCondition,
  type ChoiceConditions,
  type ChoiceConditionsError,
  type ChoiceDetails,
  type ChoiceEffect,
  getChoiceConditions,
} from "./queries/get-choice-conditions.js";
export {
  type DiagnosticEntry,
  type DiagnosticsFilter,
  type DiagnosticsReport,
  getDiagnostics,
} from "./queries/get-diagnostics.js";
export {
  type DialogueChoice,
  type DialogueGraph,
  type DialogueJump,
  getDialogueGraph,
} from "./queries/get-dialogue-graph.js";
export {
  type EntityDetails,
  type EntityDetailsError,
  type EntityProperty,
  getEntityDetails,
} from "./queries/get-entity-details.js";
export { type ExitGraph, type ExitGraphEdge, getExitGraph } from "./queries/get-exit-graph.js";
export {
  type ExitNeighbourhoodError,
  getExitNeighbourhood,
} from "./queries/get-exit-neighbourhood.js";
export {
  getPropertyDependencies,
  type PropertyDependencies,
  type PropertyDependenciesError,
  type PropertyReadSite,
  type PropertyWriteSite,
} from "./queries/get-property-dependencies.js";
export {
  getReachableLocations,
  type ParentLink,
  type ReachableLocations,
  type ReachableLocationsOptions,
} from "./queries/get-reachable-locations.js";
export { getWorldMetadata, type WorldMetadata } from "./queries/get-world-metadata.js";
export type { GuardedExit } from "./queries/judged-exits.js";
export type {
  ReachabilityOptions,
  ReachableLocationsError,
} from "./queries/reachability-search.js";
export { SCHEMA_VERSION } from "./queries/schema-version.js";
export { WORLD_COMPILED_URI } from "./resources/world-compiled.js";
export { WORLD_SOURCE_URI } from "./resources/world-source.js";
export {
  createServer,
  createServerFactory,
  openWorldStore,
  type WorldServerOptions,
  type WorldSourceOption,
} from "./server.js";
export { type ServerOptionsJson, serverOptionsSchema } from "./server-options.js";
export type { CompiledWorld } from "./world/compiled-world.js";
export {
  compileWorldText,
  type ImportReader,
  type LoadedWorld,
  loadWorldFile,
} from "./world/load-world.js";
export { type WatchWorldOptions, type WorldWatcher, watchWorld } from "./world/watch-world.js";
export { WorldError, type WorldErrorCode } from "./world/world-error.js";
export { WorldStore } from "./world/world-store.js";
