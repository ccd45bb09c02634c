/**
 * Waits for a condition outside Vitest (server start-up, a spawned client): `ready` is asked
 * again every `intervalMs` until it returns something other than `undefined`/`false`, which is
 * returned. An error thrown by `ready` (the process exited) ends the wait at once; past
 * `timeoutMs`, `onTimeout()` is thrown. Inside a Vitest test, `vi.waitFor` does the same.
 */
export async function waitUntil<T>(
  ready: () => Promise<T | undefined | false> | T | undefined | false,
  options: { timeoutMs: number; intervalMs?: number; onTimeout: () => Error },
): Promise<T> {
  const deadline = Date.now() + options.timeoutMs;
  for (;;) {
    const value = await ready();
    if (value !== undefined && value !== false) return value;
    if (Date.now() > deadline) throw options.onTimeout();
    await new Promise((resolve) => setTimeout(resolve, options.intervalMs ?? 50));
  }
}
