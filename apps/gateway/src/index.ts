export { mergeInstructions } from "./catalog/instructions.js";
export { type ConfigSource, defaultRawConfig, loadConfig } from "./config/load-config.js";
export { printableConfig } from "./config/print-config.js";
export {
  BUILTIN_NAMES,
  type BuiltinEntry,
  type BuiltinName,
  ConfigError,
  type GatewayConfig,
  type HttpEntry,
  type ServerEntry,
  type StdioEntry,
  TIERS,
  type Tier,
} from "./config/types.js";
export { validateConfig } from "./config/validate-config.js";
export { Gateway, type GatewayOptions, type UpstreamStats } from "./gateway.js";
export { type GatewayCommand, prepareGateway } from "./serve-gateway.js";
export { STATS_URI } from "./session/resource-requests.js";
export { ToolStats, type ToolStatsSnapshot } from "./stats/tool-stats.js";
export { currentTier } from "./tiers/tiers.js";
export { RestartLoop, type RestartOptions } from "./upstreams/restart-loop.js";
