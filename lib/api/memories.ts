import { z } from "zod";
import { CATEGORIES, LINK_KINDS, SCOPES, SOURCES, STATUSES } from "../db/schema";
import { csv, projectRefShape, queryBoolean, sessionIdField } from "./common";
import { ENTITY_KINDS } from "../entities/parse";
import { redact } from "../security/redact";

/** Contracts of `/api/memories*`. The plugin and the CLI import these types (never lib/db). */

export const MAX_CONTENT_CHARS = 50_000;

/** Redacted before it is lower-cased: `AKIA...` lower-cased no longer looks like a key. */
const tag = z
  .string()
  .trim()
  .min(1)
  .max(64)
  .transform((t) => redact(t).toLowerCase());

export const memoryFields = {
  content: z.string().trim().min(1, "content must not be empty").max(MAX_CONTENT_CHARS),
  title: z.string().trim().max(200).nullish(),
  category: z.enum(CATEGORIES),
  tags: z.array(tag).max(32),
  pinned: z.boolean(),
  priority: z.number().int().min(-100).max(100),
  metadata: z.record(z.string(), z.unknown()),
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
    cursor: z.string().min(1).optional(),
  })
  .strict();
export type ListMemoriesQuery = z.input<typeof listMemoriesQuery>;

export const linkMemoryInput = z
  .object({
    to: z.string().min(1),
    kind: z.enum(LINK_KINDS).default("relates"),
  })
  .strict();

export const deleteMemoryQuery = z
  .object({ permanent: queryBoolean.default(false) })
  .strict();

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
}

export interface MemoryListDto {
  items: MemoryDto[];
  nextCursor: string | null;
}
