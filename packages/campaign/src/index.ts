export type {
  Actor,
  Caller,
  CommandEnvironment,
  CommandResult,
} from "./commands/command-environment.js";
export { type CreateCampaignInput, createCampaign } from "./commands/create-campaign.js";
export { CampaignError, type CampaignErrorCode } from "./domain/campaign-error.js";
export {
  type Campaign,
  CHARACTER_KINDS,
  type Character,
  type CharacterKind,
  type CharacterProfile,
  type CharacterSheet,
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
  type SeatInvite,
  type Session,
  type SessionContext,
  type SessionEvent,
  type SessionEventType,
  type SessionStatus,
  type Traits,
} from "./domain/records.js";
export {
  type CampaignServerOptions,
  createCommandEnvironment,
  createModernServerFactory,
  createServer,
  serverOptionsSchema,
} from "./server.js";
export type {
  CampaignPageRequest,
  CampaignRepository,
  CampaignStore,
  ChangeAudience,
  EventPageRequest,
  EventSearchRequest,
  ExternalChange,
  LogTail,
  Page,
  PageRequest,
  Written,
} from "./storage/campaign-store.js";
export {
  openCampaignDatabase,
  openPostgresCampaignStore,
} from "./storage/open-campaign-database.js";
export type { PostgresStoreOptions } from "./storage/postgres/open-postgres-store.js";
export { POSTGRES_SCHEMA_VERSION } from "./storage/postgres/postgres-migrations.js";
export { MEMORY_DATABASE, openCampaignStore } from "./storage/sqlite/open-sqlite-store.js";
export { SCHEMA_VERSION } from "./storage/sqlite/sqlite-migrations.js";
export { StorageError, type StorageErrorCode } from "./storage/storage-error.js";
export { isPostgresUrl, maskLocation } from "./storage/store-location.js";
