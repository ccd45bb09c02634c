import type Database from "better-sqlite3";

/** embedding_meta: which model and dimension the stored vectors were built with; reindex progress. */
export interface IndexMeta {
  model: string | null;
  dimension: number | null;
}

export function readMeta(sqlite: Database.Database): Record<string, string> {
  const rows = sqlite.prepare("SELECT key, value FROM embedding_meta").all() as { key: string; value: string }[];
  return Object.fromEntries(rows.map((r) => [r.key, r.value]));
}

export function indexMeta(sqlite: Database.Database): IndexMeta {
  const m = readMeta(sqlite);
  return { model: m.model ?? null, dimension: m.dimension ? Number(m.dimension) : null };
}

export function writeMeta(sqlite: Database.Database, values: Record<string, string | number | null>) {
  const set = sqlite.prepare("INSERT INTO embedding_meta(key, value) VALUES (?, ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value");
  const del = sqlite.prepare("DELETE FROM embedding_meta WHERE key = ?");
  for (const [k, v] of Object.entries(values)) {
    if (v === null) del.run(k);
    else set.run(k, String(v));
  }
}
