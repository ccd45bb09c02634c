import { afterEach, describe, expect, it, vi } from "vitest";
import { startBackgroundWork } from "../../lib/background";
import { CHANGE_LOG_KEPT } from "../../lib/maintenance/change-log";
import { observeRequest } from "../../lib/metrics/http";
import { stopServices } from "../../lib/services";
import { ctxsClosedAfterEach } from "../helpers/ctxs";

// The services on Ctx (lib/services.ts): one set per database, background work started by boot's
// startBackgroundWork (never by a request) and stopped with stopServices.

const fresh = ctxsClosedAfterEach();
afterEach(() => vi.useRealTimers());

const changeLogSize = (ctx: ReturnType<typeof fresh>) => (ctx.sqlite.prepare("SELECT count(*) AS n FROM memory_changes").get() as { n: number }).n;
function fillChangeLog(ctx: ReturnType<typeof fresh>, n: number) {
  ctx.sqlite.prepare("WITH RECURSIVE s(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM s WHERE i < ?) INSERT INTO memory_changes (seq) SELECT i FROM s").run(n);
}

describe("services", () => {
  it("are fresh for every database", () => {
    const a = fresh();
    const b = fresh(a.dataDir);
    expect(a.services).not.toBe(b.services);
    expect(a.services.nearDuplicates).not.toBe(b.services.nearDuplicates);
    expect(a.services.recallCache).not.toBe(b.services.recallCache);
    expect(a.services.embeddings).toBeUndefined();
    expect(a.services.searchStatus.mode).toBe("lexical");
  });

  it("run housekeeping hourly from the background work, not from requests, until stopped", async () => {
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout", "setInterval", "clearInterval", "setImmediate", "clearImmediate"] });
    const ctx = fresh();
    ctx.config.embedding.provider = "none";
    fillChangeLog(ctx, CHANGE_LOG_KEPT + 500);
    // A request, however late, does no housekeeping.
    observeRequest(ctx, { method: "GET", nextUrl: { pathname: "/api/health" } }, {}, 200, performance.now());
    await vi.advanceTimersByTimeAsync(10);
    expect(changeLogSize(ctx)).toBe(CHANGE_LOG_KEPT + 500);

    startBackgroundWork(ctx);
    expect(ctx.services.background.length).toBeGreaterThan(0);
    expect(ctx.services.embeddings?.state).toBe("off");
    await vi.advanceTimersByTimeAsync(60 * 60 * 1000);
    expect(changeLogSize(ctx)).toBe(CHANGE_LOG_KEPT);

    await stopServices(ctx.services);
    expect(ctx.services.background).toEqual([]);
    expect(ctx.services.embeddings).toBeUndefined();
    fillChangeLog(ctx, 500);
    await vi.advanceTimersByTimeAsync(2 * 60 * 60 * 1000);
    expect(changeLogSize(ctx)).toBe(CHANGE_LOG_KEPT + 500);
  });
});
