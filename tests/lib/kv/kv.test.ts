import { afterAll, describe, expect, it } from "vitest";
import { deleteKv, getKv, listKv, purgeExpiredKv, putKv } from "../../../lib/kv";
import { testCtx } from "../../helpers/ctx";
import { tempDir } from "../../helpers/server";

import { kvRefQuery, listKvQuery, putKvInput } from "../../../lib/contracts/kv";
const T0 = Date.parse("2026-01-01T10:00:00Z");

describe("kv", () => {
  const ctx = testCtx();
  const a = tempDir("recollect-proj-");
  const b = tempDir("recollect-proj-");
  afterAll(() => ctx.close());

  it("stores JSON per project with a 7-day default TTL", () => {
    const e = putKv(ctx, "build/status", putKvInput.parse({ directory: a, value: { ok: true, n: [1, 2] } }), T0);
    expect(e).toMatchObject({ key: "build/status", value: { ok: true, n: [1, 2] } });
    expect(Date.parse(e.expiresAt) - T0).toBe(7 * 24 * 3600 * 1000);
    expect(getKv(ctx, "build/status", kvRefQuery.parse({ directory: a }), T0).value).toEqual({ ok: true, n: [1, 2] });
    expect(() => getKv(ctx, "build/status", kvRefQuery.parse({ directory: b }), T0)).toThrow(/no value/);
    putKv(ctx, "build/status", putKvInput.parse({ value: "global" }), T0);
    expect(getKv(ctx, "build/status", kvRefQuery.parse({}), T0).value).toBe("global");
    expect(getKv(ctx, "build/status", kvRefQuery.parse({ directory: a }), T0).value).toEqual({ ok: true, n: [1, 2] });
  });

  it("overwrites, lists by prefix, deletes", () => {
    putKv(ctx, "build/status", putKvInput.parse({ directory: a, value: 3 }), T0 + 1);
    putKv(ctx, "build/log", putKvInput.parse({ directory: a, value: "tail" }), T0 + 1);
    putKv(ctx, "buildx", putKvInput.parse({ directory: a, value: null }), T0 + 1);
    putKv(ctx, "note", putKvInput.parse({ directory: a, value: [] }), T0 + 1);
    expect(getKv(ctx, "build/status", kvRefQuery.parse({ directory: a }), T0 + 2).value).toBe(3);
    expect(listKv(ctx, listKvQuery.parse({ directory: a, prefix: "build/" }), T0 + 2).items.map((i) => i.key)).toEqual(["build/log", "build/status"]);
    expect(listKv(ctx, listKvQuery.parse({ directory: a }), T0 + 2).items.map((i) => i.key)).toEqual(["build/log", "build/status", "buildx", "note"]);
    expect(getKv(ctx, "buildx", kvRefQuery.parse({ directory: a }), T0 + 2).value).toBeNull();
    expect(deleteKv(ctx, "note", kvRefQuery.parse({ directory: a }), T0 + 2)).toEqual({ deleted: true });
    expect(deleteKv(ctx, "note", kvRefQuery.parse({ directory: a }), T0 + 2)).toEqual({ deleted: false });
  });

  it("expired entries are invisible at once and purged later", () => {
    putKv(ctx, "short", putKvInput.parse({ directory: a, value: "x", ttlSeconds: 10 }), T0);
    expect(getKv(ctx, "short", kvRefQuery.parse({ directory: a }), T0 + 9_000).value).toBe("x");
    expect(() => getKv(ctx, "short", kvRefQuery.parse({ directory: a }), T0 + 10_000)).toThrow(/no value/);
    expect(listKv(ctx, listKvQuery.parse({ directory: a, prefix: "short" }), T0 + 10_000).items).toEqual([]);
    expect(deleteKv(ctx, "short", kvRefQuery.parse({ directory: a }), T0 + 10_000)).toEqual({ deleted: false });
    expect(purgeExpiredKv(ctx, T0 + 10_000)).toBe(1);
    expect((ctx.sqlite.prepare("SELECT count(*) AS n FROM kv WHERE key = 'short'").get() as { n: number }).n).toBe(0);
    // A new value under an expired key starts a new life.
    putKv(ctx, "short", putKvInput.parse({ directory: a, value: "y" }), T0 + 20_000);
    expect(getKv(ctx, "short", kvRefQuery.parse({ directory: a }), T0 + 20_000).createdAt).toBe(new Date(T0 + 20_000).toISOString());
  });

  it("redacts secrets and refuses bad keys, TTLs and sizes", () => {
    const e = putKv(ctx, "env", putKvInput.parse({ directory: a, value: { line: "GITHUB_TOKEN=ghp_abcdefghijklmnopqrstuvwxyz0123456789AB" } }), T0);
    expect(JSON.stringify(e.value)).not.toContain("ghp_abc");
    expect(() => putKv(ctx, "", putKvInput.parse({ directory: a, value: 1 }))).toThrow(/key/);
    expect(() => putKv(ctx, "bad\u0001key", putKvInput.parse({ directory: a, value: 1 }))).toThrow(/control characters/);
    expect(() => putKv(ctx, "k", putKvInput.parse({ directory: a, value: 1, ttlSeconds: 0 }))).toThrow();
    expect(() => putKv(ctx, "k", putKvInput.parse({ directory: a, value: 1, ttlSeconds: 400 * 24 * 3600 }))).toThrow(/maxTtlSeconds/);
    expect(() => putKv(ctx, "k", putKvInput.parse({ directory: a, value: "x".repeat(300 * 1024) }))).toThrow(/maxValueBytes/);
    expect(() => putKv(ctx, "k", putKvInput.parse({ directory: a } as never))).toThrow(/value/);
  });
});
