export {
  APP_VIEW_MIME_TYPE,
  type AppView,
  type AppViewSpec,
  appViewToolMeta,
  defineAppView,
  linkAppViews,
} from "./app-view.js";
export {
  FORWARDED_IDENTITY_CAPABILITY,
  FORWARDED_META_KEYS,
  FORWARDED_META_PREFIX,
  forwardedAuthInfo,
  SUBJECT_UPDATES_CAPABILITY,
} from "./auth/forwarded-identity.js";
export {
  type CallerIdentity,
  identityFromAuthInfo,
  LOCAL_IDENTITY,
} from "./auth/identity.js";
export { discoverIssuer, type IssuerMetadata } from "./auth/issuer-metadata.js";
export {
  declaredScopes,
  declareRequestScopes,
  type ScopeOfRequest,
  scopesNeeded,
} from "./auth/request-scopes.js";
export { ALL_SCOPES, grantsScope, SCOPES, type Scope } from "./auth/scopes.js";
export {
  isTableSubject,
  PROVIDER_SUBJECT_ESCAPE,
  providerSubject,
  RESERVED_SUBJECTS,
} from "./auth/subject-namespace.js";
export type {
  CommonOptions,
  ExtraFlag,
  ParsedCommandLine,
  PositionalArgument,
} from "./cli/flags.js";
export { parseCommandLine } from "./cli/flags.js";
export { UsageError } from "./cli/usage-error.js";
export { escapeControlCharacters } from "./control-characters.js";
export {
  createKitServer,
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
export { isLoopbackAddress, type RequestIdentity } from "./http/client-identity.js";
export type { DurableSessionRecord, DurableSessions } from "./http/durable-sessions.js";
export type { HttpRoute, HttpRouteAnswer, HttpRouteRefusal } from "./http/extra-routes.js";
export type { HttpLimits } from "./http/http-limits.js";
export type { HttpHandle, HttpOptions } from "./http/http-server.js";
export {
  BODY_LIMIT_BYTES,
  DEFAULT_HEADERS_TIMEOUT_MS,
  DEFAULT_KEEP_ALIVE_TIMEOUT_MS,
  DEFAULT_MAX_SESSIONS,
  DEFAULT_MAX_SESSIONS_PER_CLIENT,
  DEFAULT_REQUEST_TIMEOUT_MS,
  DEFAULT_SEND_TIMEOUT_MS,
  DEFAULT_SESSION_IDLE_MS,
  DEFAULT_STREAM_BUFFER_BYTES,
  DEFAULT_UNUSED_SESSION_IDLE_MS,
} from "./http/limits.js";
export { serveHttp } from "./http/serve-http.js";
export {
  type InProcessClient,
  InProcessConnection,
  type InProcessHandlers,
  type InProcessRequestOptions,
} from "./in-process/in-process-connection.js";
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
export {
  MAX_REPLAY_SEED_LENGTH,
  replaySeedFlag,
  replaySeedOption,
  seedOnlyServerOptions,
} from "./replay-seed.js";
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
export { ResourceHub, type ResourceHubOptions, type UpdateFilter } from "./resource-hub.js";
export { unknownCursorError } from "./resource-list.js";
export { structuredResult } from "./results.js";
export { InFlightRequests } from "./runtime/in-flight.js";
export {
  type Clock,
  type ScheduleDecision,
  SpacingLimiter,
  systemClock,
} from "./runtime/rate-limiter.js";
export {
  type CommandExit,
  type CommandSpec,
  type RunEnvironment,
  runServer,
  type ServerFactory,
  type SetupContext,
} from "./runtime/run-server.js";
export {
  installSessionGate,
  type SessionGate,
  type SessionGateOptions,
} from "./runtime/session-gate.js";
export { SessionRefusedError, type SessionRequest } from "./runtime/session-request.js";
export { type StdioHandle, type StdioOptions, serveStdio } from "./runtime/stdio.js";
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
