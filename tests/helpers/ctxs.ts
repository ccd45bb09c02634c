import { afterEach } from "vitest";
import { testCtx } from "./ctx";

/** A `testCtx` factory for tests that open several (one data dir or many): each is closed after its test. */
export function ctxsClosedAfterEach(): (dataDir?: string) => ReturnType<typeof testCtx> {
  const open: ReturnType<typeof testCtx>[] = [];
  afterEach(() => open.splice(0).forEach((c) => c.sqlite.open && c.close()));
  return (dataDir) => {
    const ctx = testCtx(dataDir ? { dataDir } : {});
    open.push(ctx);
    return ctx;
  };
}
