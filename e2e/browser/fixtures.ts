import { test as base } from "@playwright/test";
import type { TestServer } from "../../tests/helpers/server";
import { server } from "./helpers";

/** What a spec's seed leaves behind for its tests (ids, project ids, ...). */
export type Seeded<T> = { server: TestServer; data: T };

/**
 * The servers a worker started for the specs' `app` fixtures, by spec; stopped when the worker ends.
 * One worker-scoped fixture for every browser spec, so a worker runs all the browser specs it is
 * given with one Chromium launch, instead of a new worker per spec.
 */
export const test = base.extend<object, { servers: Map<string, Promise<Seeded<unknown>>> }>({
  servers: [
    async ({}, use) => {
      const servers = new Map<string, Promise<Seeded<unknown>>>();
      await use(servers);
      for (const started of servers.values()) await (await started.catch(() => undefined))?.server.stop();
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
        if (!servers.has(spec)) servers.set(spec, start(seed, env));
        await use((await servers.get(spec)) as Seeded<T>);
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
