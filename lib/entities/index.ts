export { parseEntities, normalizeEntityQuery, normalizeUrl, normalizePath, ENTITY_KINDS, type Entity, type EntityKind } from "./parse";
export { syncEntities } from "./sync";
export { backfillEntities, ENTITY_PARSER_VERSION } from "./backfill";
