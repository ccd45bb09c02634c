import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { Ctx } from "../../lib/ctx";
import { lexicalSegments } from "../../lib/indexing";
import { databaseFile } from "../../lib/paths";
import type { SearchFilters } from "../../lib/search/filters";
import { lexicalSearch } from "../../lib/search/lexical";
import { searchMemories } from "../../lib/search/search";
import { queryTerms } from "../../lib/search/tokenizer";
import { benchCtx, round, stats, table, tempDir } from "./common";
import { CONVERSATION_PROJECT, locomo, type Question } from "./scale-corpus";

/**
 * What the lexical index's segments cost a search (lib/indexing/lexical-merge.ts): a copy of a
 * store merged into one segment against the store as it is, every question run on both in turn
 * (interleaved, so a change of load hits both alike), CPU per query.
 *
 *   npx tsx bench/search/segments.ts --store DIR
 *
 * DIR: a store kept by `route-profile.ts --store DIR` before it was merged (the scale loaders now
 * merge at load time; `INSERT INTO memory_fts(memory_fts, rank) VALUES ('automerge', 0)` before
 * writes keeps segments apart). Needs the LoCoMo dev split (see scale.ts).
 */
const args = process.argv.slice(2);
const store = args[args.indexOf("--store") + 1];
const data = locomo();
if (!data || !store || args.indexOf("--store") < 0) {
  console.log(data ? "usage: segments.ts --store DIR" : "skipped: the LoCoMo dev split is absent");
  process.exit(0);
}
const copy = tempDir("recollect-segments-");
fs.copyFileSync(databaseFile(path.resolve(store)), databaseFile(copy));
const asIs = benchCtx({}, path.resolve(store));
const merged = benchCtx({}, copy);
merged.sqlite.exec("INSERT INTO memory_fts(memory_fts) VALUES ('optimize')");
const questions = data.questions.filter((q) => queryTerms(q.question).length > 0);
const none: SearchFilters = { projectId: null, statuses: ["active"] };
const cpu = (fn: () => unknown) => {
  const t = process.cpuUsage();
  fn();
  const u = process.cpuUsage(t);
  return (u.user + u.system) / 1000;
};
const steps: [string, (ctx: Ctx, q: Question) => unknown][] = [
  ["lexicalSearch k=100", (ctx, q) => lexicalSearch(ctx, queryTerms(q.question), none, 100)],
  ["lexicalSearch k=100 project", (ctx, q) => lexicalSearch(ctx, queryTerms(q.question), { ...none, projectId: CONVERSATION_PROJECT[q.sample_id] }, 100)],
  [
    "searchMemories lexical limit 10",
    (ctx, q) => searchMemories(ctx, { query: q.question, limit: 10, mode: "lexical", explain: false, purpose: "search" }, { defer: () => {} }),
  ],
];
const rows: Record<string, unknown>[] = [];
const mean = (v: number[]) => round(v.reduce((s, x) => s + x, 0) / v.length);
for (const [name, run] of steps) {
  for (const q of questions.slice(0, 30)) {
    run(asIs, q);
    run(merged, q);
  }
  const a: number[] = [];
  const b: number[] = [];
  for (let rep = 0; rep < 2; rep++)
    for (const q of questions) {
      a.push(cpu(() => run(asIs, q)));
      b.push(cpu(() => run(merged, q)));
    }
  rows.push({
    step: name,
    [`${lexicalSegments(asIs.sqlite)} segments cpu mean / p95 ms`]: `${mean(a)} / ${stats(a).p95}`,
    "1 segment cpu mean / p95 ms": `${mean(b)} / ${stats(b).p95}`,
    load1: round(os.loadavg()[0], 1),
  });
}
console.log(table(rows));
asIs.close();
merged.close();
fs.rmSync(copy, { recursive: true, force: true });
process.exit(0);
