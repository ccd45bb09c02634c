import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeEach, describe, expect, it } from "vitest";
import { consolidate } from "../../../lib/consolidation/consolidate";
import { namedSymbols } from "../../../lib/consolidation/symbols";
import { createMemory } from "../../../lib/memories";
import { testCtx } from "../../helpers/ctx";
import { tempDir } from "../../helpers/server";

// Stale references to symbols: a function or class a memory names that was in the project's
// code and is gone from its work tree (checked with git grep and the history of a real repo).
let ctx: ReturnType<typeof testCtx>;
let dir: string;
beforeEach(() => {
  ctx?.close();
  ctx = testCtx();
  dir = tempDir("recollect-symbols-");
});
afterAll(() => ctx?.close());

const remember = (content: string) => createMemory(ctx, { content, category: "fact", directory: dir }).memory.id;
const git = (...args: string[]) => execFileSync("git", ["-C", dir, ...args], { stdio: "pipe" });
const write = (file: string, text: string) => {
  fs.mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
  fs.writeFileSync(path.join(dir, file), text);
};

describe("namedSymbols", () => {
  it("takes names in backticks, called names and code-shaped words; not short names, plain words or the files named", () => {
    expect(namedSymbols("Call `rotateSessionKeys()` after `Auth.flushTokens`; parseConfig() reads content_hash and retryCount.").sort()).toEqual(
      ["content_hash", "flushTokens", "parseConfig", "retryCount", "rotateSessionKeys"].sort(),
    );
    expect(namedSymbols("The server uses `src/auth.ts` and the `db` helper; JavaScript and GitHub are fine.", ["src/auth.ts"])).toEqual([]);
    expect(namedSymbols("修改密码后要调用 rotateSessionKeys()。")).toEqual(["rotateSessionKeys"]);
  });
});

describe("consolidate: stale symbols", () => {
  it("proposes memories naming a function removed from the code (EN and ZH), not those naming live code or names never in the code", async () => {
    git("init", "-q");
    git("config", "user.email", "t@example.com");
    git("config", "user.name", "t");
    write("src/auth.ts", "export function rotateSessionKeys() {}\nexport class TokenBucket {}\n");
    write("src/server.ts", "import { TokenBucket } from './auth';\nexport const limiter = new TokenBucket();\n");
    git("add", ".");
    git("commit", "-qm", "auth");
    write("src/auth.ts", "export class TokenBucket {}\n");
    git("commit", "-qam", "drop key rotation");

    const gone = remember("Call `rotateSessionKeys()` after a password change.");
    const goneZh = remember("修改密码后要调用 rotateSessionKeys() 重新签发会话。");
    // Hard negatives: a live class; a name that was never in the code; a live file beside a gone symbol.
    const live = remember("The rate limiter is `TokenBucket`, one per client.");
    const never = remember("Use `structuredClone` for deep copies of settings.");
    const withFile = remember("src/auth.ts used to export rotateSessionKeys() for password changes.");

    await consolidate(ctx, { daysStale: 0 });
    const stale = ctx.sqlite.prepare("SELECT memory_ids, reason, evidence FROM proposals WHERE kind = 'stale' AND status = 'open'").all() as {
      memory_ids: string;
      reason: string;
      evidence: string;
    }[];
    const ids = stale.map((s) => (JSON.parse(s.memory_ids) as string[])[0]);
    expect(ids.sort()).toEqual([gone, goneZh].sort());
    for (const id of [live, never, withFile]) expect(ids).not.toContain(id);
    const first = stale.find((s) => s.memory_ids.includes(gone))!;
    expect(first.reason).toContain("rotateSessionKeys");
    const removed = (JSON.parse(first.evidence) as { removedSymbols: { symbol: string; commit: string; subject: string }[] }).removedSymbols;
    expect(removed).toEqual([expect.objectContaining({ symbol: "rotateSessionKeys", subject: "drop key rotation" })]);
  });
});
