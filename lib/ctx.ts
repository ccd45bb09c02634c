import type Database from "better-sqlite3";
import type { Config } from "./config";
import type { Db } from "./db/open";

/** What every lib verb receives: the database and the effective configuration. */
export interface Ctx {
  db: Db;
  sqlite: Database.Database;
  config: Config;
  dataDir: string;
}
