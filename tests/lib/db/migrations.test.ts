import fs from "node:fs";
import path from "node:path";
import Database from "better-sqlite3";
import { describe, expect, it } from "vitest";
import { openDatabase } from "../../../lib/db/open";
import { openStore } from "../../../lib/open-store";
import { LEXICAL_INDEX_VERSION } from "../../../lib/indexing/lexical-index";
import { tokenize } from "../../../lib/search/tokenizer";
import { ROOT } from "../../../scripts/build-if-needed";
import { tempDir } from "../../helpers/server";

/** A copy of the migrations folder as an older version shipped it: only the first `n` entries. */
function olderMigrations(n: number): string {
  const dir = tempDir();
  fs.mkdirSync(path.join(dir, "meta"));
  const journal = JSON.parse(fs.readFileSync(path.join(ROOT, "drizzle", "meta", "_journal.json"), "utf8"));
  journal.entries = journal.entries.slice(0, n);
  fs.writeFileSync(path.join(dir, "meta", "_journal.json"), JSON.stringify(journal));
  for (const e of journal.entries) fs.copyFileSync(path.join(ROOT, "drizzle", `${e.tag}.sql`), path.join(dir, `${e.tag}.sql`));
  return dir;
}

describe("database upgrades", () => {
  it("opens a database written by an older version, keeps its rows and applies the newer migrations", () => {
    const entries = JSON.parse(fs.readFileSync(path.join(ROOT, "drizzle", "meta", "_journal.json"), "utf8")).entries;
    expect(entries.length).toBeGreaterThanOrEqual(2);
    const file = path.join(tempDir(), "recollect.db");
    const old = openDatabase(file, { migrationsDir: olderMigrations(1) });
    old.sqlite.prepare("insert into memories (id, scope, category, content, source, content_hash) values ('m1', 'global', 'fact', 'kept', 'api', 'h')").run();
    expect(old.sqlite.prepare("select count(*) as n from sqlite_master where name = 'memory_fts'").get()).toEqual({ n: 0 });
    old.sqlite.close();

    const current = openStore(file, { migrationsDir: path.join(ROOT, "drizzle") });
    expect(current.sqlite.prepare("select content from memories where id = 'm1'").get()).toEqual({ content: "kept" });
    expect(current.sqlite.prepare("select count(*) as n from sqlite_master where name = 'memory_fts'").get()).toEqual({ n: 1 });
    expect(current.sqlite.prepare("select count(*) as n from __drizzle_migrations").get()).toEqual({ n: entries.length });
    // The lexical index is built from the rows that were already there.
    expect(current.sqlite.prepare("select rowid from memory_fts where memory_fts match ?").all(tokenize("kept")[0])).toHaveLength(1);
    current.sqlite.close();
  });

  it("rebuilds the lexical index when it was built by another tokenizer version", () => {
    const file = path.join(tempDir(), "recollect.db");
    const first = openDatabase(file, { migrationsDir: path.join(ROOT, "drizzle") });
    first.sqlite
      .prepare(
        "insert into memories (id, scope, category, content, source, content_hash) values ('m1', 'global', 'fact', 'Deploys happen on Fridays', 'api', 'h')",
      )
      .run();
    // As an older tokenizer might have left it: another version, and terms the current one never emits.
    first.sqlite.prepare("insert into memory_fts(rowid, title, tags, content) select seq, '', '', 'stale' from memories").run();
    first.sqlite.prepare("update embedding_meta set value = '0' where key = 'lexical_index_version'").run();
    first.sqlite.close();

    const reopened = openStore(file, { migrationsDir: path.join(ROOT, "drizzle") });
    const match = (q: string) => reopened.sqlite.prepare("select rowid from memory_fts where memory_fts match ?").all(q);
    expect(match("stale")).toHaveLength(0);
    expect(match(tokenize("Deploys")[0])).toHaveLength(1);
    expect(reopened.sqlite.prepare("select value from embedding_meta where key = 'lexical_index_version'").get()).toEqual({
      value: String(LEXICAL_INDEX_VERSION),
    });
    reopened.sqlite.close();
  });

  it("sets WAL, a busy timeout, foreign keys and incremental auto-vacuum, and loads sqlite-vec", () => {
    const file = path.join(tempDir(), "recollect.db");
    const { sqlite, vecVersion } = openDatabase(file, { migrationsDir: path.join(ROOT, "drizzle") });
    expect(sqlite.pragma("journal_mode", { simple: true })).toBe("wal");
    expect(sqlite.pragma("busy_timeout", { simple: true })).toBeGreaterThanOrEqual(5000);
    expect(sqlite.pragma("foreign_keys", { simple: true })).toBe(1);
    expect(sqlite.pragma("auto_vacuum", { simple: true })).toBe(2);
    expect(vecVersion).toMatch(/^v\d/);
    sqlite.close();
    const raw = new Database(file);
    expect(raw.pragma("journal_mode", { simple: true })).toBe("wal");
    raw.close();
  });
});
