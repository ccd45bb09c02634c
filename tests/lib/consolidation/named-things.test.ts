import { afterAll, beforeEach, describe, expect, it } from "vitest";
import { type ConsolidateOptions, consolidate } from "../../../lib/consolidation/consolidate";
import { namedThingsDiffer, namedThingsOf } from "../../../lib/consolidation/names";
import { createVectorTable } from "../../../lib/db/virtual-tables";
import type { EmbeddingService } from "../../../lib/embeddings/service";
import { createMemory } from "../../../lib/memories";
import type { Category } from "../../../lib/vocabulary";
import { testCtx } from "../../helpers/ctx";
import { tempDir } from "../../helpers/server";
import { toward, VECTOR_DIM, writeVectorOf } from "./fixtures";

// A merge is one subject and one claim: memories that each name a thing the other does not are
// not merged; two of one category that alone name the same things are one subject (issue #38,
// eleventh pass, lib/consolidation/names.ts). The cases are from tuning data: r11's frozen half
// (tuning since r12 was written), r12's tuning half, r9's frozen half and r6's tuning half; r12's
// frozen half was never looked at. Vectors are written by hand (a model's weights are outside
// the test) into the real vector table; the service only says they are sound.
let ctx: ReturnType<typeof testCtx>;
let dir: string;
beforeEach(() => {
  ctx?.close();
  ctx = testCtx();
  dir = tempDir("recollect-named-things-");
});
afterAll(() => ctx?.close());

let clock = Date.now() - 20 * 86_400_000;
function remember(content: string, category: Category, vector?: Float32Array) {
  const m = createMemory(ctx, { content, category, directory: dir }).memory;
  clock += 86_400_000;
  ctx.sqlite.prepare("UPDATE memories SET created_at = ?, updated_at = ? WHERE id = ?").run(clock, clock, m.id);
  if (vector) writeVectorOf(ctx.sqlite, m.id, vector);
  return m.id;
}

/** The merges a dry run proposes (memory ids, sorted), with the vectors said to be sound when `vectors`. */
async function merges(vectors: boolean, options: ConsolidateOptions = {}): Promise<string[][]> {
  if (vectors) ctx.services.embeddings = { ready: () => true, dedupStatus: () => ({ semantic: true }) } as unknown as EmbeddingService;
  try {
    const run = await consolidate(ctx, { dryRun: true, ...options });
    return (run.proposals ?? []).filter((p) => p.kind === "merge").map((p) => [...p.memoryIds].sort());
  } finally {
    ctx.services.embeddings = undefined;
  }
}

describe("named things", () => {
  it("are commands, paths, flags and identifiers as written; in Chinese, every Latin word", () => {
    expect([...namedThingsOf("Set the output package name with -packageName NAME.")]).toEqual(["-packageName"]);
    expect([...namedThingsOf("Lint with go tool golangci-lint run ./..., pinned in go.mod.")]).toEqual(["go.mod"]);
    expect([...namedThingsOf("The reader keeps its state in MobX stores (src/stores/), e.g. here.")]).toEqual(["MobX", "src/stores"]);
    expect([...namedThingsOf("合并前确保 npm run build 通过。")]).toEqual(["npm", "run", "build"]);
    expect([...namedThingsOf("The minimum TLS version is 1.2.")]).toEqual([]);
  });

  it("differ when each names a thing the other does not; not when one extends the other's name or adds one", () => {
    expect(namedThingsDiffer("Set the field delimiter with DELIMITER.FIELD.", "Set the field delimiter with delimiter.field.")).toBe(true);
    expect(namedThingsDiffer("合并前确保 npm run build 通过。", "合并前确保 pnpm build 通过（项目已从 npm 迁到 pnpm）。")).toBe(true);
    expect(namedThingsDiffer("插件通过 ServiceLoader 加载。", "服务端插件由 java.util.ServiceLoader 发现并载入。")).toBe(false);
    expect(namedThingsDiffer("功能分支命名为 feature/功能名。", "新功能请在 feature/<功能名> 分支上开发。")).toBe(false);
    expect(
      namedThingsDiffer("提交信息遵循 Conventional Commits：feat 新功能，fix 修复。", "commit 信息按 Conventional Commits 写：新功能用 feat，修复用 fix。"),
    ).toBe(false);
    expect(namedThingsDiffer("Run cargo clippy --all-targets -- -D warnings.", "Lints over every target must come back clean.")).toBe(false);
  });

  it("keep two memories that name different things from being merged, though their vectors are close", async () => {
    createVectorTable(ctx.sqlite, VECTOR_DIM);
    const a = remember("Set the output package name with -packageName NAME.", "convention", toward(0, 1, 1));
    const b = remember("The output package is configured with -g 'output:package :NAME'.", "convention", toward(0, 0.83, 1));
    expect(await merges(true, { namedThings: { guard: false } })).toEqual([[a, b].sort()]);
    expect(await merges(true)).toEqual([]);
  });

  it("pair two memories that alone name the same things when their vectors agree; not a pair the vectors set apart", async () => {
    createVectorTable(ctx.sqlite, VECTOR_DIM);
    const a = remember("前端用 pnpm build 构建，产物在 dist/。", "procedure", toward(0, 1, 1));
    const b = remember("执行 pnpm build 打包前端，输出目录是 dist。", "procedure", toward(0, 0.75, 1));
    remember("前端开发服务器用 pnpm dev 启动。", "procedure", toward(2, 1, 3));
    // The same file, two claims: the vectors are further apart than the floor.
    remember("uv.lock is committed; refresh it with uv lock after changing dependencies.", "procedure", toward(4, 1, 5));
    remember("Start every session with uv sync so the environment matches uv.lock.", "procedure", toward(4, 0.6, 5));
    expect(await merges(true, { namedThings: { pairs: false } })).toEqual([]);
    expect(await merges(true)).toEqual([[a, b].sort()]);
  });

  it("do not pair the same things named by three memories: several claims about one thing", async () => {
    createVectorTable(ctx.sqlite, VECTOR_DIM);
    remember("包管理工具用 uv。", "decision", toward(0, 1, 1));
    remember("项目的依赖一律通过 uv 管理。", "decision", toward(0, 0.76, 1));
    remember("uv 的缓存目录不要提交。", "decision", toward(0, 0.74, 2));
    expect(await merges(true)).toEqual([]);
  });
});
