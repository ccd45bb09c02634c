import type Database from "better-sqlite3";
import type { Config } from "./config";
import type { Db } from "./db/open";
import { createServices, type Services } from "./services";

/** What every lib verb receives: the database, the effective configuration and the services. */
export interface Ctx {
  db: Db;
  sqlite: Database.Database;
  config: Config;
  dataDir: string;
  /** The process state that belongs to this database (lib/services.ts). */
  services: Services;
}

/** A Ctx with fresh services: one per opened database (boot, the CLI, tests, benchmarks). */
export function makeCtx(base: Omit<Ctx, "services">): Ctx {
  return { ...base, services: createServices(base.sqlite) };
}
