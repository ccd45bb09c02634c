import fs from "node:fs";
import type Database from "better-sqlite3";

/** How big the database is on disk and how much of it is free pages (what vacuum can give back). */
export interface DbSize {
  path: string;
  sizeBytes: number;
  walBytes: number;
  pageSize: number;
  pageCount: number;
  freelistPages: number;
  freeBytes: number;
  autoVacuum: "none" | "full" | "incremental";
}

const fileSize = (f: string) => {
  try {
    return fs.statSync(f).size;
  } catch {
    return 0;
  }
};

export function dbSize(sqlite: Database.Database): DbSize {
  const pragma = (name: string) => sqlite.pragma(name, { simple: true }) as number;
  const pageSize = pragma("page_size");
  const freelistPages = pragma("freelist_count");
  return {
    path: sqlite.name,
    sizeBytes: fileSize(sqlite.name),
    walBytes: fileSize(`${sqlite.name}-wal`),
    pageSize,
    pageCount: pragma("page_count"),
    freelistPages,
    freeBytes: freelistPages * pageSize,
    autoVacuum: (["none", "full", "incremental"] as const)[pragma("auto_vacuum")] ?? "none",
  };
}
