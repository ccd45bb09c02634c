import { test as base } from "@playwright/test";
import type { TestServer } from "../../tests/helpers/server";
import { server } from "./helpers";

/** What a spec's seed leaves behind for its tests (ids, project ids, ...). */
export type Seeded<T> = { server: TestServer; data: T };

/** The servers a worker started for the specs' `app` fixtures, by spec, and the stops under way. */
type WorkerServers = { running: Map<string, Promise<Seeded<unknown>>>; stopping: Promise<void>[] };

const stopSeeded = (started: Promise<Seeded<unknown>>) =>
  started.then(
    (s) => s.server.stop(),
    () => undefined,
  );

/**
 * One worker-scoped fixture for every browser spec, so a worker runs all the browser specs it is
 * given with one Chromium launch, instead of a new worker per spec. A spec's server is stopped, in
 * the background, once the worker moves on to another spec (a spec's tests run together in one
 * worker: `fullyParallel` is off), so finished specs' servers (about 320 MB each) do not pile up;
 * the rest stop side by side when the worker ends, not one after another (each stop folds its
 * WAL into the database: about a second, more under load, at the very end of the run).
 */
export const test = base.extend<object, { servers: WorkerServers }>({
  servers: [
    async ({}, use) => {
      const servers: WorkerServers = { running: new Map(), stopping: [] };
      await use(servers);
      await Promise.all([...servers.stopping, ...[...servers.running.values()].map(stopSeeded)]);
    },
    { scope: "worker" },
  ],
});

async function start<T>(seed: (s: TestServer) => Promise<T>, env?: Record<string, string>): Promise<Seeded<T>> {
  const s = await server(undefined, env);
  try {
    return { server: s, data: await seed(s) };
  } catch (error) {
    await s.stop();
    throw error;
  }
}

/**
 * Fixtures that keep the tests of a spec independent of each other, so one failure never takes
 * down the rest and any single test can run alone (`--grep`):
 *
 * - `app`: one server per spec and worker, seeded once by `seed`. A test on it writes only data no
 *   other test reads (its own new rows, or seed rows no other test looks at), so order does not
 *   matter and a test failing half-way changes nothing another one checks.
 * - `ownApp`: a server of the test's own, seeded the same way, for a test that needs the seed
 *   exactly as it was (global counts) or changes what others read.
 *
 * `spec` names the spec's server (its file name); `env` is the servers' extra environment (config).
 */
export function appTest<T>(spec: string, seed: (s: TestServer) => Promise<T>, env?: Record<string, string>) {
  return test.extend<{ app: Seeded<T>; ownApp: Seeded<T> }>({
    app: [
      async ({ servers }, use) => {
        if (!servers.running.has(spec)) {
          // A new spec in this worker: the specs before it are done with their servers.
          for (const [done, started] of servers.running) {
            servers.running.delete(done);
            servers.stopping.push(stopSeeded(started));
          }
          servers.running.set(spec, start(seed, env));
        }
        await use((await servers.running.get(spec)) as Seeded<T>);
      },
      { timeout: 600_000 },
    ],
    ownApp: [
      async ({}, use) => {
        const seeded = await start(seed, env);
        await use(seeded);
        await seeded.server.stop();
      },
      { timeout: 600_000 },
    ],
  });
}
