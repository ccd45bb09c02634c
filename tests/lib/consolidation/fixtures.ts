import { afterAll, beforeEach } from "vitest";
import { consolidate } from "../../../lib/consolidation/consolidate";
import type { Featured } from "../../../lib/consolidation/features";
import type { MemoryLite } from "../../../lib/consolidation/types";
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

/**
 * A fresh store for each test of the calling file (one project directory), and `supersessions`:
 * stores the memories oldest first (a day apart) and returns the supersessions a dry run proposes,
 * as "newer > older" by text.
 */
export function datedStore(prefix: string) {
  let ctx: ReturnType<typeof testCtx> | undefined;
  let dir = "";
  beforeEach(() => {
    ctx?.close();
    ctx = testCtx();
    dir = tempDir(prefix);
  });
  afterAll(() => ctx?.close());
  return {
    async supersessions(rows: [category: Category, content: string][]): Promise<string[]> {
      const store = ctx!;
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
