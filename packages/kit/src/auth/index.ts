// `@tabletop-mcp/kit/auth`: who calls and what they may do. Identities (`CallerIdentity`, what a
// handler's `context.identity` is), OAuth scopes and the scope each request needs, issuer
// discovery, subject names, and the identity a trusted gateway forwards in `_meta`. The auth
// modes themselves are chosen with the command line's auth flags (`@tabletop-mcp/kit/cli`).
export {
  FORWARDED_IDENTITY_CAPABILITY,
  FORWARDED_META_KEYS,
  FORWARDED_META_PREFIX,
  forwardedAuthInfo,
  SUBJECT_UPDATES_CAPABILITY,
} from "./forwarded-identity.js";
export { type CallerIdentity, identityFromAuthInfo, LOCAL_IDENTITY } from "./identity.js";
export { discoverIssuer, type IssuerMetadata } from "./issuer-metadata.js";
export {
  declaredScopes,
  declareRequestScopes,
  type ScopeOfRequest,
  scopesNeeded,
} from "./request-scopes.js";
export { ALL_SCOPES, grantsScope, SCOPES, type Scope } from "./scopes.js";
export {
  isTableSubject,
  PROVIDER_SUBJECT_ESCAPE,
  providerSubject,
  RESERVED_SUBJECTS,
} from "./subject-namespace.js";
