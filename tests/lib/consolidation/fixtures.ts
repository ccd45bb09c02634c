import type Database from "better-sqlite3";
import { afterAll, beforeEach } from "vitest";
import { type ConsolidateOptions, consolidate } from "../../../lib/consolidation/consolidate";
import type { Featured } from "../../../lib/consolidation/features";
import type { MemoryLite } from "../../../lib/consolidation/types";
import type { EmbeddingService } from "../../../lib/embeddings/service";
import { writeVectors } from "../../../lib/embeddings/write-vectors";
import { createMemory } from "../../../lib/memories";
import { tokenize } from "../../../lib/search/tokenizer";
import type { Category } from "../../../lib/vocabulary";
import { testCtx } from "../../helpers/ctx";
import { tempDir } from "../../helpers/server";

/**
 * A memory as the consolidation rules see it (its tokens and their sequence), without a store:
 * project "p", active, `at` its creation and update time (ms).
 */
export function featuredMemory(seq: number, content: string, at: number, category: MemoryLite["category"] = "decision"): Featured {
  const sequence = tokenize(content, "query");
  const memory = {
    seq,
    id: `m${seq}`,
    projectId: "p",
    scope: "project",
    sessionId: null,
    originSession: null,
    category,
    title: null,
    content,
    contentHash: `h${seq}`,
    source: "import",
    status: "active",
    pinned: false,
    createdAt: at,
    updatedAt: at,
    lastAccessedAt: null,
  } satisfies MemoryLite;
  return { memory, tokens: new Set(sequence), sequence };
}

/** A store opened fresh before each test of the calling file (one project directory), closed after the file. */
function storePerTest(prefix: string) {
  let ctx: ReturnType<typeof testCtx> | undefined;
  let dir = "";
  beforeEach(() => {
    ctx?.close();
    ctx = testCtx();
    dir = tempDir(prefix);
  });
  afterAll(() => ctx?.close());
  return { ctx: () => ctx!, dir: () => dir };
}

/**
 * A fresh store for each test of the calling file (one project directory), and `supersessions`:
 * stores the memories oldest first (a day apart) and returns the supersessions a dry run proposes,
 * as "newer > older" by text.
 */
export function datedStore(prefix: string) {
  const fresh = storePerTest(prefix);
  return {
    async supersessions(rows: [category: Category, content: string][]): Promise<string[]> {
      const store = fresh.ctx();
      const dir = fresh.dir();
      const ids = new Map<string, string>();
      rows.forEach(([category, content], i) => {
        const m = createMemory(store, { content, category, directory: dir }).memory;
        store.sqlite.prepare("UPDATE memories SET created_at = created_at - ? WHERE id = ?").run((rows.length - i) * 86_400_000, m.id);
        ids.set(m.id, content);
      });
      const result = await consolidate(store, { dryRun: true });
      return (result.proposals ?? []).filter((p) => p.kind === "supersede").map((p) => `${ids.get(p.memoryIds[0]!)} > ${ids.get(p.memoryIds[1]!)}`);
    },
  };
}

/**
 * A fresh store for each test of the calling file (one project directory), for tests that add
 * memories one by one: `remember` stores one a day newer than the last (with a hand-written vector
 * when given one), and `proposals` is what a dry run proposes, as texts: merges (each sorted),
 * supersessions ("newer > older") and the supersessions' rules and reasons. With `vectors` the
 * embedding service says the hand-written vectors are sound.
 */
export function textStore(prefix: string, defaultCategory: Category) {
  const fresh = storePerTest(prefix);
  let clock = Date.now() - 20 * 86_400_000;
  const texts = new Map<string, string>();
  return {
    sqlite: () => fresh.ctx().sqlite,
    remember(content: string, category: Category = defaultCategory, vector?: Float32Array): string {
      const ctx = fresh.ctx();
      const m = createMemory(ctx, { content, category, directory: fresh.dir() }).memory;
      if (vector) writeVectorOf(ctx.sqlite, m.id, vector);
      clock += 86_400_000;
      ctx.sqlite.prepare("UPDATE memories SET created_at = ?, updated_at = ? WHERE id = ?").run(clock, clock, m.id);
      texts.set(m.id, content);
      return m.id;
    },
    async proposals(options: ConsolidateOptions = {}, vectors = false) {
      const store = fresh.ctx();
      if (vectors) store.services.embeddings = { ready: () => true, dedupStatus: () => ({ semantic: true }) } as unknown as EmbeddingService;
      const run = await consolidate(store, { dryRun: true, ...options }).finally(() => {
        store.services.embeddings = undefined;
      });
      const list = run.proposals ?? [];
      const supersede = list.filter((p) => p.kind === "supersede");
      return {
        merges: list.filter((p) => p.kind === "merge").map((p) => p.memoryIds.map((id) => texts.get(id)).sort()),
        supersessions: supersede.map((p) => `${texts.get(p.memoryIds[0]!)} > ${texts.get(p.memoryIds[1]!)}`),
        rules: supersede.map((p) => (p.evidence as { rule?: string }).rule),
        reasons: supersede.map((p) => p.reason),
      };
    },
  };
}

/** The dimension of the hand-written vectors of the consolidation tests (a model's weights are outside them). */
export const VECTOR_DIM = 8;

/** A unit vector leaning `cos` towards axis `from` and the rest towards axis `to`. */
export function toward(from: number, cos: number, to: number): Float32Array {
  const v = new Float32Array(VECTOR_DIM);
  v[from] = cos;
  v[to] = Math.sqrt(1 - cos * cos);
  return v;
}

/** Writes `vector` as the stored memory `id`'s own, into the real vector table (with its placement columns). */
export function writeVectorOf(sqlite: Database.Database, id: string, vector: Float32Array): void {
  const row = sqlite.prepare("SELECT seq, project_id, scope, category, status, session_id FROM memories WHERE id = ?").get(id) as {
    seq: number;
    project_id: string | null;
    scope: string;
    category: string;
    status: string;
    session_id: string | null;
  };
  writeVectors(
    sqlite,
    [{ seq: row.seq, projectId: row.project_id, scope: row.scope, category: row.category, status: row.status, sessionId: row.session_id }],
    [vector],
  );
}
