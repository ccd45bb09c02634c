import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { putKvInput } from "../../lib/contracts/kv";
import { claimLoopInput, createLoopInput, updateLoopInput } from "../../lib/contracts/loops";
import { splitProjectInput } from "../../lib/contracts/projects";
import { claimInput } from "../../lib/contracts/sessions";
import { getKv, listKv, putKv } from "../../lib/kv";
import { claimLoop, createLoop, updateLoop } from "../../lib/loops";
import { createMemory } from "../../lib/memories";
import { resolveProject } from "../../lib/projects/resolve";
import { splitProject } from "../../lib/projects/split";
import { claimItem } from "../../lib/sessions/claims";
import { testCtx } from "../helpers/ctx";
import { tempDir } from "../helpers/server";

/**
 * Findings 9 and 10 of issue #37, what reaches the disk: `loops.completionPromise`, `loops.model`,
 * a loop's driver id and a split's `remote` (lower-cased before redaction: an `AKIA…` key no longer
 * looked like one) are redacted; KV keys and claimed items that differ only inside a secret stay
 * apart (they collapsed into one: false claim conflicts, one KV entry overwriting another).
 */
const ctx = testCtx();
afterAll(() => ctx.close());

const GITHUB = (c: string) => `ghp_${c.repeat(36)}`;
const AWS = "AKIAQWERTYUIOPASDFGH";

/** Every value of every row of every table, as text: where a secret would sit at rest. */
function everything(): string {
  const out: string[] = [];
  for (const { name } of ctx.sqlite.prepare("SELECT name FROM sqlite_master WHERE type = 'table'").all() as { name: string }[]) {
    if (name.includes("_fts") || name.startsWith("vec_")) continue;
    for (const row of ctx.sqlite.prepare(`SELECT * FROM "${name}"`).all() as Record<string, unknown>[]) out.push(JSON.stringify(row));
  }
  return out.join("\n");
}

describe("loop fields", () => {
  it("model, completion promise and driver id are stored redacted", () => {
    const directory = tempDir("stored-loop-");
    const loop = createLoop(
      ctx,
      createLoopInput.parse({ directory, task: "Ship it", model: `openai/${GITHUB("a")}`, completionPromise: `DONE ${GITHUB("b")}` }),
    );
    updateLoop(ctx, loop.id, updateLoopInput.parse({ model: `anthropic/${GITHUB("c")}` }));
    claimLoop(ctx, loop.id, claimLoopInput.parse({ driver: `drv-${GITHUB("d")}` }));
    const all = everything();
    for (const c of ["a", "b", "c", "d"]) expect(all).not.toContain(GITHUB(c));
    expect(all).toContain("[REDACTED:github_token]");
  });
});

describe("a split's remote", () => {
  it("is redacted before it is lower-cased", () => {
    const dir = tempDir("stored-split-");
    execFileSync("git", ["init", "-q"], { cwd: dir });
    fs.writeFileSync(path.join(dir, "a.txt"), "a");
    execFileSync("git", ["-c", "user.email=a@b", "-c", "user.name=a", "commit", "-qm", "first", "--allow-empty"], { cwd: dir });
    const from = resolveProject(ctx, { directory: dir })!;
    const memory = createMemory(ctx, { directory: dir, content: "The widget service listens on 8080.", scope: "project" }).memory;
    const res = splitProject(ctx, splitProjectInput.parse({ from, memoryIds: [memory.id], remote: `https://git.example.com/${AWS}/widget.git` }));
    expect(res.created).toBe(true);
    const all = everything();
    expect(all.toLowerCase()).not.toContain(AWS.toLowerCase());
  });
});

describe("keys that differ only inside a secret", () => {
  it("KV: two entries, each found by the key the client knows, no secret stored", () => {
    const a = `deploy/${GITHUB("e")}`;
    const b = `deploy/${GITHUB("f")}`;
    putKv(ctx, a, putKvInput.parse({ value: { v: 1 } }));
    putKv(ctx, b, putKvInput.parse({ value: { v: 2 } }));
    expect(getKv(ctx, a, {}).value).toEqual({ v: 1 });
    expect(getKv(ctx, b, {}).value).toEqual({ v: 2 });
    const keys = listKv(ctx, { prefix: "deploy/", limit: 100 } as never).items.map((i) => i.key);
    expect(keys).toHaveLength(2);
    for (const key of keys) expect(key).toMatch(/^deploy\/\[REDACTED:github_token\] #[0-9a-f]{16}$/);
    expect(everything()).not.toContain(GITHUB("e"));
  });

  it("claims: two sessions claiming items that differ only inside a secret do not conflict", () => {
    const directory = tempDir("stored-claims-");
    const one = claimItem(ctx, claimInput.parse({ directory, sessionID: "ses_one", item: `rotate ${GITHUB("g")}` }));
    const two = claimItem(ctx, claimInput.parse({ directory, sessionID: "ses_two", item: `rotate ${GITHUB("h")}` }));
    expect(one.item).not.toBe(two.item);
    expect(two.sessionId).toBe("ses_two");
    // The same item again is still a conflict.
    expect(() => claimItem(ctx, claimInput.parse({ directory, sessionID: "ses_two", item: `rotate ${GITHUB("g")}` }))).toThrow(/already claimed/);
    const all = everything();
    expect(all).not.toContain(GITHUB("g"));
    expect(all).not.toContain(GITHUB("h"));
  });
});
