import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeEach, describe, expect, it } from "vitest";
import { consolidate } from "../../../lib/consolidation/consolidate";
import { applyProposal, rejectProposal, undoLastAction } from "../../../lib/consolidation/decide";
import { listInbox } from "../../../lib/consolidation/inbox";
import { actOnInbox } from "../../../lib/consolidation/act";
import { createMemory, getMemory, listLinks } from "../../../lib/memories";
import { testCtx } from "../../helpers/ctx";
import { tempDir } from "../../helpers/server";
import type { Category } from "../../../lib/vocabulary";

let ctx: ReturnType<typeof testCtx>;
let dir: string;
beforeEach(() => {
  ctx?.close();
  ctx = testCtx();
  dir = tempDir("recollect-proj-");
});
afterAll(() => ctx?.close());

const DAY = 86_400_000;
let clock = Date.now() - 30 * DAY;
/** A project memory written `at` (in order: each later than the one before unless given). */
function remember(content: string, category: Category = "decision", extra: { at?: number; status?: "active" | "suggested" } = {}) {
  const m = createMemory(ctx, { content, category, directory: dir, ...(extra.status ? { status: extra.status } : {}) }).memory;
  clock += DAY;
  const at = extra.at ?? clock;
  ctx.sqlite.prepare("UPDATE memories SET created_at = ?, updated_at = ? WHERE id = ?").run(at, at, m.id);
  return m.id;
}

const openProposals = () =>
  ctx.sqlite.prepare("SELECT id, kind, memory_ids, reason, suggestion FROM proposals WHERE status = 'open' ORDER BY kind, created_at").all() as {
    id: string;
    kind: string;
    memory_ids: string;
    reason: string;
    suggestion: string | null;
  }[];
const ofKind = (kind: string) =>
  openProposals()
    .filter((p) => p.kind === kind)
    .map((p) => ({ ...p, ids: JSON.parse(p.memory_ids) as string[] }));

describe("consolidate: merge", () => {
  it("proposes a merge of near duplicates (EN and ZH) with a wording that keeps every fact, and leaves similar but distinct facts alone", async () => {
    const a = remember("The CI pipeline runs the integration tests against a real Postgres 16 container.", "fact");
    const b = remember("CI runs the integration tests against a real Postgres container; it takes about 4 minutes.", "fact");
    const c = remember("发布前必须在预发环境跑完整的回归测试。", "convention");
    const d = remember("发布前必须在预发环境跑完整的回归测试，通常需要两个小时。", "convention");
    // Hard negatives: one frame, different subject; different numbers.
    remember("The API request timeout is 30 seconds.", "fact");
    remember("The database query timeout is 30 seconds.", "fact");
    remember("Staging deploys run at 9:00 every weekday.", "fact");
    remember("Staging deploys run at 17:00 every weekday.", "fact");

    const result = await consolidate(ctx, {});
    expect(result.found.merge).toBe(2);
    const merges = ofKind("merge");
    expect(merges.map((m) => new Set(m.ids))).toEqual(expect.arrayContaining([new Set([a, b]), new Set([c, d])]));
    const en = merges.find((m) => m.ids.includes(a))!;
    expect(en.suggestion).toContain("4 minutes");
    expect(en.suggestion).toContain("Postgres 16");
    expect(en.reason).toMatch(/say the same thing/);
    const zh = merges.find((m) => m.ids.includes(c))!;
    expect(zh.suggestion).toContain("两个小时");

    // Approving archives the others, keeps the merged wording on the keeper, links them.
    const keeper = en.ids[0]!;
    const other = en.ids[1]!;
    const before = getMemory(ctx, keeper).content;
    expect(before).not.toBe(en.suggestion);
    applyProposal(ctx, en.id, { by: "ui" });
    expect(getMemory(ctx, keeper).content).toBe(en.suggestion);
    expect(getMemory(ctx, other).status).toBe("archived");
    expect(listLinks(ctx, keeper)).toEqual(expect.arrayContaining([expect.objectContaining({ from: keeper, to: other, kind: "derived_from" })]));

    // Undo puts everything back and reopens the proposal.
    expect(undoLastAction(ctx)?.action).toBe("approve");
    expect(getMemory(ctx, other).status).toBe("active");
    expect(getMemory(ctx, keeper).content).toBe(before);
    expect(listLinks(ctx, keeper).filter((l) => l.kind === "derived_from")).toEqual([]);
    expect(ofKind("merge").map((m) => m.id)).toContain(en.id);
  });

  it("a rejected proposal never comes back", async () => {
    remember("Run npm run lint before pushing any branch.", "procedure");
    remember("Before pushing a branch, always run npm run lint and fix the warnings.", "procedure");
    await consolidate(ctx, {});
    const [merge] = ofKind("merge");
    expect(merge).toBeDefined();
    rejectProposal(ctx, merge!.id);
    const again = await consolidate(ctx, {});
    expect(again.found.merge).toBe(0);
    expect(again.created).toBe(0);
    expect(ofKind("merge")).toEqual([]);
  });
});

describe("consolidate: supersede", () => {
  it("finds replacements and contradictions in English and Chinese, not unrelated successors", async () => {
    const npm = remember("Use npm for package management.", "convention");
    const pnpm = remember("Use pnpm for package management.", "convention");
    const rest = remember("The web client talks to the server through REST endpoints.", "decision");
    const trpc = remember("We switched from REST to tRPC for the web client.", "decision");
    const redis = remember("会话缓存使用 Redis 存储。", "decision");
    const pg = remember("不再使用 Redis，改用 Postgres 存储会话缓存。", "decision");
    const always = remember("Always run database migrations on server startup.", "directive");
    const never = remember("Never run database migrations on server startup.", "directive");
    // Hard negatives: a decision and its unrelated successor; two tools for two jobs.
    remember("Use Vitest for unit tests.", "decision");
    remember("Use Playwright for browser tests.", "decision");
    remember("We switched from Jest to Vitest last spring.", "decision");
    remember("Logs are written as JSON lines to the data directory.", "fact");

    await consolidate(ctx, {});
    const pairs = ofKind("supersede").map((p) => p.ids);
    expect(pairs).toEqual(
      expect.arrayContaining([
        [pnpm, npm],
        [trpc, rest],
        [pg, redis],
        [never, always],
      ]),
    );
    expect(pairs).toHaveLength(4);
    const zh = ofKind("supersede").find((p) => p.ids[0] === pg)!;
    expect(zh.reason).toMatch(/redi/i);

    // Approving: the older is superseded and linked.
    applyProposal(ctx, zh.id, { by: "ui" });
    expect(getMemory(ctx, redis).status).toBe("superseded");
    expect(listLinks(ctx, pg)).toEqual(expect.arrayContaining([expect.objectContaining({ from: pg, to: redis, kind: "supersedes" })]));
  });
});

describe("consolidate: replacements said as done", () => {
  it("reads 'X was shut down' and '从 Element Plus 迁移到' as replacements, not 'data is deleted after 400 days'", async () => {
    const atlantis = remember("Plans run in Atlantis on every pull request; comment atlantis apply to apply.", "fact");
    const gha = remember("Plans run in GitHub Actions on every pull request; Atlantis was shut down.", "fact");
    const element = remember("后台界面使用 Element Plus 组件库。", "decision");
    const naive = remember("组件库从 Element Plus 迁移到 Naive UI，新页面不要再引入 Element Plus。", "decision");
    // A retention rule says "deleted" of what it keeps deleting: it replaces nothing.
    remember("Raw event data is exported to the data warehouse every night.", "fact");
    remember("Raw event data is deleted after 400 days.", "constraint");
    await consolidate(ctx, {});
    const pairs = ofKind("supersede").map((p) => p.ids);
    expect(pairs).toEqual(
      expect.arrayContaining([
        [gha, atlantis],
        [naive, element],
      ]),
    );
    expect(pairs).toHaveLength(2);
  });
});

describe("consolidate: stale", () => {
  it("proposes memories naming files deleted in a later commit of the project's git tree, not those naming live files", async () => {
    const git = (...args: string[]) => execFileSync("git", ["-C", dir, ...args], { stdio: "pipe" });
    git("init", "-q");
    git("config", "user.email", "t@example.com");
    git("config", "user.name", "t");
    fs.mkdirSync(path.join(dir, "src"));
    fs.writeFileSync(path.join(dir, "src/legacy-auth.ts"), "export {}\n");
    fs.writeFileSync(path.join(dir, "src/server.ts"), "export {}\n");
    git("add", ".");
    git("commit", "-qm", "one");
    const gone = remember("Session tokens are checked in src/legacy-auth.ts before every route.", "fact");
    const live = remember("The HTTP server starts in src/server.ts.", "fact");
    git("rm", "-q", "src/legacy-auth.ts");
    git("commit", "-qm", "two");

    await consolidate(ctx, {});
    const stale = ofKind("stale");
    expect(stale.map((s) => s.ids[0])).toEqual([gone]);
    expect(stale[0]!.reason).toContain("src/legacy-auth.ts");
    expect(stale.map((s) => s.ids[0])).not.toContain(live);
  });

  it("proposes memories not used for daysStale days, not pinned or rule-like ones", async () => {
    const old = Date.now() - 200 * DAY;
    const idle = remember("The staging database was restored from a snapshot.", "fact", { at: old });
    remember("Never commit secrets.", "constraint", { at: old });
    remember("Recently stored fact about the build cache.", "fact");
    await consolidate(ctx, { daysStale: 90 });
    expect(ofKind("stale").map((s) => s.ids[0])).toEqual([idle]);
  });
});

describe("consolidate: expire", () => {
  it("expires resolved blockers after 90 days and events after 180, and autoApply applies them", async () => {
    const oldBlocker = remember("Blocked on the signing certificate renewal.", "blocker", { at: Date.now() - 120 * DAY });
    ctx.sqlite.prepare("UPDATE memories SET status = 'resolved' WHERE id = ?").run(oldBlocker);
    const newBlocker = remember("Blocked on review of the schema change.", "blocker", { at: Date.now() - 10 * DAY });
    ctx.sqlite.prepare("UPDATE memories SET status = 'resolved' WHERE id = ?").run(newBlocker);
    const oldEvent = remember("Released version 1.2 to the beta channel.", "event", { at: Date.now() - 200 * DAY });
    remember("Released version 1.3 to the beta channel.", "event", { at: Date.now() - 20 * DAY });
    const result = await consolidate(ctx, { daysStale: 0 });
    expect(
      ofKind("expire")
        .map((p) => p.ids[0])
        .sort(),
    ).toEqual([oldBlocker, oldEvent].sort());
    expect(result.autoApplied).toBe(0);

    ctx.config.consolidation.autoApply = true;
    const later = remember("Held the retro for the outage.", "event", { at: Date.now() - 300 * DAY });
    const auto = await consolidate(ctx, { daysStale: 0 });
    expect(auto.autoApplied).toBe(1);
    expect(getMemory(ctx, later).status).toBe("archived");
  });

  it("a dry run stores nothing", async () => {
    remember("Released version 0.9.", "event", { at: Date.now() - 400 * DAY });
    const result = await consolidate(ctx, { dryRun: true, daysStale: 0 });
    expect(result.proposals?.map((p) => p.kind)).toEqual(["expire"]);
    expect(openProposals()).toEqual([]);
  });
});

describe("the review inbox", () => {
  it("lists suggested memories and proposals in one queue; approve with an edit, reject, supersede, bulk, undo", async () => {
    const s1 = remember("Prefer small pull requests.", "preference", { status: "suggested" });
    const s2 = remember("The nightly job sends a report email.", "fact", { status: "suggested" });
    const s3 = remember("Use Node 22 for the server.", "decision", { status: "suggested" });
    const node20 = remember("Use Node 20 for the server runtime.", "decision");
    remember("Released the first alpha.", "event", { at: Date.now() - 400 * DAY });
    await consolidate(ctx, { daysStale: 0 });
    const page = listInbox(ctx);
    expect(page.counts).toMatchObject({ total: 4, suggested: 3 });
    expect(page.items.map((i) => i.type).sort()).toEqual(["memory", "memory", "memory", "proposal"]);

    actOnInbox(ctx, [{ type: "memory", id: s1, action: "approve", content: "Prefer small, focused pull requests." }]);
    expect(getMemory(ctx, s1)).toMatchObject({ status: "active", content: "Prefer small, focused pull requests." });
    actOnInbox(ctx, [{ type: "memory", id: s3, action: "supersede", supersedes: node20 }]);
    expect(getMemory(ctx, node20).status).toBe("superseded");
    expect(getMemory(ctx, s3).status).toBe("active");

    const proposal = listInbox(ctx).items.find((i) => i.type === "proposal")!;
    actOnInbox(ctx, [
      { type: "memory", id: s2, action: "reject" },
      { type: "proposal", id: proposal.id, action: "approve" },
    ]);
    expect(getMemory(ctx, s2).status).toBe("archived");
    expect(listInbox(ctx).counts.total).toBe(0);

    // Undo takes back the whole bulk action, then the supersession before it.
    expect(undoLastAction(ctx)?.action).toBe("bulk reject");
    expect(getMemory(ctx, s2).status).toBe("suggested");
    expect(listInbox(ctx).counts.total).toBe(2);
    undoLastAction(ctx);
    expect(getMemory(ctx, node20).status).toBe("active");
    expect(getMemory(ctx, s3).status).toBe("suggested");
    expect(listLinks(ctx, s3)).toEqual([]);
  });
});

describe("consolidate: evidence a reviewer accepts (issue #38)", () => {
  it("never merges procedures with different steps, nor calls an added rule a contradiction", async () => {
    remember("To refund an order: open the admin panel, go to Orders, search the order number, click Refund, then confirm.", "procedure");
    remember("To ban a user: open the admin panel, go to Users, search the email, open the profile, click Suspend account.", "procedure");
    remember("To create a coupon: open the admin panel, go to Marketing > Coupons, click New coupon, set the code, then Save.", "procedure");
    remember("To adjust stock: open the admin panel, go to Products, open the product, edit the inventory count, then Save.", "procedure");
    remember("Always verify Stripe webhook signatures with STRIPE_WEBHOOK_SECRET before trusting the event.", "directive");
    remember("Always verify Stripe webhook signatures, and never log the raw webhook payload: it contains customer emails.", "directive");
    remember("Use Stripe test keys in staging and in local development.", "directive");
    remember("Never use Stripe live keys outside production.", "directive");
    const result = await consolidate(ctx, { dryRun: true, daysStale: 0 });
    expect(result.proposals?.filter((p) => p.kind === "merge" || p.kind === "supersede")).toEqual([]);
  });

  it("does not merge a memory that adds a rule clause, nor two that each add a clause the other does not say", async () => {
    remember("Run the database migrations from the release pipeline before every production deploy.", "procedure");
    remember("Run the database migrations from the release pipeline before every production deploy; a DBA must approve them.", "procedure");
    remember("Run uv run ruff check . on the whole repository before committing; review the diff afterwards.", "procedure");
    remember("Run uv run ruff check . on the whole repository before committing, and fix what it reports.", "procedure");
    const result = await consolidate(ctx, { dryRun: true, daysStale: 0 });
    expect(result.proposals?.filter((p) => p.kind === "merge" || p.kind === "supersede")).toEqual([]);
  });

  it("proposes a supersession for a setting whose value changed, and merges a paraphrase whose wording keeps `.env` whole", async () => {
    const old = remember("The checkout session expires after 30 minutes of inactivity.", "fact");
    const now = remember("The checkout session now expires after 15 minutes of inactivity.", "fact");
    const v1 = remember("The Stripe API version pinned in the dashboard is 2023-10-16.", "fact");
    const v2 = remember("The Stripe API version pinned in the dashboard is 2024-06-20.", "fact");
    const a = remember(
      "Never commit the `.env` file; it holds the Stripe keys and the database URL. The setup guide is https://docs.example.com/setup.html (v2.3.1).",
      "directive",
    );
    const b = remember(
      "Never commit the `.env` file: it holds the Stripe keys and the database URL for local development. Setup guide for v2.3.1 of the CLI: https://docs.example.com/setup.html.",
      "directive",
    );
    await consolidate(ctx, { daysStale: 0 });
    const supersessions = ofKind("supersede").map((p) => p.ids);
    expect(supersessions).toEqual(
      expect.arrayContaining([
        [now, old],
        [v2, v1],
      ]),
    );
    expect(supersessions).toHaveLength(2);
    const merges = ofKind("merge");
    expect(merges.map((m) => [...m.ids].sort())).toEqual([[a, b].sort()]);
    expect(merges[0]!.suggestion).toBe(
      "Never commit the `.env` file: it holds the Stripe keys and the database URL for local development. Setup guide for v2.3.1 of the CLI: https://docs.example.com/setup.html.",
    );
  });
});

describe("consolidate: Chinese paraphrases, values changed with added words, added rules (issue #38, round three)", () => {
  it("merges a Chinese paraphrase, not Chinese procedures whose steps differ; supersedes a value changed in a longer sentence; leaves an added prohibition alone", async () => {
    const push = remember("安卓推送在小米手机上需要单独接入小米推送通道，否则后台收不到通知。", "gotcha");
    const push2 = remember("小米手机上的安卓推送必须单独接入小米推送通道，不然应用在后台时收不到通知。", "gotcha");
    remember("处理支付回调失败：登录运维后台，进入回调日志，按订单号搜索，点击重试。", "procedure");
    remember("处理退款失败：登录运维后台，进入退款记录，按订单号搜索，点击人工退款并填写原因。", "procedure");
    const size = remember("Product images must be under 2 MB.", "constraint");
    const size2 = remember("Product images must be under 5 MB and at least 800 px wide.", "constraint");
    remember("Product videos must be under 50 MB.", "constraint");
    const timeout = remember("网关到下游服务的超时时间是 3 秒。", "fact");
    const timeout2 = remember("网关到下游服务的超时时间改成 5 秒，超时后重试一次。", "fact");
    const wh = remember("The Snowflake warehouse for dbt is TRANSFORM_M.", "fact");
    const wh2 = remember("The Snowflake warehouse for dbt is now TRANSFORM_L, because the nightly build ran past the SLA.", "fact");
    remember("Always pin exact versions in package.json.", "directive");
    remember("Always pin exact versions in package.json, and never add a dependency without a license check.", "directive");
    const result = await consolidate(ctx, { dryRun: true, daysStale: 0 });
    const merges = (result.proposals ?? []).filter((p) => p.kind === "merge").map((p) => [...p.memoryIds].sort());
    expect(merges).toEqual([[push, push2].sort()]);
    const supersessions = (result.proposals ?? []).filter((p) => p.kind === "supersede").map((p) => p.memoryIds);
    expect(supersessions).toEqual(
      expect.arrayContaining([
        [size2, size],
        [timeout2, timeout],
        [wh2, wh],
      ]),
    );
    expect(supersessions).toHaveLength(3);
  });
});

describe("consolidate: frames about other subjects, levels, phrasing (issue #38, round three's blind set)", () => {
  it("does not call one frame with other paths a changed setting; supersedes a changed level; merges a rewording, not two values", async () => {
    for (const ep of ["customers", "payments", "tax-rates"]) remember(`The /v1/${ep} routes are defined in tally/api/${ep.replace("-", "_")}.py.`, "fact");
    const ruff = remember("After finishing work run uv run ruff check . and uv run python -m pytest.", "procedure");
    const ruff2 = remember("When you finish a change, run uv run ruff check . and then uv run python -m pytest.", "procedure");
    const info = remember("Log level is INFO in production.", "fact");
    const warn = remember("Log level is WARNING in production.", "fact");
    // Two values, never one merge; since the fifteenth pass the reviewer count said in other words
    // (一人 -> 两人, the first set's label) is a supersession of its own (reworded-value.ts).
    const one = remember("所有合并到 master 的代码都必须经过至少一人评审。", "constraint");
    const two = remember("合并到 master 的代码至少需要两人评审，并且 CI 必须通过。", "constraint");
    const result = await consolidate(ctx, { dryRun: true, daysStale: 0 });
    const merges = (result.proposals ?? []).filter((p) => p.kind === "merge").map((p) => [...p.memoryIds].sort());
    expect(merges).toEqual([[ruff, ruff2].sort()]);
    const supersessions = (result.proposals ?? []).filter((p) => p.kind === "supersede").map((p) => p.memoryIds);
    expect(supersessions).toEqual([
      [warn, info],
      [two, one],
    ]);
  });
});

describe("consolidate: overlapping proposals are one decision", () => {
  it("gives the merges and supersessions that share memories one group, and leaves a lone proposal alone", async () => {
    const { groupOverlapping } = await import("../../../lib/consolidation/consolidate");
    const c = (kind: "merge" | "supersede" | "stale", memoryIds: string[]) => ({ kind, projectId: "p", memoryIds, reason: "", evidence: {} });
    const list = [c("merge", ["a", "b"]), c("supersede", ["c", "b"]), c("supersede", ["e", "d"]), c("stale", ["a"])];
    await groupOverlapping(list);
    const group = (i: number) => (list[i]!.evidence as { group?: { id: string; proposals: number } }).group;
    expect(group(0)).toEqual({ id: expect.any(String), proposals: 2 });
    expect(group(1)).toEqual(group(0));
    expect(group(2)).toBeUndefined();
    expect(group(3)).toBeUndefined();
  });
});

describe("consolidate: the claim-level check (consolidation.claimCheck, issue #38)", () => {
  it("is off by default; on, it withholds a merge whose one side adds a rule and keeps a changed value's supersession", async () => {
    expect(ctx.config.consolidation.claimCheck).toBe(false);
    const old = remember("The checkout session expires after 30 minutes of inactivity.", "fact");
    const now = remember("The checkout session now expires after 15 minutes of inactivity.", "fact");
    const lint = remember("Before committing, run pnpm lint and fix what it reports.", "procedure");
    const more = remember("Before committing, run pnpm lint and fix what it reports, then run pnpm build and pnpm test.", "procedure");
    const pairs = async () =>
      ((await consolidate(ctx, { dryRun: true, daysStale: 0 })).proposals ?? [])
        .filter((p) => p.kind === "merge" || p.kind === "supersede")
        .map((p) => [p.kind, p.kind === "merge" ? [...p.memoryIds].sort() : p.memoryIds]);
    const off = await pairs();
    expect(off).toContainEqual(["supersede", [now, old]]);
    expect(off).toContainEqual(["merge", [lint, more].sort()]);
    ctx.config.consolidation.claimCheck = true;
    try {
      expect(await pairs()).toEqual([["supersede", [now, old]]]);
    } finally {
      ctx.config.consolidation.claimCheck = false;
    }
  });
});
