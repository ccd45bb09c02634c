/** What a search may return. Applied inside the SQL of each list, never after a top-k. */
export interface SearchFilters {
  /** Search this project's memories plus global ones (null: every project). */
  projectId: string | null;
  scopes?: readonly string[];
  categories?: readonly string[];
  statuses: readonly string[];
  /** When set, session-scoped memories of other sessions are left out. */
  sessionId?: string;
  /** Memories that carry every one of these tags (lower-cased, as stored). */
  tags?: readonly string[];
  /** Only pinned (true) or only unpinned (false) memories. */
  pinned?: boolean;
}

export interface SqlPart {
  sql: string;
  params: unknown[];
}

const marks = (n: number) => Array.from({ length: n }, () => "?").join(", ");

/** Conditions on the `memories` table aliased `m`. */
export function memoryConditions(f: SearchFilters): SqlPart {
  const sql: string[] = [];
  const params: unknown[] = [];
  sql.push(`m.status IN (${marks(f.statuses.length)})`);
  params.push(...f.statuses);
  if (f.scopes?.length) {
    sql.push(`m.scope IN (${marks(f.scopes.length)})`);
    params.push(...f.scopes);
  }
  if (f.categories?.length) {
    sql.push(`m.category IN (${marks(f.categories.length)})`);
    params.push(...f.categories);
  }
  if (f.projectId) {
    sql.push(`(m.project_id = ? OR m.project_id IS NULL)`);
    params.push(f.projectId);
  }
  if (f.sessionId) {
    sql.push(`(m.scope <> 'session' OR m.session_id = ?)`);
    params.push(f.sessionId);
  }
  if (f.pinned !== undefined) {
    sql.push("m.pinned = ?");
    params.push(f.pinned ? 1 : 0);
  }
  const tags = [...new Set(f.tags ?? [])];
  if (tags.length) {
    // Every tag asked for, not any: one probe of memory_tags' primary key per tag and row. Only
    // rows already narrowed reach it (lexical search scores a tag filter's rows through FTS5's
    // tags column first, narrow-filters.ts), so building the tag's whole set would cost more.
    for (const tag of tags) {
      sql.push("EXISTS (SELECT 1 FROM memory_tags t WHERE t.memory_id = m.id AND t.tag = ?)");
      params.push(tag);
    }
  }
  return { sql: sql.join(" AND "), params };
}

/** Filters the vector index cannot apply inside its scan (its metadata has no tags or pinned state). */
export const narrowsBeyondVectors = (f: SearchFilters): boolean => Boolean(f.tags?.length) || f.pinned !== undefined;

/**
 * The same conditions on the metadata columns of the `memory_vectors` vec0 table, where sqlite-vec
 * evaluates them inside the KNN scan (`project` and `session` are '' when the memory has none).
 */
export function vectorConditions(f: SearchFilters): SqlPart {
  const sql: string[] = [];
  const params: unknown[] = [];
  sql.push(`status IN (${marks(f.statuses.length)})`);
  params.push(...f.statuses);
  if (f.scopes?.length) {
    sql.push(`scope IN (${marks(f.scopes.length)})`);
    params.push(...f.scopes);
  }
  if (f.categories?.length) {
    sql.push(`category IN (${marks(f.categories.length)})`);
    params.push(...f.categories);
  }
  if (f.projectId) {
    sql.push(`project IN (?, '')`);
    params.push(f.projectId);
  }
  if (f.sessionId) {
    sql.push(`session IN ('', ?)`);
    params.push(f.sessionId);
  }
  return { sql: sql.join(" AND "), params };
}
