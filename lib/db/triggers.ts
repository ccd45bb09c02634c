import type Database from "better-sqlite3";
import { connectionSlot } from "./connection-state";

/**
 * Every trigger on `memories`. drizzle-kit knows no triggers, and a migration that rebuilds the
 * memories table drops them without a word, so they are (re)created in code: the change log's when
 * the database is opened, the vector table's with that table, the vector index's per connection.
 */

/**
 * `memory_changes`: the change log that the near-duplicate index (lib/indexing/near-duplicate-index.ts)
 * follows, whoever makes the change (this process, another one, plain SQL). Every change that can
 * make a memory a near duplicate or stop it being one is logged: its text, status or placement,
 * and its deletion. Creates are not: their seqs only grow. Created by `openDatabase`.
 */
export function ensureChangeLogTriggers(sqlite: Database.Database) {
  sqlite.exec(`
    CREATE TRIGGER IF NOT EXISTS memory_changes_update AFTER UPDATE OF content, status, scope, project_id, session_id ON memories
    BEGIN
      INSERT INTO memory_changes (seq) VALUES (old.seq);
    END;
    CREATE TRIGGER IF NOT EXISTS memory_changes_delete AFTER DELETE ON memories
    BEGIN
      INSERT INTO memory_changes (seq) VALUES (old.seq);
    END;
  `);
}

/**
 * The team outbox (docs/team.md): a change to a memory of a shared project (its text, category,
 * status, or its deletion) queues the memory for the next push, whoever made it, unless it is a
 * pulled version being applied (`team_applying`). Created by `openDatabase`.
 */
export function ensureTeamOutboxTriggers(sqlite: Database.Database) {
  // Opened with an older migrations folder (a downgrade, the upgrade tests): no team tables, no
  // triggers naming them, or every write to memories would fail. The next open with them creates them.
  if (!sqlite.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'team_projects'").get()) return;
  const queue = (row: "new" | "old") => `
      INSERT INTO team_outbox (memory_id) VALUES (${row}.id);
      INSERT INTO team_memories (memory_id) VALUES (${row}.id) ON CONFLICT (memory_id) DO UPDATE SET state = 'pending';`;
  const shared = (row: "new" | "old") =>
    `${row}.scope = 'project' AND ${row}.project_id IN (SELECT project_id FROM team_projects) AND NOT EXISTS (SELECT 1 FROM team_applying)`;
  // A suggestion is not the team's until someone approves it: never queued, unless the hub already
  // has the memory (then the change is pushed as a tombstone: the team stops seeing it).
  const notASuggestion = (row: "new" | "old") =>
    `(${row}.status <> 'suggested' OR EXISTS (SELECT 1 FROM team_memories WHERE memory_id = ${row}.id AND hub_seq IS NOT NULL))`;
  // Up to date: nothing to write (every open passes here). Else an older version's triggers go first.
  const current = sqlite.prepare("SELECT sql FROM sqlite_master WHERE type = 'trigger' AND name = 'team_outbox_delete'").get() as { sql: string } | undefined;
  if (current?.sql.includes("'suggested'")) return;
  sqlite.exec(`
    DROP TRIGGER IF EXISTS team_outbox_insert;
    DROP TRIGGER IF EXISTS team_outbox_update;
    CREATE TRIGGER team_outbox_insert AFTER INSERT ON memories WHEN ${shared("new")} AND ${notASuggestion("new")}
    BEGIN ${queue("new")}
    END;
    CREATE TRIGGER team_outbox_update AFTER UPDATE OF title, content, tags, category, status ON memories WHEN ${shared("new")} AND ${notASuggestion("new")}
    BEGIN ${queue("new")}
    END;
    DROP TRIGGER IF EXISTS team_outbox_delete;
    CREATE TRIGGER team_outbox_delete AFTER DELETE ON memories WHEN ${shared("old")} AND ${notASuggestion("old")}
    BEGIN ${queue("old")}
    END;
  `);
}

/**
 * Keep the vector table's filter columns and deletions in step with `memories` in the writing
 * transaction, whatever verb made the change. Created and dropped with the vector table
 * (lib/db/virtual-tables.ts): a trigger naming a missing table would make every memory update fail.
 */
export function createVectorTableTriggers(sqlite: Database.Database, table: string) {
  sqlite.exec(`
    CREATE TRIGGER IF NOT EXISTS memory_vectors_filters AFTER UPDATE OF project_id, scope, category, status, session_id ON memories
    BEGIN
      UPDATE ${table} SET project = coalesce(new.project_id, ''), scope = new.scope, category = new.category,
        status = new.status, session = CASE WHEN new.scope = 'session' THEN coalesce(new.session_id, '') ELSE '' END
      WHERE seq = new.seq;
    END;
    CREATE TRIGGER IF NOT EXISTS memory_vectors_delete AFTER DELETE ON memories
    BEGIN
      DELETE FROM ${table} WHERE seq = old.seq;
    END;
  `);
}

export function dropVectorTableTriggers(sqlite: Database.Database) {
  sqlite.exec(`
    DROP TRIGGER IF EXISTS memory_vectors_filters;
    DROP TRIGGER IF EXISTS memory_vectors_delete;
  `);
}

const watched = connectionSlot<true>("vectorTriggersWatched");

/**
 * Calls `onChange(seq)` whenever, on this connection, a memory's vector filter columns change or it
 * is deleted (the effects of the vector table's own triggers), for the in-process vector index
 * (lib/indexing/vector-index.ts). TEMP triggers: they belong to this connection and end with it.
 * Once per connection; later calls are ignored.
 */
export function watchVectorFilterChanges(sqlite: Database.Database, onChange: (seq: number) => void) {
  if (watched.has(sqlite)) return;
  sqlite.function("recollect_vector_changed", { deterministic: false, varargs: false }, (seq: unknown) => {
    onChange(Number(seq));
    return null;
  });
  sqlite.exec(`
    CREATE TEMP TRIGGER IF NOT EXISTS recollect_vector_index_update AFTER UPDATE OF project_id, scope, category, status, session_id ON main.memories
    BEGIN SELECT recollect_vector_changed(new.seq); END;
    CREATE TEMP TRIGGER IF NOT EXISTS recollect_vector_index_delete AFTER DELETE ON main.memories
    BEGIN SELECT recollect_vector_changed(old.seq); END;
  `);
  watched.set(sqlite, true);
}

/** This connection's count of memory writes that can change a search's answer (`memoryWriteVersion`). */
const memoryWrites = connectionSlot<{ n: number }>("memoryWriteCount");

/**
 * A version of what a search reads, for caches of search answers (the turn's recall,
 * lib/injection/turn-recall-cache.ts): it changes when, on this connection, a memory is created,
 * deleted or has any column but its access statistics changed (TEMP triggers, as above), when the
 * embedding writer replaces vectors (`noteVectorsWritten`), and when another connection commits
 * anything (`PRAGMA data_version`). Counting an access (`access_count`, `last_accessed_at`: every
 * search does it) leaves it as it is.
 */
export function memoryWriteVersion(sqlite: Database.Database): string {
  let count = memoryWrites.get(sqlite);
  if (!count) {
    count = { n: 0 };
    const counter = count;
    sqlite.function("recollect_memory_written", { deterministic: false, varargs: false }, () => {
      counter.n++;
      return null;
    });
    const columns = (sqlite.prepare("SELECT name FROM pragma_table_info('memories')").pluck().all() as string[]).filter(
      (c) => c !== "access_count" && c !== "last_accessed_at",
    );
    sqlite.exec(`
      DROP TRIGGER IF EXISTS temp.recollect_memory_written_insert;
      DROP TRIGGER IF EXISTS temp.recollect_memory_written_update;
      DROP TRIGGER IF EXISTS temp.recollect_memory_written_delete;
      CREATE TEMP TRIGGER recollect_memory_written_insert AFTER INSERT ON main.memories BEGIN SELECT recollect_memory_written(); END;
      CREATE TEMP TRIGGER recollect_memory_written_update AFTER UPDATE OF ${columns.map((c) => `"${c}"`).join(", ")} ON main.memories
      BEGIN SELECT recollect_memory_written(); END;
      CREATE TEMP TRIGGER recollect_memory_written_delete AFTER DELETE ON main.memories BEGIN SELECT recollect_memory_written(); END;
    `);
    memoryWrites.set(sqlite, count);
  }
  return `${sqlite.pragma("data_version", { simple: true })}:${count.n}`;
}

/** The embedding writer replaced vectors on this connection: a search's answer may change. */
export function noteVectorsWritten(sqlite: Database.Database): void {
  const count = memoryWrites.get(sqlite);
  if (count) count.n++;
}
