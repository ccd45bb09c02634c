import type { TestProject } from "vitest/node";
import { ensureBuild } from "../../scripts/build-if-needed";
import { enterRunTempDir } from "./run-temp";
import { startServer, type ServerAddress } from "./server";

declare module "vitest" {
  export interface ProvidedContext {
    /** The server HTTP test files share (tests/helpers/shared-server.ts); absent with RECOLLECT_SKIP_BUILD=1. */
    sharedServer: ServerAddress | undefined;
  }
}

/**
 * HTTP tests run the real production server: make sure a current build exists, then start the one
 * server that the files with default settings share (files needing their own env or data dir start
 * their own). `RECOLLECT_SKIP_BUILD=1` skips both, for runs of tests/lib only (they never start a server).
 */
export default async function setup(project: TestProject) {
  const removeTempDir = enterRunTempDir("vitest-run-");
  if (process.env.RECOLLECT_SKIP_BUILD === "1") {
    project.provide("sharedServer", undefined);
    return removeTempDir;
  }
  ensureBuild();
  const server = await startServer();
  const { url, port, token, dataDir } = server;
  project.provide("sharedServer", { url, port, token, dataDir });
  return async () => {
    await server.stop();
    removeTempDir();
  };
}
