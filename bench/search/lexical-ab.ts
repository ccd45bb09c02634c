import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { type benchCtx, round, stats, table, writeResult } from "./common";
import { tailBodies, type TailSet } from "./tail-profile";

/**
 * Two builds of the search, alternated request by request in one process: the code of another
 * checkout (`--base`, e.g. a `git archive` of the commit before a change) against this one, each
 * with its own connection to its own copy of the store (`--store-a`, `--store-b`), CPU time per
 * request (process.cpuUsage). For each request of a tail-profile set (the speed bench's lexical
 * requests split by the question's hash, or the other sources' questions): `lexicalSearch` k = 100
 * (the FTS5 part, what the route asks) and `searchMemories` lexical limit 10 (the verb), with which
 * side goes first alternating. Each side's overlap@10 with the exhaustive BM25 ranking and its
 * empty answers (none where a word matches) are reported too. The answers are compared: `lexicalSearch`'s (seqs and bm25 in order)
 * and the verb's (ids in order; the verb's ranking varies between two connections of the same
 * code beyond ties too, so `--base .` gives its A-against-A agreement).
 *
 *   git archive <commit> | tar -x -C <base>; ln -s "$PWD/node_modules" <base>/node_modules
 *   npx tsx bench/search/lexical-ab.ts --base <base> --store-a <copy 1> --store-b <copy 2> --set frozen [--reps 3]
 *
 * Nothing is written to the stores (the access counts are deferred and dropped), so two copies of
 * one pristine store give both sides the same data. The first row pair is cold: each request's
 * first `lexicalSearch` on each side, before any warm-up (caches loaded on first use pay there).
 */
const args = process.argv.slice(2);
const opt = (name: string) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? args[i + 1] : undefined;
};

type Side = {
  name: string;
  ctx: ReturnType<typeof benchCtx>;
  /** overlap@10 of the top 10 of `lexical` with the exhaustive ranking (same filters), and whether it came back empty where that had a match. */
  overlap: (b: Body) => { overlap: number; empty: boolean };
  lexical: (b: Body) => unknown[];
  verb: (b: Body) => Promise<{ results: { id: string }[] }>;
};
type Body = ReturnType<typeof tailBodies>[number];

async function side(name: string, root: string, store: string): Promise<Side> {
  const load = (file: string) => import(pathToFileURL(path.join(root, file)).href);
  const common = await load("bench/search/common.ts");
  const lexicalMod = await load("lib/search/lexical.ts");
  const bilingual = await load("lib/search/bilingual.ts");
  const search = await load("lib/search/search.ts");
  const exhaustive = await load("lib/search/exhaustive.ts");
  const ctx = common.benchCtx({}, store) as ReturnType<typeof benchCtx>;
  const termsOf = (b: Body) => bilingual.searchQuery(b.query, ctx.config.search.translateQuery).terms;
  const filtersOf = (b: Body) => ({ projectId: b.project ?? null, statuses: ["active"] });
  const lexical = (b: Body) => lexicalMod.lexicalSearch(ctx, termsOf(b), filtersOf(b), 100) as { seq: number }[];
  return {
    name,
    ctx,
    overlap: (b) => {
      const best = (exhaustive.exhaustiveRanking(ctx.sqlite, termsOf(b), filtersOf(b), 10) as { seq: number }[]).map((r) => r.seq);
      const got = new Set(
        lexical(b)
          .slice(0, 10)
          .map((h) => h.seq),
      );
      return { overlap: best.length === 0 ? 1 : best.filter((seq) => got.has(seq)).length / best.length, empty: best.length > 0 && got.size === 0 };
    },
    lexical,
    verb: (b) =>
      search.searchMemories(
        ctx,
        { query: b.query, limit: 10, mode: "lexical", explain: false, purpose: "search", project: b.project },
        { defer: () => undefined },
      ),
  };
}

function cpuMs(fn: () => unknown): number {
  const before = process.cpuUsage();
  fn();
  const used = process.cpuUsage(before);
  return (used.user + used.system) / 1000;
}

export async function runAb(base: string, storeA: string, storeB: string, set: TailSet, reps: number) {
  const here = path.resolve(import.meta.dirname, "../..");
  const a = await side("A (base)", path.resolve(base), storeA);
  const b = await side("B (this checkout)", here, storeB);
  const bodies = tailBodies(set);
  // Cold: each request's first lexicalSearch on each side (A, B alternating), before any warm-up:
  // what a cache loaded on first use costs (the postings held in memory, lexical-postings.ts).
  const cold = { lexA: [] as number[], lexB: [] as number[] };
  for (const [i, body] of bodies.entries()) {
    for (const s of i % 2 === 0 ? [a, b] : [b, a]) (s === a ? cold.lexA : cold.lexB).push(cpuMs(() => s.lexical(body)));
  }
  // The memories' lengths load after a search has answered (lexical-postings.ts, queued by the
  // search, started by searchMemories after its last await): a turn of the event loop after each
  // side's verb, else every request below would be answered by FTS5's statements.
  for (const body of bodies) {
    for (const s of [a, b]) await s.verb(body);
    await new Promise((r) => setImmediate(r));
  }
  // Answers first (and a warm-up of both sides' caches).
  let same = 0;
  let sameVerb = 0;
  const hits = (s: Side, body: Body) => JSON.stringify((s.lexical(body) as { seq: number; bm25: number }[]).map((h) => [h.seq, h.bm25]));
  const ids = async (s: Side, body: Body) => JSON.stringify((await s.verb(body)).results.map((r) => r.id));
  // The requests whose statements on this side bound FTS5's rowids (the newest window alone, the
  // widening's range): the ones a change to those statements can move.
  const proto = Object.getPrototypeOf(b.ctx.sqlite.prepare("SELECT 1")) as { all: (...a: unknown[]) => unknown };
  const all = proto.all;
  let bounded = false;
  proto.all = function (this: { source: string }, ...p: unknown[]) {
    if (this.source.includes("bm25(") && /(?<!\+)memory_fts\.rowid >= CAST/.test(this.source)) bounded = true;
    return all.apply(this, p);
  };
  const windowed = new Set<number>();
  for (const body of bodies) {
    bounded = false;
    b.lexical(body);
    if (bounded) windowed.add(body.i);
  }
  proto.all = all;
  const quality = [a, b].map((s) => {
    const each = bodies.map((body) => s.overlap(body));
    return { side: s.name, "overlap@10": round(each.reduce((t, e) => t + e.overlap, 0) / each.length, 3), empty: each.filter((e) => e.empty).length };
  });
  for (const body of bodies) {
    if (hits(a, body) === hits(b, body)) same++;
    if ((await ids(a, body)) === (await ids(b, body))) sameVerb++;
  }
  const cpu = { lexA: [] as number[], lexB: [] as number[], verbA: [] as number[], verbB: [] as number[] };
  const sub = { lexA: [] as number[], lexB: [] as number[], verbA: [] as number[], verbB: [] as number[] };
  for (let r = 0; r < reps; r++)
    for (const [i, body] of bodies.entries()) {
      const order = (i + r) % 2 === 0 ? [a, b] : [b, a];
      for (const s of order) {
        const isA = s === a;
        const lex = cpuMs(() => s.lexical(body));
        const verb = cpuMs(() => s.verb(body));
        (isA ? cpu.lexA : cpu.lexB).push(lex);
        (isA ? cpu.verbA : cpu.verbB).push(verb);
        if (windowed.has(body.i)) {
          (isA ? sub.lexA : sub.lexB).push(lex);
          (isA ? sub.verbA : sub.verbB).push(verb);
        }
      }
    }
  a.ctx.close();
  b.ctx.close();
  const mean = (xs: number[]) => round(xs.reduce((s, x) => s + x, 0) / xs.length);
  const row = (requests: string, part: string, xs: number[], name: string) => ({ requests, part, side: name, mean: mean(xs), ...stats(xs) });
  const bounding = `with a rowid-bounded statement (${windowed.size})`;
  const rows = [
    row("all, cold (first run of each)", "lexicalSearch k=100", cold.lexA, a.name),
    row("all, cold (first run of each)", "lexicalSearch k=100", cold.lexB, b.name),
    row("all", "lexicalSearch k=100", cpu.lexA, a.name),
    row("all", "lexicalSearch k=100", cpu.lexB, b.name),
    row("all", "searchMemories lexical", cpu.verbA, a.name),
    row("all", "searchMemories lexical", cpu.verbB, b.name),
    ...(windowed.size
      ? [
          row(bounding, "lexicalSearch k=100", sub.lexA, a.name),
          row(bounding, "lexicalSearch k=100", sub.lexB, b.name),
          row(bounding, "searchMemories lexical", sub.verbA, a.name),
          row(bounding, "searchMemories lexical", sub.verbB, b.name),
        ]
      : []),
  ];
  const load1 = round(os.loadavg()[0], 1);
  console.log(
    `\nset ${set}: ${bodies.length} requests x ${reps} a side, load1 ${load1}; identical lexicalSearch answers ${same} / ${bodies.length} (verb: ${sameVerb}); CPU ms a request`,
  );
  console.log(table(rows));
  console.log("\nlexicalSearch k = 100, its top 10 against the exhaustive ranking (same filters)");
  console.log(table(quality));
  return { set, reps, load1, requests: bodies.length, identicalLexical: same, identicalVerb: sameVerb, quality, rows };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const base = opt("base");
  const storeA = opt("store-a");
  const storeB = opt("store-b");
  if (!base || !storeA || !storeB) throw new Error("--base <checkout> --store-a <dir> --store-b <dir> are required");
  const set = (opt("set") ?? "frozen") as TailSet;
  const result = await runAb(base, path.resolve(storeA), path.resolve(storeB), set, Number(opt("reps") ?? 3));
  console.log(`\nwrote ${writeResult(`search-lexical-ab-${set}`, { at: new Date().toISOString(), ...result })}`);
  process.exit(0);
}
