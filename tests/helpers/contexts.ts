import { afterEach } from "vitest";
import { testCtx } from "./ctx";

/**
 * `testCtx` with `defaults` under each test's own env, every context closed after each test.
 * Call it once at the top of a test file (it registers the afterEach).
 */
export function contextsPerTest(defaults: Record<string, string> = {}) {
  const opened: ReturnType<typeof testCtx>[] = [];
  afterEach(() => {
    for (const c of opened.splice(0)) c.close();
  });
  return (options: Parameters<typeof testCtx>[0] = {}) => {
    const c = testCtx({ ...options, env: { ...defaults, ...options.env } });
    opened.push(c);
    return c;
  };
}
