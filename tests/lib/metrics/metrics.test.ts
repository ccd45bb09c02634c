import fs from "node:fs";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { configureLogging, log, logFile } from "../../../lib/logging/logger";
import { redactPath } from "../../../lib/security/redact-fields";
import { RotatingFile } from "../../../lib/logging/rotating-file";
import { createMemory } from "../../../lib/memories";
import { observeRequest, routePattern } from "../../../lib/metrics/http";
import { renderMetrics } from "../../../lib/metrics/prometheus";
import { recordRequest, requestSnapshot, resetRequestMetrics } from "../../../lib/metrics/registry";
import { getStats } from "../../../lib/metrics/stats";
import { testCtx } from "../../helpers/ctx";
import { tempDir } from "../../helpers/server";

const ctxs: ReturnType<typeof testCtx>[] = [];
beforeEach(() => resetRequestMetrics());
afterEach(() => {
  while (ctxs.length) ctxs.pop()!.close();
});

describe("routePattern", () => {
  it("puts param names back into the path", () => {
    expect(routePattern("/api/memories/0193abc/links", { id: "0193abc" })).toBe("/api/memories/[id]/links");
    expect(routePattern("/api/expand/h%20x", { hash: "h x" })).toBe("/api/expand/[hash]");
    expect(routePattern("/api/files/a/b/c", { path: ["a", "b", "c"] })).toBe("/api/files/[...path]");
    expect(routePattern("/api/stats", {})).toBe("/api/stats");
  });
});

describe("request metrics and the Prometheus text", () => {
  it("counts requests by route and status with latency histograms", () => {
    const ctx = testCtx();
    ctxs.push(ctx);
    recordRequest("GET", "/api/memories/[id]", 200, 0.003);
    recordRequest("GET", "/api/memories/[id]", 200, 0.2);
    recordRequest("GET", "/api/memories/[id]", 404, 0.004);
    createMemory(ctx, { content: "global fact", category: "fact" });
    createMemory(ctx, { content: "project fact", directory: ctx.dataDir });
    createMemory(ctx, { content: "a suggestion", status: "suggested" });
    ctx.sqlite.prepare("INSERT INTO compression_stats(session_id, tokens_before, tokens_after, by_strategy) VALUES ('s', 1000, 400, '{}')").run();

    const text = renderMetrics(ctx);
    expect(text).toContain('recollect_http_requests_total{method="GET",route="/api/memories/[id]",status="200"} 2');
    expect(text).toContain('recollect_http_requests_total{method="GET",route="/api/memories/[id]",status="404"} 1');
    expect(text).toContain('recollect_http_request_duration_seconds_bucket{method="GET",route="/api/memories/[id]",le="0.005"} 2');
    expect(text).toContain('recollect_http_request_duration_seconds_bucket{method="GET",route="/api/memories/[id]",le="+Inf"} 3');
    expect(text).toContain('recollect_http_request_duration_seconds_count{method="GET",route="/api/memories/[id]"} 3');
    expect(text).toContain('recollect_memories{scope="global",status="active"} 1');
    expect(text).toContain('recollect_memories{scope="project",status="active"} 1');
    expect(text).toContain('recollect_memories{scope="global",status="suggested"} 1');
    expect(text).toMatch(/^recollect_embedding_queue_depth 3$/m);
    expect(text).toMatch(/^recollect_compression_tokens_saved_total 600$/m);
    // Every sample line belongs to a declared family.
    const families = new Set([...text.matchAll(/^# TYPE (\S+) /gm)].map((m) => m[1]));
    for (const line of text.split("\n").filter((l) => l && !l.startsWith("#"))) {
      const name = line.split(/[{ ]/)[0].replace(/_(bucket|sum|count)$/, "");
      expect(families.has(name) || families.has(line.split(/[{ ]/)[0]), line).toBe(true);
    }
  });

  it("observeRequest records the pattern and writes a structured log line", () => {
    const ctx = testCtx();
    ctxs.push(ctx);
    configureLogging({ dataDir: ctx.dataDir });
    observeRequest(ctx, { method: "DELETE", nextUrl: { pathname: "/api/memories/xyz" } }, { id: "xyz" }, 404, performance.now() - 12);
    const snap = requestSnapshot();
    expect(snap.requests).toEqual([{ method: "DELETE", route: "/api/memories/[id]", status: 404, count: 1 }]);
    const lines = fs
      .readFileSync(logFile(ctx.dataDir), "utf8")
      .trim()
      .split("\n")
      .map((l) => JSON.parse(l));
    const last = lines[lines.length - 1];
    expect(last).toMatchObject({ level: "info", msg: "request", method: "DELETE", route: "/api/memories/[id]", status: 404 });
    expect(last.ms).toBeGreaterThanOrEqual(10);
  });
});

describe("the request line's redacted fields, kept by route (issue 48)", () => {
  it("writes the line the general logger writes, a secret in the path redacted, the same when repeated", () => {
    const ctx = testCtx();
    ctxs.push(ctx);
    configureLogging({ dataDir: ctx.dataDir });
    const secret = `ghp_${"a1B2".repeat(9)}`;
    const requests: [string, string, Record<string, unknown> | undefined, number][] = [
      ["POST", "/api/search", {}, 200],
      ["POST", "/api/search", {}, 200],
      ["DELETE", "/api/memories/xyz", { id: "xyz" }, 404],
      ["DELETE", "/api/memories/abc", { id: "abc" }, 404],
      ["GET", `/api/memories/${secret}/links`, { id: secret }, 200],
      ["GET", `/api/projects/${encodeURIComponent(`token=${secret}`)}`, undefined, 200],
      ["GET", `/api/projects/${encodeURIComponent(`token=${secret}`)}`, undefined, 200],
    ];
    for (const [method, pathname, params, status] of requests) {
      observeRequest(ctx, { method, nextUrl: { pathname } }, params, status, performance.now());
      // The line as the general logger writes it, from the fields observeRequest built before.
      const route = routePattern(pathname, params);
      log("info", "request", { method, route: redactPath(route), path: redactPath(pathname), status, ms: 0 });
    }
    const text = fs.readFileSync(logFile(ctx.dataDir), "utf8");
    expect(text).not.toContain(secret);
    const lines = text
      .trim()
      .split("\n")
      .map((l) => JSON.parse(l))
      .filter((l) => l.msg === "request")
      .map(({ ts: _ts, ms: _ms, ...rest }) => rest);
    expect(lines).toHaveLength(2 * requests.length);
    for (let i = 0; i < lines.length; i += 2) expect(JSON.stringify(lines[i])).toBe(JSON.stringify(lines[i + 1]));
    expect(lines[8].path).not.toBe(`/api/memories/${secret}/links`);
    expect(lines[6].path).toBe("/api/memories/abc");
  });
});

describe("error logging", () => {
  it("logs a 500 at error level with the error's message", () => {
    const ctx = testCtx();
    ctxs.push(ctx);
    configureLogging({ dataDir: ctx.dataDir }); // one log sink per process: point it here
    observeRequest(ctx, { method: "POST", nextUrl: { pathname: "/api/search" } }, {}, 500, performance.now(), new Error("disk I/O error"));
    const lines = fs
      .readFileSync(logFile(ctx.dataDir), "utf8")
      .trim()
      .split("\n")
      .map((l) => JSON.parse(l));
    expect(lines.find((l) => l.status === 500)).toMatchObject({ level: "error", route: "/api/search", error: "disk I/O error" });
  });
});

describe("stats", () => {
  it("counts by status, scope, category, source and project", () => {
    const ctx = testCtx();
    ctxs.push(ctx);
    createMemory(ctx, { content: "one", category: "decision", directory: ctx.dataDir });
    createMemory(ctx, { content: "two", category: "decision", pinned: true });
    createMemory(ctx, { content: "three", category: "gotcha", status: "suggested", source: "extractor" });
    const s = getStats(ctx);
    expect(s.memories).toMatchObject({
      total: 3,
      pinned: 1,
      byStatus: { active: 2, suggested: 1 },
      byScope: { project: 1, global: 2 },
      byCategory: { decision: 2, gotcha: 1 },
    });
    expect(s.memories.bySource).toMatchObject({ extractor: 1, api: 2 });
    expect(s.projects).toHaveLength(1);
    expect(s.projects[0].memories).toBe(1);
    expect(s.database.autoVacuum).toBe("incremental");
    expect(s.database.sizeBytes).toBeGreaterThan(0);
    expect(s.embeddings.queueDepth).toBe(3);
  });
});

describe("structured logs", () => {
  it("writes JSON lines and filters by level", () => {
    const dir = tempDir();
    configureLogging({ dataDir: dir, level: "warn" });
    log("info", "dropped");
    log("error", "kept", { detail: 1 });
    const lines = fs
      .readFileSync(logFile(dir), "utf8")
      .trim()
      .split("\n")
      .map((l) => JSON.parse(l));
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ level: "error", msg: "kept", detail: 1 });
    expect(Date.parse(lines[0].ts)).toBeGreaterThan(0);
  });

  it("rotates by size and keeps a bounded number of generations", () => {
    const file = path.join(tempDir(), "logs", "r.log");
    const f = new RotatingFile(file, 1000, 2);
    for (let i = 0; i < 100; i++) f.write(JSON.stringify({ i, pad: "x".repeat(80) }) + "\n");
    f.close();
    const names = fs.readdirSync(path.dirname(file)).sort();
    expect(names).toEqual(["r.log", "r.log.1", "r.log.2"]);
    for (const n of names) expect(fs.statSync(path.join(path.dirname(file), n)).size).toBeLessThanOrEqual(1000);
    // The newest line is in the live file, older ones rotated out in order.
    const live = fs.readFileSync(file, "utf8").trim().split("\n");
    expect(JSON.parse(live[live.length - 1]).i).toBe(99);
    const older = fs.readFileSync(`${file}.1`, "utf8").trim().split("\n");
    expect(JSON.parse(older[older.length - 1]).i).toBe(JSON.parse(live[0]).i - 1);
  });
});

describe("injected blocks and the money compression saved (issue 39)", () => {
  it("counts the stable, recall and resume blocks served and their tokens, and estimates the money saved, in stats and metrics", async () => {
    const { resetInjected } = await import("../../../lib/metrics/injected");
    const { buildStableBlock } = await import("../../../lib/injection/stable");
    const { recordStableInjection } = await import("../../../lib/injection/record");
    resetInjected();
    const ctx = testCtx();
    ctxs.push(ctx);
    createMemory(ctx, { content: "Always run the linter before committing", category: "constraint", pinned: true });
    const block = buildStableBlock(ctx);
    expect(block.tokens).toBeGreaterThan(0);
    recordStableInjection(ctx, "ses_a", block);
    recordStableInjection(ctx, "ses_b", block);
    ctx.sqlite.prepare("INSERT INTO compression_stats(session_id, tokens_before, tokens_after, by_strategy) VALUES ('s', 2000000, 1000000, '{}')").run();
    const stats = getStats(ctx);
    expect(stats.injected.stable).toEqual({ blocks: 2, tokens: 2 * block.tokens });
    expect(stats.injected.recall).toEqual({ blocks: 0, tokens: 0 });
    // 1M tokens removed, each at least a cached read (0.1x) of $3 per million input tokens.
    expect(stats.compression.estimatedSavedUsd).toBeCloseTo(0.3, 6);
    const text = renderMetrics(ctx);
    expect(text).toContain(`recollect_injected_tokens_total{kind="stable"} ${2 * block.tokens}`);
    expect(text).toContain('recollect_injected_blocks_total{kind="resume"} 0');
    expect(text).toMatch(/recollect_compression_saved_usd_estimate 0\.3\b/);
  });
});
