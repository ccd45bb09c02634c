import { sql } from "drizzle-orm";
import { bigint, bigserial, boolean, customType, index, jsonb, pgTable, primaryKey, real, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";

/**
 * The team hub's PostgreSQL schema (hub mode: RECOLLECT_DATABASE_URL). Migrations are generated
 * beside the SQLite ones by `npm run db:generate:hub` (drizzle.hub.config.ts -> drizzle-hub/) and
 * applied when the hub opens its pool (lib/team/hub/open.ts).
 */

/** A tsvector built from Recollect's own tokens (array_to_tsvector): CJK bigrams and stems as on SQLite. */
const tsvector = customType<{ data: string }>({ dataType: () => "tsvector" });

/** People who may reach the hub: one token each (only its SHA-256 kept), in one team. */
export const hubUsers = pgTable("hub_users", {
  id: text("id").primaryKey(),
  name: text("name").notNull().unique(),
  team: text("team").notNull(),
  tokenHash: text("token_hash").notNull().unique(),
  isAdmin: boolean("is_admin").notNull().default(false),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  revokedAt: timestamp("revoked_at", { withTimezone: true }),
});

/** Team -> project access: a user reads and writes a project's team memories when their team is listed. */
export const hubAccess = pgTable("hub_access", { team: text("team").notNull(), project: text("project").notNull() }, (t) => [
  primaryKey({ columns: [t.team, t.project] }),
]);

/**
 * Every version ever pushed, in hub order: `seq` is the hub-assigned sequence (pull by cursor), one
 * writer at a time (an advisory lock in push.ts) so a cursor never skips a seq committed later.
 * `change_id` (the client's) makes a re-sent push after a lost answer a no-op.
 */
export const hubVersions = pgTable(
  "hub_versions",
  {
    seq: bigserial("seq", { mode: "number" }).primaryKey(),
    changeId: text("change_id").notNull(),
    memoryId: text("memory_id").notNull(),
    project: text("project").notNull(),
    baseSeq: bigint("base_seq", { mode: "number" }),
    /** The head this version replaced without being based on it: a concurrent edit (kept, proposed on the machines). */
    overwroteSeq: bigint("overwrote_seq", { mode: "number" }),
    author: text("author").notNull(),
    deleted: boolean("deleted").notNull().default(false),
    category: text("category").notNull(),
    title: text("title"),
    content: text("content").notNull(),
    tags: jsonb("tags").$type<string[]>().notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("hub_versions_change_idx").on(t.changeId), index("hub_versions_project_seq_idx").on(t.project, t.seq)],
);

/** The head of each team memory (what search reads); a tombstone keeps its row with `deleted`. */
export const hubMemories = pgTable(
  "hub_memories",
  {
    id: text("id").primaryKey(),
    project: text("project").notNull(),
    seq: bigint("seq", { mode: "number" }).notNull(),
    deleted: boolean("deleted").notNull().default(false),
    category: text("category").notNull(),
    title: text("title"),
    content: text("content").notNull(),
    tags: jsonb("tags").$type<string[]>().notNull(),
    tokens: tsvector("tokens").notNull(),
    /** The embedding a machine computed (ranked in the hub process; pgvector when installed). */
    embedding: real("embedding").array(),
    updatedBy: text("updated_by").notNull(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("hub_memories_tokens_idx").using("gin", t.tokens),
    index("hub_memories_project_idx").on(t.project, t.deleted),
    // What changed since a seq (the in-process vector ranking's catch-up read).
    index("hub_memories_project_seq_idx").on(t.project, t.seq),
  ],
);

/** Every change on the hub: who, what, when. */
export const hubAudit = pgTable(
  "hub_audit",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    at: timestamp("at", { withTimezone: true }).notNull().default(sql`now()`),
    actor: text("actor").notNull(),
    action: text("action").notNull(),
    project: text("project"),
    memoryId: text("memory_id"),
    seq: bigint("seq", { mode: "number" }),
    detail: jsonb("detail").$type<Record<string, unknown>>(),
  },
  (t) => [index("hub_audit_at_idx").on(t.at)],
);
