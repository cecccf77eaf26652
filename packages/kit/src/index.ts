// What a server author needs to define a server: tools, resources, prompts, views, errors,
// results, logging and `createKitServer`. The rest lives behind its own entry: the HTTP
// runtime in `@tabletop-mcp/kit/http`, auth and identities in `/auth`, the command line and
// the runner in `/cli`, in-process connections in `/in-process`, dice in `/random`, test
// helpers in `/testing`.
export {
  APP_VIEW_MIME_TYPE,
  type AppView,
  type AppViewSpec,
  appViewToolMeta,
  defineAppView,
  linkAppViews,
} from "./app-view.js";
export { escapeControlCharacters } from "./control-characters.js";
export {
  type CacheHints,
  createKitServer,
  DEFAULT_CACHE_HINTS,
  type KitServer,
  type KitServerOptions,
  type RequestStateIntegrity,
  type ServerSpec,
} from "./create-kit-server.js";
export type { CrossFieldRule } from "./cross-field-rules.js";
export {
  type DomainErrorBody,
  type InvalidParametersBody,
  InvalidParametersError,
  type ParameterProblem,
  ToolError,
  type ToolErrorCode,
} from "./errors.js";
export { createLogger, LOG_LEVELS, type Logger, type LogLevel, silentLogger } from "./logger.js";
export {
  MCP_LOGGING_LEVELS,
  mostVerbose,
  parseLoggingLevel,
  passesLevel,
} from "./logging-levels.js";
export { readPackageVersion } from "./package-version.js";
export {
  definePrompt,
  offersCompletions,
  type Prompt,
  type PromptAnswer,
  type PromptArgumentSpec,
  type PromptContext,
  type PromptSpec,
} from "./prompt.js";
export { processRedactor, REDACTED, Redactor, redact, registerSecret } from "./redaction.js";
export { replaySeedOption, seedOnlyServerOptions } from "./replay-seed.js";
export {
  admitSubscription,
  cursorParam,
  MAX_SUBSCRIPTIONS,
  MAX_URI_LENGTH,
  onRequest,
  ProtocolError,
  uriParam,
} from "./request-params.js";
export {
  defineResource,
  defineResourceTemplate,
  type ResourceBlob,
  type ResourceContents,
  type ResourceContext,
  type ResourceListPage,
  type ResourceSpec,
  type ResourceTemplate,
  type ResourceTemplateSpec,
  type ResourceText,
} from "./resource.js";
export {
  type ListenerRegistration,
  type ListenerSink,
  type ListenerSource,
  ResourceHub,
  type ResourceHubOptions,
  type UpdateFilter,
} from "./resource-hub.js";
export { unknownCursorError } from "./resource-list.js";
export { structuredResult } from "./results.js";
export { type ServedResources, subscriptionUriParam } from "./subscription-uri.js";
export {
  DEFAULT_MAX_ANSWER_BYTES,
  defineJsonSchemaTool,
  defineTool,
  type JsonSchemaToolSpec,
  type Tool,
  type ToolAnswer,
  type ToolContext,
  type ToolHints,
  type ToolSpec,
} from "./tool.js";
export { UNPARSED_PARAMS } from "./unparsed-params.js";
export { MAX_LISTED_PROBLEMS } from "./validation/bound-problems.js";
export {
  displayName,
  displaySubject,
  displayText,
  NAME_ACCEPTS,
  SUBJECT_ACCEPTS,
  TEXT_ACCEPTS,
} from "./validation/display-text.js";
export { type ValidationOutcome, validateArguments } from "./validation/validate-arguments.js";
