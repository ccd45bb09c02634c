import crypto from "node:crypto";
import type { Ctx } from "../../../lib/ctx";
import { markAllDerived } from "../../../lib/indexing";

const WORDS = "build deploy cache retry postgres migration token parser index vector query budget session checkpoint plugin server".split(" ");

/**
 * Inserts `n` realistic memories fast (one transaction, prepared statements), with their FTS rows
 * and tags, the way the memory verbs would. Even positions are `note`, odd ones `fact`.
 */
export function seedMemories(ctx: Ctx, n: number, tokenize: (s: string) => string[]): void {
  const insert = ctx.sqlite.prepare(
    `INSERT INTO memories(id, scope, category, title, content, tags, source, status, content_hash, created_at, updated_at)
     VALUES (?, 'global', ?, ?, ?, ?, 'api', 'active', ?, ?, ?) RETURNING seq`,
  );
  const fts = ctx.sqlite.prepare("INSERT INTO memory_fts(rowid, title, tags, content) VALUES (?, ?, ?, ?)");
  const tag = ctx.sqlite.prepare("INSERT INTO memory_tags(memory_id, tag) VALUES (?, ?)");
  const now = Date.now();
  ctx.sqlite.transaction(() => {
    for (let i = 0; i < n; i++) {
      const words = Array.from({ length: 40 }, (_, j) => WORDS[(i * 7 + j * 13) % WORDS.length]);
      const content = `Memory ${i}: ${words.join(" ")} ${crypto.randomBytes(8).toString("hex")}`;
      const title = `memory ${i}`;
      const t = WORDS[i % WORDS.length];
      const id = crypto.randomUUID();
      const { seq } = insert.get(
        id,
        i % 2 === 0 ? "note" : "fact",
        title,
        content,
        JSON.stringify([t]),
        crypto.createHash("sha256").update(content).digest("hex"),
        now - i,
        now - i,
      ) as {
        seq: number;
      };
      fts.run(seq, tokenize(title).join(" "), t, tokenize(content).join(" "));
      tag.run(id, t);
    }
    markAllDerived(ctx.sqlite);
  })();
}
