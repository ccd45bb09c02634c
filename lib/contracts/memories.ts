import { z } from "zod";
import { CATEGORIES, LINK_KINDS, MEMORY_LIMITS, SCOPES, SOURCES, STATUSES } from "../vocabulary";
import { csv, projectRefShape, queryBoolean, sessionIdField } from "./common";
import { ENTITY_KINDS } from "../entities/parse";
import { findTooDeep } from "../http/json-depth";
import { lowerCaseRedacted, redact } from "../security/redaction";

/** Contracts of `/api/memories*`. The plugin and the CLI import these types (never lib/db). */

export const MAX_CONTENT_CHARS = MEMORY_LIMITS.contentChars;
export const MAX_METADATA_DEPTH = MEMORY_LIMITS.metadataDepth;
export const MAX_METADATA_CHARS = MEMORY_LIMITS.metadataChars;
export const MAX_ID_CHARS = MEMORY_LIMITS.idChars;

const metadata = z.record(z.string().max(200), z.unknown()).superRefine((value, ctx) => {
  // Depth first: JSON.stringify recurses, so it only runs on a value known to be shallow.
  const tooDeep = findTooDeep(value, MAX_METADATA_DEPTH);
  if (tooDeep) {
    ctx.addIssue({ code: "custom", path: tooDeep.keys, message: `nested deeper than ${MAX_METADATA_DEPTH} levels (metadata)` });
    return;
  }
  const chars = JSON.stringify(value).length;
  if (chars > MAX_METADATA_CHARS) ctx.addIssue({ code: "custom", message: `metadata is ${chars} characters of JSON; the limit is ${MAX_METADATA_CHARS}` });
});

/**
 * A tag is redacted here, the one place for tags: it is also a lookup key (`?tag=`), redacted the
 * same on write and on lookup. Redacted before it is lower-cased: `AKIA...` lower-cased no longer
 * looks like a key. (Content, title and metadata are redacted by the verb that writes them.)
 */
const tag = z
  .string()
  .trim()
  .min(1)
  .max(MEMORY_LIMITS.tagChars)
  .transform((t) => lowerCaseRedacted(redact(t)));

export const memoryFields = {
  content: z.string().trim().min(1, "content must not be empty").max(MAX_CONTENT_CHARS),
  title: z.string().trim().max(MEMORY_LIMITS.titleChars).nullish(),
  category: z.enum(CATEGORIES),
  tags: z.array(tag).max(MEMORY_LIMITS.tags),
  pinned: z.boolean(),
  priority: z.number().int().min(MEMORY_LIMITS.priorityMin).max(MEMORY_LIMITS.priorityMax),
  metadata,
};

export const createMemoryInput = z
  .object({
    ...projectRefShape,
    content: memoryFields.content,
    title: memoryFields.title,
    category: memoryFields.category.default("note"),
    scope: z.enum(SCOPES).optional(),
    sessionId: sessionIdField.optional(),
    tags: memoryFields.tags.default([]),
    pinned: memoryFields.pinned.default(false),
    priority: memoryFields.priority.default(0),
    status: z.enum(["active", "suggested"]).default("active"),
    source: z.enum(SOURCES).default("api"),
    metadata: memoryFields.metadata.default({}),
  })
  .strict();
export type CreateMemoryInput = z.input<typeof createMemoryInput>;
export type ParsedCreateMemoryInput = z.output<typeof createMemoryInput>;

export const updateMemoryInput = z
  .object({
    content: memoryFields.content.optional(),
    title: memoryFields.title,
    category: memoryFields.category.optional(),
    tags: memoryFields.tags.optional(),
    pinned: memoryFields.pinned.optional(),
    priority: memoryFields.priority.optional(),
    status: z.enum(STATUSES).optional(),
    metadata: memoryFields.metadata.optional(),
    /** Who makes the change (recorded in the version history). */
    source: z.enum(SOURCES).default("api"),
    reason: z.string().max(500).optional(),
    /** Optimistic concurrency: the `updatedAt` the client last saw; a newer row -> 409. */
    expectedUpdatedAt: z.string().datetime().optional(),
  })
  .strict()
  .refine((v) => Object.keys(v).some((k) => !["source", "reason", "expectedUpdatedAt"].includes(k)), {
    message: "nothing to update: give at least one of content, title, category, tags, pinned, priority, status, metadata",
  });
export type UpdateMemoryInput = z.input<typeof updateMemoryInput>;
export type ParsedUpdateMemoryInput = z.output<typeof updateMemoryInput>;

export const LIST_SORTS = ["created", "updated", "priority", "accessed"] as const;

export const listMemoriesQuery = z
  .object({
    ...projectRefShape,
    scope: csv(z.enum(SCOPES)).optional(),
    category: csv(z.enum(CATEGORIES)).optional(),
    /** `all` lists every status; the default is `active`. */
    status: z.union([z.literal("all"), csv(z.enum(STATUSES))]).optional(),
    tag: csv(tag).optional(),
    pinned: queryBoolean.optional(),
    sessionId: sessionIdField.optional(),
    entity: z.string().min(1).max(2000).optional(),
    /** Narrows `entity` to one kind (`issue`, `mr`, `epic`, `url`, `file`). */
    entityKind: z.enum(ENTITY_KINDS).optional(),
    sort: z.enum(LIST_SORTS).default("created"),
    order: z.enum(["asc", "desc"]).default("desc"),
    limit: z.coerce.number().int().min(1).max(500).default(50),
    cursor: z.string().min(1).max(1000).optional(),
  })
  .strict();
export type ListMemoriesQuery = z.input<typeof listMemoriesQuery>;
export type ParsedListMemoriesQuery = z.output<typeof listMemoriesQuery>;

export const linkMemoryInput = z
  .object({
    to: z.string().min(1).max(MAX_ID_CHARS),
    kind: z.enum(LINK_KINDS).default("relates"),
  })
  .strict();

export const deleteMemoryQuery = z.object({ permanent: queryBoolean.default(false) }).strict();

/** `POST /api/memories/:id/scope { scope, project?, directory?, sessionId? }`. */
export const rescopeInput = z
  .object({ ...projectRefShape, scope: z.enum(SCOPES), sessionId: sessionIdField.optional(), source: z.enum(["ui", "api", "cli"]).default("api") })
  .strict();
export type RescopeInput = z.input<typeof rescopeInput>;
export type ParsedRescopeInput = z.output<typeof rescopeInput>;

/** `POST /api/memories/reorder { id, over }`: put `id` just above `over` in priority order. */
export const reorderInput = z.object({ id: z.string().min(1).max(MAX_ID_CHARS), over: z.string().min(1).max(MAX_ID_CHARS) }).strict();
export type ReorderInput = z.infer<typeof reorderInput>;

/** `POST /api/memories/bulk`: one action over many memories, all in one transaction. */
export const bulkInput = z
  .object({
    ids: z.array(z.string().min(1).max(MAX_ID_CHARS)).min(1, "ids: select at least one memory").max(5000),
    action: z.enum(["archive", "restore", "delete"]),
    source: z.enum(["ui", "api", "cli"]).default("api"),
  })
  .strict();
export type BulkInput = z.input<typeof bulkInput>;
export type ParsedBulkInput = z.output<typeof bulkInput>;

/**
 * `POST /api/memories/bulk/matching`: one action over every memory a browser search matches (its
 * ranked window, at most 1,000), found again on the server, all in one transaction.
 */
export const bulkMatchingInput = z
  .object({
    query: z.string().trim().min(1, "query: give the search's words").max(4000),
    project: z.string().min(1).max(200).optional(),
    scope: z.enum(SCOPES).optional(),
    category: z.enum(CATEGORIES).optional(),
    status: z.union([z.enum(STATUSES), z.literal("all")]).optional(),
    tags: z.array(z.string().trim().toLowerCase().min(1).max(100)).max(10).optional(),
    pinned: z.enum(["yes", "no"]).optional(),
    action: z.enum(["archive", "restore", "delete"]),
    source: z.enum(["ui", "api", "cli"]).default("api"),
  })
  .strict();
export type BulkMatchingInput = z.input<typeof bulkMatchingInput>;
export type ParsedBulkMatchingInput = z.output<typeof bulkMatchingInput>;

/** `GET /api/memories/pick?q=&exclude=&limit=`: the link picker's search (never counted as an access). */
export const pickMemoriesQuery = z
  .object({
    q: z.string().trim().min(1, "q: type a few words").max(500),
    exclude: z.string().min(1).max(MAX_ID_CHARS).optional(),
    limit: z.coerce.number().int().min(1).max(20).default(8),
  })
  .strict();
export type ParsedPickMemoriesQuery = z.output<typeof pickMemoriesQuery>;

/** A memory as the API returns it. */
export interface MemoryDto {
  id: string;
  content: string;
  title: string | null;
  category: (typeof CATEGORIES)[number];
  scope: (typeof SCOPES)[number];
  projectId: string | null;
  sessionId: string | null;
  tags: string[];
  source: (typeof SOURCES)[number];
  status: (typeof STATUSES)[number];
  pinned: boolean;
  priority: number;
  metadata: Record<string, unknown>;
  createdAt: string;
  updatedAt: string;
  lastAccessedAt: string | null;
  accessCount: number;
  /** How old the memory is, for humans and models ("3d", "5mo"). */
  age: string;
}

export interface CreateMemoryResult {
  memory: MemoryDto;
  deduplicated: boolean;
  /** Set when a near-duplicate (not an exact one) was found. */
  duplicateOf?: string;
  /** What deduplication did, when it did anything (docs/deduplication.md). */
  dedup?: DedupOutcome;
}

/**
 * - `exact`: the same normalized text is stored already (`memoryId`): nothing added.
 * - `near`: folded into `memoryId`; the incoming text is kept as version `version` of it.
 * - `similar`: stored as a memory of its own, linked (`relates`) to `memoryId` and proposed as a merge.
 */
export interface DedupOutcome {
  kind: "exact" | "near" | "similar";
  memoryId: string;
  /** Cosine similarity of the embeddings; null when vectors took no part. */
  cosine: number | null;
  /** Token Jaccard of the two texts' content words. */
  lexical: number;
  keptAs: "existing" | "version" | "memory";
  version?: number;
}

export interface MemoryListDto {
  items: MemoryDto[];
  nextCursor: string | null;
}
