// Fair dice and reproducible replays, in one place for every engine. Node's crypto only: an
// engine imports this through `@tabletop-mcp/kit/random` without loading the MCP SDK.
export { CRYPTO_POOL_WORDS, createCryptoSource } from "./crypto-source.js";
export type { RandomSource, RngKind } from "./random-source.js";
export { drawFace, rejectionLimit, rollFace } from "./roll-face.js";
export { createScriptedSource, type ScriptedSource } from "./scripted-source.js";
export {
  createSeededSource,
  isReplaySeed,
  MAX_REPLAY_SEED_LENGTH,
  replaySeedLength,
  replaySeedProblem,
  replaySeedState,
} from "./seeded-source.js";
export { createXoshiro128StarStar, type Xoshiro128State } from "./xoshiro128.js";
