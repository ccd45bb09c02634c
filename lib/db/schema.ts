import { sql } from "drizzle-orm";
import { blob, index, integer, primaryKey, real, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import {
  CATEGORIES,
  LINK_KINDS,
  LOOP_MODES,
  LOOP_PHASE_STATUSES,
  LOOP_PHASES,
  LOOP_SANDBOXES,
  LOOP_STATUSES,
  PROPOSAL_KINDS,
  PROPOSAL_STATUSES,
  SCOPES,
  SOURCES,
  STATUSES,
} from "../vocabulary";

/**
 * The whole data model. Times are epoch milliseconds. The FTS5 table (`memory_fts`) is created by
 * a hand-written migration; the sqlite-vec table (`memory_vectors`) at run time, because its
 * dimension depends on the embedding model in use. Both use `memories.seq` as their rowid.
 * The enumerations (scopes, categories, ...) live in lib/vocabulary.ts, shared with the browser and the plugin.
 */

const now = sql`(cast(unixepoch('subsec') * 1000 as integer))`;

export const projects = sqliteTable("projects", {
  id: text("id").primaryKey(),
  name: text("name").notNull(),
  rootPath: text("root_path"),
  /** How the id was derived: `git-root-commit`, `git-root-commit+remote`, `git-remote` or `path`; `split` / `split+remote` for a project split off another in the browser. */
  identity: text("identity").notNull(),
  /** The normalized remote the project was first seen with (tells a template copy of a repository from the repository). */
  remote: text("remote"),
  createdAt: integer("created_at").notNull().default(now),
  updatedAt: integer("updated_at").notNull().default(now),
});

/**
 * Identities that now mean another project: a project merged into another leaves its id here so a
 * checkout that still computes it (the plugin, an API client with the old id) reaches the project it
 * was merged into; a split with a remote leaves `remote:<normalized remote>` so checkouts with that
 * remote reach the new project. `remote` is the remote the merged project was known by.
 */
export const projectAliases = sqliteTable(
  "project_aliases",
  {
    alias: text("alias").primaryKey(),
    projectId: text("project_id")
      .notNull()
      .references(() => projects.id, { onDelete: "cascade" }),
    remote: text("remote"),
    createdAt: integer("created_at").notNull().default(now),
  },
  (t) => [index("project_aliases_project_idx").on(t.projectId)],
);

export const memories = sqliteTable(
  "memories",
  {
    /** Integer rowid shared with the FTS and vector tables (stable across VACUUM). */
    seq: integer("seq").primaryKey({ autoIncrement: true }),
    id: text("id").notNull().unique(),
    projectId: text("project_id").references(() => projects.id, { onDelete: "set null" }),
    scope: text("scope", { enum: SCOPES }).notNull(),
    sessionId: text("session_id"),
    category: text("category", { enum: CATEGORIES }).notNull(),
    title: text("title"),
    content: text("content").notNull(),
    /** JSON array of strings; `memory_tags` indexes it for filtering. */
    tags: text("tags", { mode: "json" }).$type<string[]>().notNull().default(sql`'[]'`),
    source: text("source", { enum: SOURCES }).notNull(),
    status: text("status", { enum: STATUSES }).notNull().default("active"),
    pinned: integer("pinned", { mode: "boolean" }).notNull().default(false),
    priority: integer("priority").notNull().default(0),
    contentHash: text("content_hash").notNull(),
    metadata: text("metadata", { mode: "json" }).$type<Record<string, unknown>>().notNull().default(sql`'{}'`),
    createdAt: integer("created_at").notNull().default(now),
    updatedAt: integer("updated_at").notNull().default(now),
    lastAccessedAt: integer("last_accessed_at"),
    accessCount: integer("access_count").notNull().default(0),
  },
  (t) => [
    index("memories_scope_idx").on(t.scope, t.projectId, t.status),
    index("memories_hash_idx").on(t.contentHash),
    // Lists sort by created or updated time: each common filter has an index in that order, so a
    // page is read in order instead of sorting every matching row. A list of several statuses
    // merges one page per status (lib/memories/list.ts): an index on time alone would cost every
    // create two more pages written.
    index("memories_status_created_idx").on(t.status, t.createdAt),
    index("memories_status_updated_idx").on(t.status, t.updatedAt),
    index("memories_category_idx").on(t.category, t.status, t.createdAt),
    // Few memories are pinned: indexing only those keeps every other write cheaper.
    index("memories_pinned_idx").on(t.status).where(sql`pinned = 1`),
    // Most memories have no session: indexing only those that do keeps every other write cheaper.
    index("memories_session_idx").on(t.sessionId).where(sql`session_id IS NOT NULL`),
  ],
);

/**
 * Which memories changed text, status or placement, or were deleted: written by triggers, read by
 * the near-duplicate index to stay in step with every writer (both in lib/search/
 * near-duplicate-index.ts). Creates are not logged: their seqs only grow. Housekeeping keeps the
 * last entries.
 */
export const memoryChanges = sqliteTable("memory_changes", {
  id: integer("id").primaryKey({ autoIncrement: true }),
  seq: integer("seq").notNull(),
});

export const memoryTags = sqliteTable(
  "memory_tags",
  {
    memoryId: text("memory_id")
      .notNull()
      .references(() => memories.id, { onDelete: "cascade" }),
    tag: text("tag").notNull(),
  },
  (t) => [primaryKey({ columns: [t.memoryId, t.tag] }), index("memory_tags_tag_idx").on(t.tag)],
);

/** References parsed out of memories (`#123`, `!45`, `&7`, URLs, file paths). */
export const memoryEntities = sqliteTable(
  "memory_entities",
  {
    memoryId: text("memory_id")
      .notNull()
      .references(() => memories.id, { onDelete: "cascade" }),
    kind: text("kind").notNull(),
    value: text("value").notNull(),
  },
  (t) => [primaryKey({ columns: [t.memoryId, t.kind, t.value] }), index("memory_entities_value_idx").on(t.kind, t.value)],
);

export const memoryVersions = sqliteTable(
  "memory_versions",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    memoryId: text("memory_id")
      .notNull()
      .references(() => memories.id, { onDelete: "cascade" }),
    /** 1 for the first replaced text, increasing. */
    version: integer("version").notNull(),
    title: text("title"),
    content: text("content").notNull(),
    category: text("category").notNull(),
    tags: text("tags", { mode: "json" }).$type<string[]>().notNull(),
    pinned: integer("pinned", { mode: "boolean" }).notNull(),
    priority: integer("priority").notNull(),
    status: text("status").notNull(),
    scope: text("scope").notNull(),
    /** Who made the change that replaced this text (`ui`, `tool`, `api`, `cli`, ...). */
    changedBy: text("changed_by").notNull(),
    reason: text("reason"),
    createdAt: integer("created_at").notNull().default(now),
  },
  (t) => [uniqueIndex("memory_versions_memory_idx").on(t.memoryId, t.version)],
);

export const memoryLinks = sqliteTable(
  "memory_links",
  {
    fromId: text("from_id")
      .notNull()
      .references(() => memories.id, { onDelete: "cascade" }),
    toId: text("to_id")
      .notNull()
      .references(() => memories.id, { onDelete: "cascade" }),
    kind: text("kind", { enum: LINK_KINDS }).notNull(),
    createdAt: integer("created_at").notNull().default(now),
  },
  (t) => [primaryKey({ columns: [t.fromId, t.toId, t.kind] }), index("memory_links_to_idx").on(t.toId)],
);

/** Memories waiting for an embedding; survives restarts. */
export const embeddingQueue = sqliteTable("embedding_queue", {
  memoryId: text("memory_id")
    .primaryKey()
    .references(() => memories.id, { onDelete: "cascade" }),
  enqueuedAt: integer("enqueued_at").notNull().default(now),
  attempts: integer("attempts").notNull().default(0),
  lastError: text("last_error"),
});

/** Key/value facts about the index: embedding model id, dimension, reindex progress. */
export const embeddingMeta = sqliteTable("embedding_meta", {
  key: text("key").primaryKey(),
  value: text("value").notNull(),
});

/**
 * Deduplication settings and fitness of each embedding model (by provider id, as in embedding_meta):
 * the cosine thresholds its vectors are judged with, and the mean cosine of random pairs measured
 * with it. A model whose random pairs are this close (degenerate) is not used for deduplication.
 */
export const dedupModels = sqliteTable("dedup_models", {
  model: text("model").primaryKey(),
  /** At or above (and with a lexical check agreeing): a near duplicate, folded into the existing memory. */
  strictCosine: real("strict_cosine").notNull(),
  /** At or above (below strict, or without lexical agreement): stored, linked, proposed as a merge. */
  similarCosine: real("similar_cosine").notNull(),
  randomPairCosine: real("random_pair_cosine"),
  /** `memories` (random pairs of stored memories) or `probe` (built-in unrelated sentences, before enough are stored). */
  sampleBasis: text("sample_basis", { enum: ["memories", "probe"] }),
  sampleSize: integer("sample_size").notNull().default(0),
  measuredAt: integer("measured_at"),
});

/**
 * A memory stored next to a similar one instead of being dropped as its duplicate: a merge for the
 * user to review (the consolidation inbox reads the open ones). The pair is also linked `relates`.
 */
export const mergeProposals = sqliteTable(
  "merge_proposals",
  {
    memoryId: text("memory_id")
      .notNull()
      .references(() => memories.id, { onDelete: "cascade" }),
    similarTo: text("similar_to")
      .notNull()
      .references(() => memories.id, { onDelete: "cascade" }),
    cosine: real("cosine"),
    lexical: real("lexical").notNull(),
    status: text("status", { enum: ["open", "merged", "dismissed"] })
      .notNull()
      .default("open"),
    createdAt: integer("created_at").notNull().default(now),
  },
  (t) => [
    primaryKey({ columns: [t.memoryId, t.similarTo] }),
    index("merge_proposals_similar_idx").on(t.similarTo),
    index("merge_proposals_open_idx").on(t.status, t.createdAt),
  ],
);

export const sessions = sqliteTable(
  "sessions",
  {
    id: text("id").primaryKey(),
    projectId: text("project_id").references(() => projects.id, { onDelete: "set null" }),
    title: text("title"),
    agent: text("agent"),
    status: text("status", { enum: ["active", "ended"] })
      .notNull()
      .default("active"),
    summary: text("summary"),
    workingOn: text("working_on"),
    startedAt: integer("started_at").notNull().default(now),
    lastHeartbeatAt: integer("last_heartbeat_at").notNull().default(now),
    endedAt: integer("ended_at"),
    resumeDeliveredAt: integer("resume_delivered_at"),
  },
  (t) => [index("sessions_project_idx").on(t.projectId, t.status, t.lastHeartbeatAt)],
);

export const claims = sqliteTable(
  "claims",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    projectId: text("project_id").notNull(),
    item: text("item").notNull(),
    kind: text("kind").notNull().default("item"),
    sessionId: text("session_id").notNull(),
    note: text("note"),
    claimedAt: integer("claimed_at").notNull().default(now),
    expiresAt: integer("expires_at").notNull(),
  },
  (t) => [uniqueIndex("claims_item_idx").on(t.projectId, t.item), index("claims_session_idx").on(t.sessionId)],
);

export const checkpoints = sqliteTable(
  "checkpoints",
  {
    id: text("id").primaryKey(),
    projectId: text("project_id").references(() => projects.id, { onDelete: "set null" }),
    sessionId: text("session_id").notNull(),
    trigger: text("trigger", { enum: ["compaction", "manual", "ingest", "idle"] }).notNull(),
    markdown: text("markdown").notNull(),
    /** gzip of the redacted JSON message list. */
    rawMessages: blob("raw_messages", { mode: "buffer" }).notNull(),
    messageCount: integer("message_count").notNull(),
    extracted: text("extracted", { mode: "json" }).$type<Record<string, unknown>>().notNull(),
    tokensRaw: integer("tokens_raw").notNull().default(0),
    tokensSummary: integer("tokens_summary").notNull().default(0),
    createdAt: integer("created_at").notNull().default(now),
  },
  (t) => [index("checkpoints_project_idx").on(t.projectId, t.createdAt), index("checkpoints_session_idx").on(t.sessionId)],
);

/** Compress-Cache-Retrieve: originals of everything compression removed, by content hash. */
export const ccrEntries = sqliteTable(
  "ccr_entries",
  {
    hash: text("hash").primaryKey(),
    sessionId: text("session_id"),
    tool: text("tool"),
    content: text("content").notNull(),
    createdAt: integer("created_at").notNull().default(now),
    expiresAt: integer("expires_at").notNull(),
  },
  (t) => [index("ccr_expires_idx").on(t.expiresAt)],
);

/** Reused compression results: a part is compressed once, keyed by part id and content hash. */
export const compressionCache = sqliteTable(
  "compression_cache",
  {
    key: text("key").primaryKey(),
    sessionId: text("session_id"),
    value: text("value").notNull(),
    createdAt: integer("created_at").notNull().default(now),
    expiresAt: integer("expires_at").notNull(),
  },
  (t) => [index("compression_cache_expires_idx").on(t.expiresAt)],
);

export const kv = sqliteTable(
  "kv",
  {
    /** `""` for keys that belong to no project. */
    projectId: text("project_id").notNull(),
    key: text("key").notNull(),
    value: text("value").notNull(),
    createdAt: integer("created_at").notNull().default(now),
    updatedAt: integer("updated_at").notNull().default(now),
    expiresAt: integer("expires_at").notNull(),
  },
  (t) => [primaryKey({ columns: [t.projectId, t.key] }), index("kv_expires_idx").on(t.expiresAt)],
);

export const compressionStats = sqliteTable(
  "compression_stats",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    sessionId: text("session_id").notNull(),
    tokensBefore: integer("tokens_before").notNull(),
    tokensAfter: integer("tokens_after").notNull(),
    byStrategy: text("by_strategy", { mode: "json" }).$type<Record<string, number>>().notNull(),
    durationMs: real("duration_ms").notNull().default(0),
    createdAt: integer("created_at").notNull().default(now),
  },
  (t) => [index("compression_stats_session_idx").on(t.sessionId, t.createdAt), index("compression_stats_created_idx").on(t.createdAt)],
);

/** One row per search hit, injection or read of a memory: ranking and dashboard charts. */
export const accessLog = sqliteTable(
  "access_log",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    memoryId: text("memory_id").references(() => memories.id, { onDelete: "cascade" }),
    kind: text("kind", { enum: ["search", "inject", "recall", "get", "expand"] }).notNull(),
    sessionId: text("session_id"),
    query: text("query"),
    createdAt: integer("created_at").notNull().default(now),
  },
  (t) => [index("access_log_memory_idx").on(t.memoryId), index("access_log_created_idx").on(t.kind, t.createdAt)],
);

/** Daily token use of the optional LLM extractor (never above its cap). */
export const llmUsage = sqliteTable("llm_usage", {
  day: text("day").primaryKey(),
  tokens: integer("tokens").notNull().default(0),
  calls: integer("calls").notNull().default(0),
});

/** Sessions already ingested from OpenCode's own database (incremental ingest). */
export const ingestedSessions = sqliteTable("ingested_sessions", {
  sessionId: text("session_id").primaryKey(),
  checkpointId: text("checkpoint_id"),
  messageCount: integer("message_count").notNull(),
  ingestedAt: integer("ingested_at").notNull().default(now),
});

/**
 * Signed-in browsers. `id_hash` is the SHA-256 of the random session id the HttpOnly cookie
 * carries: a copy of the database does not hand out live sessions. Revoked by deleting the row.
 */
export const browserSessions = sqliteTable(
  "browser_sessions",
  {
    idHash: text("id_hash").primaryKey(),
    createdAt: integer("created_at").notNull().default(now),
    expiresAt: integer("expires_at").notNull(),
  },
  (t) => [index("browser_sessions_expires_idx").on(t.expiresAt)],
);

/** One-time login links (`recollect open`): the SHA-256 of the ticket, deleted when it is used. */
export const loginTickets = sqliteTable(
  "login_tickets",
  {
    ticketHash: text("ticket_hash").primaryKey(),
    createdAt: integer("created_at").notNull().default(now),
    expiresAt: integer("expires_at").notNull(),
  },
  (t) => [index("login_tickets_expires_idx").on(t.expiresAt)],
);

/**
 * Issue-tracker metadata of entities (`github:owner/repo#12`, `gitlab:group/project!4`), fetched
 * in the background (lib/enrichment/) and trusted until `expires_at`. `data` is null when the
 * last fetch failed (`error` says why); the row still stops a retry before `expires_at`.
 */
export const trackerItems = sqliteTable(
  "tracker_items",
  {
    ref: text("ref").primaryKey(),
    data: text("data", { mode: "json" }).$type<Record<string, unknown>>(),
    error: text("error"),
    fetchedAt: integer("fetched_at").notNull(),
    expiresAt: integer("expires_at").notNull(),
  },
  (t) => [index("tracker_items_expires_idx").on(t.expiresAt)],
);

/**
 * What consolidation proposes (lib/consolidation/): merges, supersessions, stale and expired
 * memories, distilled skills. `fingerprint` (kind + the memories it is about) is unique, so a
 * proposal that was rejected (or approved) is never proposed again.
 */
export const proposals = sqliteTable(
  "proposals",
  {
    id: text("id").primaryKey(),
    kind: text("kind", { enum: PROPOSAL_KINDS }).notNull(),
    fingerprint: text("fingerprint").notNull().unique(),
    projectId: text("project_id"),
    status: text("status", { enum: PROPOSAL_STATUSES }).notNull().default("open"),
    /** The memories it is about; for supersede [newer, older], for merge the keeper first. */
    memoryIds: text("memory_ids", { mode: "json" }).$type<string[]>().notNull(),
    reason: text("reason").notNull(),
    evidence: text("evidence", { mode: "json" }).$type<Record<string, unknown>>().notNull(),
    /** Merged wording (merge) or the skill file (skill): what approval writes unless edited. */
    suggestion: text("suggestion"),
    createdAt: integer("created_at").notNull().default(now),
    decidedAt: integer("decided_at"),
    /** Each memory's `content_hash:status` when proposed: a change since closes it as outdated. */
    memoryState: text("memory_state", { mode: "json" }).$type<Record<string, string>>(),
    /** Why it was closed without a decision (status `outdated`). */
    closedReason: text("closed_reason"),
  },
  (t) => [index("proposals_open_idx").on(t.status, t.createdAt), index("proposals_project_idx").on(t.projectId, t.status)],
);

/**
 * The review inbox's actions, newest last: what each changed, so the last one can be undone.
 * `before` holds the memories' prior state, the links and files it added.
 */
export const inboxActions = sqliteTable("inbox_actions", {
  id: integer("id").primaryKey({ autoIncrement: true }),
  action: text("action").notNull(),
  target: text("target").notNull(),
  before: text("before", { mode: "json" }).$type<Record<string, unknown>>().notNull(),
  createdAt: integer("created_at").notNull().default(now),
  undoneAt: integer("undone_at"),
});

/** When consolidation (or distillation) last ran per project ("" for no project), and the highest memory seq it saw. */
export const consolidationRuns = sqliteTable(
  "consolidation_runs",
  {
    projectId: text("project_id").notNull(),
    kind: text("kind", { enum: ["consolidate", "distill", "judge"] }).notNull(),
    ranAt: integer("ran_at").notNull(),
    seqMark: integer("seq_mark").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.projectId, t.kind] })],
);

/**
 * Code-and-audit loops (lib/loops/, docs/loops.md): driven by the plugin through the OpenCode
 * client; the server keeps their state, phases, findings counts, tokens and cost.
 */
export const loops = sqliteTable(
  "loops",
  {
    id: text("id").primaryKey(),
    projectId: text("project_id").references(() => projects.id, { onDelete: "set null" }),
    slug: text("slug").notNull(),
    task: text("task").notNull(),
    status: text("status", { enum: LOOP_STATUSES }).notNull().default("running"),
    /** The phase under way (null once the loop has ended). */
    phase: text("phase", { enum: LOOP_PHASES }),
    iteration: integer("iteration").notNull().default(0),
    maxIterations: integer("max_iterations").notNull(),
    minAudits: integer("min_audits").notNull(),
    audit: integer("audit", { mode: "boolean" }).notNull(),
    mode: text("mode", { enum: LOOP_MODES }).notNull(),
    sandbox: text("sandbox", { enum: LOOP_SANDBOXES }).notNull().default("none"),
    model: text("model"),
    completionPromise: text("completion_promise").notNull(),
    directory: text("directory").notNull(),
    branch: text("branch"),
    worktreePath: text("worktree_path"),
    auditsDone: integer("audits_done").notNull().default(0),
    consecutiveErrors: integer("consecutive_errors").notNull().default(0),
    stalls: integer("stalls").notNull().default(0),
    findingsOpen: integer("findings_open").notNull().default(0),
    findingsResolved: integer("findings_resolved").notNull().default(0),
    tokensInput: integer("tokens_input").notNull().default(0),
    tokensOutput: integer("tokens_output").notNull().default(0),
    cost: real("cost").notNull().default(0),
    lastError: text("last_error"),
    /** The plugin instance driving it and when it last said so (a stale driver's loop is adopted). */
    driver: text("driver"),
    driverSeenAt: integer("driver_seen_at"),
    /** HMAC under the API token of what the loop runs, written by a token holder (lib/security/loop-grant.ts). */
    runGrant: text("run_grant"),
    createdAt: integer("created_at").notNull().default(now),
    updatedAt: integer("updated_at").notNull().default(now),
    endedAt: integer("ended_at"),
  },
  (t) => [index("loops_project_idx").on(t.projectId, t.createdAt), index("loops_status_idx").on(t.status)],
);

/** One row per phase of a loop (a `code` or an `audit` session of an iteration). */
export const loopPhases = sqliteTable(
  "loop_phases",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    loopId: text("loop_id")
      .notNull()
      .references(() => loops.id, { onDelete: "cascade" }),
    iteration: integer("iteration").notNull(),
    kind: text("kind", { enum: LOOP_PHASES }).notNull(),
    sessionId: text("session_id"),
    status: text("status", { enum: LOOP_PHASE_STATUSES }).notNull().default("running"),
    promiseSeen: integer("promise_seen", { mode: "boolean" }).notNull().default(false),
    findings: integer("findings").notNull().default(0),
    commit: text("commit"),
    tokensInput: integer("tokens_input").notNull().default(0),
    tokensOutput: integer("tokens_output").notNull().default(0),
    cost: real("cost").notNull().default(0),
    error: text("error"),
    startedAt: integer("started_at").notNull().default(now),
    endedAt: integer("ended_at"),
  },
  (t) => [uniqueIndex("loop_phases_key_idx").on(t.loopId, t.iteration, t.kind)],
);

/**
 * Team sync (docs/team.md): the hub this machine joined (one row, id 1). The token is the user's
 * hub token, kept like the API token: in the private data dir.
 */
export const teamHub = sqliteTable("team_hub", {
  id: integer("id").primaryKey(),
  /** This machine's id on the hub: with the outbox row id, each pushed change's id (a re-sent push is stored once). */
  machineId: text("machine_id").notNull(),
  url: text("url").notNull(),
  token: text("token").notNull(),
  joinedAt: integer("joined_at").notNull().default(now),
  lastSyncAt: integer("last_sync_at"),
  lastError: text("last_error"),
});

/** A project whose memories are its team scope: synced with the hub's project `hub_project`; `cursor`: the last hub seq pulled. */
export const teamProjects = sqliteTable("team_projects", {
  projectId: text("project_id").primaryKey(),
  hubProject: text("hub_project").notNull().unique(),
  cursor: integer("cursor").notNull().default(0),
});

/**
 * Each team memory's sync state: `hub_seq` the hub version this machine's text is based on (null
 * until first pushed), `state` pending (in the outbox) / synced / conflict (a concurrent edit kept
 * as a version and proposed in the inbox).
 */
export const teamMemories = sqliteTable("team_memories", {
  memoryId: text("memory_id").primaryKey(),
  hubSeq: integer("hub_seq"),
  /** The hub project its last version went to: where a tombstone goes once the memory is deleted here. */
  hubProject: text("hub_project"),
  state: text("state", { enum: ["pending", "synced", "conflict"] })
    .notNull()
    .default("pending"),
});

/**
 * The outbox: one row per local change of a team memory, written by triggers (lib/db/triggers.ts)
 * whatever verb made it; pushed in the background, removed once the hub acknowledged it.
 */
export const teamOutbox = sqliteTable("team_outbox", {
  id: integer("id").primaryKey({ autoIncrement: true }),
  memoryId: text("memory_id").notNull(),
  createdAt: integer("created_at").notNull().default(now),
});

/** Non-empty while pulled versions are applied: the outbox triggers skip those writes. */
export const teamApplying = sqliteTable("team_applying", { id: integer("id").primaryKey() });
