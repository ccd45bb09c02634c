import { afterEach, describe, expect, it } from "vitest";
import { exportQuery } from "../../../lib/contracts/export";
import { exportMemories } from "../../../lib/export";
import { createMemory } from "../../../lib/memories";
import { redactDeep, redactDeepAsync } from "../../../lib/security/redaction";
import { redactKeysAfter, redactKeysAfterAsync, redactKeysDeep } from "../../../lib/security/redact-fields";
import { testCtx } from "../../helpers/ctx";

/**
 * Issue 37: the walks over nested values (redaction of metadata, KV values, checkpoint messages;
 * the export) have no recursion left, so a value far deeper than the 64 levels a request may carry
 * (a foreign database, an older version's rows) never overflows the stack. 30,000 levels: the
 * recursive walks failed with "Maximum call stack size exceeded" at about 10,000.
 */
const DEPTH = 30_000;
const SECRET = "ghp_abcdefghijklmnopqrstuvwxyz0123456789";

/** Arrays and objects in turn, a secret at the bottom under the key `token`. */
function deep(depth = DEPTH): unknown {
  let v: unknown = { token: SECRET, note: "kept" };
  for (let i = 0; i < depth; i++) v = i % 2 ? { [`k${i % 7}`]: v } : [v, "x"];
  return v;
}

/** The innermost object (walked without recursion). */
function bottom(v: unknown): Record<string, unknown> {
  for (;;) {
    if (Array.isArray(v)) v = v[0];
    else if (v && typeof v === "object" && !("token" in v)) v = Object.values(v)[0];
    else return v as Record<string, unknown>;
  }
}

const open: { close: () => void }[] = [];
afterEach(() => open.splice(0).forEach((c) => c.close()));

describe("walks over nested values at any depth", () => {
  it("redactDeep and redactDeepAsync", async () => {
    const value = deep();
    for (const out of [redactDeep(value), await redactDeepAsync(value)]) {
      expect(bottom(out)).toEqual({ token: "[REDACTED:github_token]", note: "kept" });
      expect(bottom(value).token).toBe(SECRET); // the input is never changed
    }
  });

  it("the key walks: redactKeysDeep, redactKeysAfter, redactKeysAfterAsync", async () => {
    const value = deep();
    expect(bottom(redactKeysDeep(value)).token).toBe("[REDACTED:github_token]");
    for (const out of [redactKeysAfter(value), await redactKeysAfterAsync(value)]) expect(bottom(out).note).toBe("kept");
  });

  it("keys an own `__proto__` as a key, never as the prototype", () => {
    const value = JSON.parse('{"__proto__": {"polluted": "ghp_abcdefghijklmnopqrstuvwxyz0123456789"}}');
    const out = redactDeep(value) as Record<string, unknown>;
    expect(Object.hasOwn(out, "__proto__")).toBe(true);
    expect(Object.getPrototypeOf(out)).toBe(Object.prototype);
    expect(JSON.stringify(out)).toContain("[REDACTED:github_token]");
  });

  it("an export of a row whose metadata is nested 30,000 deep (written around the API) gives its text, not a 500", () => {
    const ctx = testCtx();
    open.push(ctx);
    const { memory: m } = createMemory(ctx, { content: "A memory with deep metadata.", category: "fact" });
    const text = `${'{"a":'.repeat(DEPTH)}1${"}".repeat(DEPTH)}`;
    ctx.sqlite.prepare("UPDATE memories SET metadata = ? WHERE id = ?").run(text, m.id);
    for (const format of ["json", "markdown"] as const) {
      const out = exportMemories(ctx, exportQuery.parse({ format, status: "all" }));
      expect(out.count).toBe(1);
      expect(out.body).toContain("recollect:tooDeep");
    }
  });
});
