import { inject } from "vitest";
import { clientFor, type ServerClient } from "./server";

/**
 * The production server the global setup started once for every HTTP test file (default settings,
 * embeddings off). Files sharing it run in parallel against one database, so they scope what they
 * read to data they wrote (their own directory, ids, keys) and never stop it. A file that needs its
 * own env, data dir or an empty database uses startServer() instead.
 */
export function sharedServer(): ServerClient {
  const address = inject("sharedServer");
  if (!address) throw new Error("no shared server: HTTP tests need the global setup to start it (unset RECOLLECT_SKIP_BUILD)");
  return clientFor(address);
}
