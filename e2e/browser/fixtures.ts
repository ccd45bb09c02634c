import { test as base } from "@playwright/test";
import type { TestServer } from "../../tests/helpers/server";
import { server } from "./helpers";

/** What a spec's seed leaves behind for its tests (ids, project ids, ...). */
export type Seeded<T> = { server: TestServer; data: T };

/**
 * Fixtures that keep the tests of a spec independent of each other, so one failure never takes
 * down the rest and any single test can run alone (`--grep`):
 *
 * - `app`: one server per worker, seeded once by `seed`; tests only read it (a test that writes
 *   would change what the next one sees).
 * - `ownApp`: a server of the test's own, seeded the same way, for tests that write.
 *
 * Each spec calls this once with its own seed; Playwright gives specs with different fixtures
 * different workers, so no spec sees another's data.
 */
export function appTest<T>(seed: (s: TestServer) => Promise<T>) {
  const start = async (): Promise<Seeded<T>> => {
    const s = await server();
    try {
      return { server: s, data: await seed(s) };
    } catch (error) {
      await s.stop();
      throw error;
    }
  };
  return base.extend<{ ownApp: Seeded<T> }, { app: Seeded<T> }>({
    app: [
      async ({}, use) => {
        const seeded = await start();
        await use(seeded);
        await seeded.server.stop();
      },
      { scope: "worker", timeout: 600_000 },
    ],
    ownApp: [
      async ({}, use) => {
        const seeded = await start();
        await use(seeded);
        await seeded.server.stop();
      },
      { timeout: 600_000 },
    ],
  });
}
