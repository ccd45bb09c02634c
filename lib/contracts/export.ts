import { z } from "zod";
import { CATEGORIES, LINK_KINDS, MEMORY_LIMITS, SCOPES, SOURCES, STATUSES } from "../vocabulary";
import { lowerCaseRedacted, redact } from "../security/redaction";
import { redactOptional } from "../security/redact-fields";
import { clientId, csv, projectRefShape, queryBoolean, sessionIdField } from "./common";
import { memoryFields } from "./memories";

/** Contracts of `/api/export` and `/api/import`. */

export const EXPORT_FORMATS = ["markdown", "json"] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

/** Filters of an export (query string of `GET /api/export`, or the JSON body of `POST /api/export`). */
export const exportQuery = z
  .object({
    format: z.enum(EXPORT_FORMATS).default("json"),
    ...projectRefShape,
    scope: csv(z.enum(SCOPES)).optional(),
    category: csv(z.enum(CATEGORIES)).optional(),
    /** `all` (the default) exports every status. */
    status: z.union([z.literal("all"), csv(z.enum(STATUSES))]).default("all"),
    tag: csv(
      z
        .string()
        .trim()
        .min(1)
        .max(64)
        .transform((t) => lowerCaseRedacted(redact(t))),
    ).optional(),
    pinned: queryBoolean.optional(),
    /** Export exactly these memories (the browser's selection). */
    ids: csv(z.string().min(1).max(100)).optional(),
  })
  .strict();
export type ExportQuery = z.input<typeof exportQuery>;
export type ParsedExportQuery = z.output<typeof exportQuery>;

/** `POST /api/export` takes the same filters as JSON, with `ids` as an array (a selection may be long). */
export const exportBody = z
  .object({
    format: z.enum(EXPORT_FORMATS).default("json"),
    ids: z.array(z.string().min(1).max(100)).min(1).max(100_000),
  })
  .strict();

export const importQuery = z
  .object({
    format: z.enum(EXPORT_FORMATS),
    dryRun: queryBoolean.default(false),
  })
  .strict();
export type ImportQuery = z.input<typeof importQuery>;
export type ParsedImportQuery = z.output<typeof importQuery>;

export const exportedLink = z.object({
  to: z.string().min(1).max(100),
  kind: z.enum(LINK_KINDS),
  createdAt: z.string().datetime().optional(),
});

/** One replaced text of a memory, as `memory_versions` holds it. */
export const exportedVersion = z.object({
  version: z.number().int().min(1),
  title: z.string().max(1000).nullish(),
  content: z.string().max(MEMORY_LIMITS.contentChars),
  category: z.enum(CATEGORIES),
  tags: z.array(z.string().max(200)).max(100).default([]),
  pinned: z.boolean(),
  priority: z.number().int(),
  status: z.enum(STATUSES),
  scope: z.enum(SCOPES),
  changedBy: z.string().min(1).max(50),
  reason: z.string().max(500).nullish(),
  createdAt: z.string().datetime(),
});
export type ExportedVersion = z.output<typeof exportedVersion>;

/** One memory in an export file (JSON format; the Markdown format carries the same fields). */
export const exportedMemory = z.object({
  id: z.string().min(1).max(100).optional(),
  title: memoryFields.title,
  content: memoryFields.content,
  category: z.enum(CATEGORIES).default("note"),
  scope: z.enum(SCOPES).default("global"),
  project: z
    .object({
      id: clientId(200),
      name: z.string().max(500).default("").transform(redact),
      rootPath: z.string().max(4096).nullish().transform(redactOptional),
      identity: z.string().max(200).default("path").transform(redact),
    })
    .nullish(),
  sessionId: sessionIdField.nullish(),
  tags: memoryFields.tags.default([]),
  source: z.enum(SOURCES).optional(),
  status: z.enum(STATUSES).default("active"),
  pinned: z.boolean().default(false),
  priority: memoryFields.priority.default(0),
  metadata: memoryFields.metadata.default({}),
  createdAt: z.string().datetime().optional(),
  updatedAt: z.string().datetime().optional(),
  /** How often the agent found it, and when last (kept so an import does not reset its ranking). */
  accessCount: z.number().int().min(0).default(0),
  lastAccessedAt: z.string().datetime().nullish(),
  /** Links going out of this memory, by the other memory's id (in the same file or the store). */
  links: z.array(exportedLink).max(1000).default([]),
  /** The texts it replaced, oldest first (its version history). */
  versions: z.array(exportedVersion).max(1000).default([]),
});
export type ExportedMemory = z.output<typeof exportedMemory>;

export const exportFile = z.object({
  format: z.literal("recollect-export"),
  version: z.literal(1),
  exportedAt: z.string().optional(),
  memories: z.array(z.unknown()),
});

export interface ImportItemReport {
  /** Position in the file (0-based). */
  index: number;
  title: string;
  category: string;
  scope: string;
  /** `new`: would be / was created; `duplicate`: skipped; `invalid`: skipped with `error`. */
  outcome: "new" | "duplicate" | "invalid";
  /** The memory that already holds this content (duplicates), or the created id. */
  id?: string;
  error?: string;
}

export interface ImportReport {
  format: ExportFormat;
  dryRun: boolean;
  total: number;
  created: number;
  duplicates: number;
  invalid: number;
  items: ImportItemReport[];
}
