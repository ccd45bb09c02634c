export { compressMessages, compressMessagesAsync, prepareNextTurn, type CompressOptions } from "./pipeline";
export { expandCompressedOriginal, purgeExpiredCompression } from "./compressed-originals";
export { compressionStatsSummary } from "./stats";
export { clearMemoryCache } from "./cache";
export { STRATEGY_NAMES } from "./strategies";
export { LEVELS, pressureLevel, nudgesFor, type Level } from "./pressure";
export { isKeyLine } from "./lines";
export { deltaAnswer, deltaAnswerSteps, expandDelta, expandDeltaSteps } from "./delta";
