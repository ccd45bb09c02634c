import fs from "node:fs";
import os from "node:os";
import path from "node:path";

/**
 * One temporary directory per test run: every temp dir a test makes (os.tmpdir(), also in the
 * servers, OpenCode clients and browsers it starts, which inherit TMPDIR) lands in it, and it is
 * removed when the run ends, so `npm test` leaves nothing behind in /tmp. Called from the Vitest
 * and Playwright global setups, before any worker starts; returns the teardown. The prefix must
 * not name recollect: some tests check that a path is not recognised by its name.
 */
export function enterRunTempDir(prefix: string): () => void {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  const previous = process.env.TMPDIR;
  process.env.TMPDIR = root;
  return () => {
    if (previous === undefined) delete process.env.TMPDIR;
    else process.env.TMPDIR = previous;
    // A server or client that outlived its test may still write for a moment: retry, never fail the run.
    fs.rmSync(root, { recursive: true, force: true, maxRetries: 5, retryDelay: 200 });
  };
}
