export type {
  Caller,
  CommandEnvironment,
  CommandResult,
} from "./commands/command-environment.js";
export { CampaignError, type CampaignErrorCode } from "./domain/campaign-error.js";
export {
  type Campaign,
  CHARACTER_KINDS,
  type Character,
  type CharacterKind,
  type CharacterProfile,
  type CharacterState,
  GM_FEAR_MAX,
  GM_MODES,
  type GmMode,
  HOPE_MAX,
  PARTICIPANT_CONTROLLERS,
  PARTICIPANT_ROLES,
  type Participant,
  type ParticipantController,
  type ParticipantRole,
  type RollFlavor,
  SESSION_EVENT_TYPES,
  type Session,
  type SessionContext,
  type SessionEvent,
  type SessionEventType,
  type SessionStatus,
  type Traits,
} from "./domain/records.js";
export { type CampaignServerOptions, createServer, serverOptionsSchema } from "./server.js";
export type {
  CampaignRepository,
  CampaignStore,
  EventPageRequest,
  LogTail,
  Page,
  PageRequest,
} from "./storage/campaign-store.js";
export { SCHEMA_VERSION } from "./storage/migrations.js";
export { MEMORY_DATABASE, openCampaignStore } from "./storage/open-campaign-store.js";
export { StorageError, type StorageErrorCode } from "./storage/storage-error.js";
