import fs from "node:fs";
import path from "node:path";
import { v7 as uuidv7 } from "uuid";
import type { Ctx } from "../../lib/ctx";
import { CATEGORIES } from "../../lib/vocabulary";
import { backfillEntities } from "../../lib/entities/backfill";
import { markAllDerived, mergeLexicalIndexSteps } from "../../lib/indexing";
import { runAll } from "../../lib/slices";
import { lexicalColumns } from "../../lib/indexing/rows";
import { LOCOMO_DIR } from "./quality";

/**
 * The store of the scale benchmark: the LoCoMo dev turns (conv-26, conv-30: the evidence of the
 * questions) mixed with synthetic coding memories. The synthetic ones are generated from a seeded
 * PRNG: 24 sentence shapes whose slots draw from coding vocabularies (components, files,
 * identifiers, errors, tools, people, numbers) and from the LoCoMo turns' own vocabulary by Zipf
 * (so the questions' everyday words — "event", "help", "children" — are as common in the store as
 * in real notes). No two memories are the same text.
 */
export interface Turn {
  sample_id: string;
  dia_id: string;
  speaker: string;
  text: string;
}
export interface Question {
  sample_id: string;
  qid: string;
  question: string;
  category: number;
  evidence: string[];
}

export const SCALE_PROJECTS = Array.from({ length: 10 }, (_, i) => `p_scale${String(i).padStart(10, "0")}`);
/** The project each conversation's turns belong to (filtered queries ask within it). */
export const CONVERSATION_PROJECT: Record<string, string> = { "conv-26": SCALE_PROJECTS[0], "conv-30": SCALE_PROJECTS[1] };

export const readJsonl = <T>(file: string): T[] =>
  fs
    .readFileSync(file, "utf8")
    .split("\n")
    .filter((l) => l.trim())
    .map((l) => JSON.parse(l) as T);

export function locomo(): { turns: Turn[]; questions: Question[] } | null {
  if (!fs.existsSync(path.join(LOCOMO_DIR, "locomo-dev_memories.jsonl"))) return null;
  const allowed = new Set(Object.keys(CONVERSATION_PROJECT));
  return {
    turns: readJsonl<Turn>(path.join(LOCOMO_DIR, "locomo-dev_memories.jsonl")).filter((t) => allowed.has(t.sample_id)),
    questions: readJsonl<Question>(path.join(LOCOMO_DIR, "locomo-dev_queries.jsonl")).filter((q) => allowed.has(q.sample_id)),
  };
}

/** mulberry32: small, fast, deterministic. */
export function seeded(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const words = (s: string) => s.trim().split(/\s+/);
const COMPONENTS = words(`auth billing checkout search indexer scheduler gateway router cache queue worker uploader
  notifier exporter importer parser renderer compiler bundler linter formatter migrator backup sync session profile
  dashboard settings payments invoices ledger reports analytics telemetry logger tracer metrics alerts webhook
  mailer sms calendar chat inbox feed comments reviews ratings catalog inventory orders shipping returns pricing
  coupons loyalty onboarding signup login sso permissions roles audit storage thumbnails media video transcoder`);
const ACTIONS = words(`refactored rewrote fixed debugged profiled optimized removed deprecated renamed split merged
  moved documented tested benchmarked migrated upgraded downgraded pinned patched reverted cached batched throttled
  retried parallelized serialized validated sanitized encrypted compressed paginated indexed sharded replicated`);
const TOOLS = words(`postgres sqlite redis kafka rabbitmq nginx docker kubernetes terraform ansible webpack vite
  esbuild jest vitest playwright cypress eslint prettier typescript rust golang python django flask rails spring
  graphql grpc protobuf openapi sentry grafana prometheus datadog github gitlab jenkins circleci vercel netlify s3`);
const ERRORS = words(`TypeError RangeError ECONNRESET ETIMEDOUT ENOENT EACCES SQLITE_BUSY OOMKilled segfault deadlock
  NullPointerException KeyError IndexError 502 504 429 CORS_error race_condition memory_leak stack_overflow
  off_by_one timezone_bug encoding_error flaky_test stale_cache lock_contention`);
const PEOPLE = words(`Alice Bob Carol Dave Erin Frank Grace Heidi Ivan Judy Mallory Niaj Olivia Peggy Rupert Sybil
  Trent Victor Walter Yusuf Zoe Priya Kenji Amara Lucas Mei Tomas Ingrid Omar Sana`);
const DIRS = words(`src lib app api server client core utils services models routes hooks components scripts tests`);
const EXTS = words(`ts tsx js py go rs sql yml json md`);
const NOUNS = words(`user account order item token request response config schema table column index query
  batch job task event message payload header cookie timeout retry limit quota budget window cursor page offset
  file path buffer stream socket connection pool thread lock transaction snapshot version release branch commit`);
const ADJ = words(`slow fast stale fresh flaky stable broken missing duplicate partial empty large small legacy
  new old nested async sync optional required default custom internal external`);

function pick<T>(r: () => number, xs: readonly T[]): T {
  return xs[Math.floor(r() * xs.length)];
}
const cap = (s: string) => s[0].toUpperCase() + s.slice(1);

/** A Zipf(1) sampler over a vocabulary ordered most frequent first. */
function zipf(r: () => number, vocabulary: readonly string[]): () => string {
  const cdf: number[] = [];
  let h = 0;
  for (let i = 1; i <= vocabulary.length; i++) cdf.push((h += 1 / i));
  return () => {
    const x = r() * h;
    let lo = 0;
    let hi = vocabulary.length - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (cdf[mid] < x) lo = mid + 1;
      else hi = mid;
    }
    return vocabulary[lo];
  };
}

/** Vocabulary of the turns, most frequent first (the questions' everyday words). */
function everydayVocabulary(turns: readonly Turn[]): string[] {
  const counts = new Map<string, number>();
  for (const t of turns) for (const w of t.text.toLowerCase().match(/[a-z]+/g) ?? []) counts.set(w, (counts.get(w) ?? 0) + 1);
  const ordered = [...counts.entries()].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0])).map(([w]) => w);
  return ordered.length ? ordered : [...NOUNS, ...ADJ];
}

export function syntheticMemories(seed: number, turns: readonly Turn[]): () => string {
  const r = seeded(seed);
  const everyday = zipf(r, everydayVocabulary(turns));
  const phrase = (min: number, max: number) => Array.from({ length: min + Math.floor(r() * (max - min + 1)) }, everyday).join(" ");
  const num = (max: number) => 1 + Math.floor(r() * max);
  const ident = () =>
    pick(r, ["get", "set", "load", "save", "build", "parse", "handle", "create", "update", "fetch"]) + cap(pick(r, NOUNS)) + cap(pick(r, NOUNS));
  const snake = () => `${pick(r, NOUNS)}_${pick(r, NOUNS)}_${pick(r, ["count", "ms", "id", "at", "max", "min", "size"])}`;
  const file = () => `${pick(r, DIRS)}/${pick(r, COMPONENTS)}/${pick(r, NOUNS)}.${pick(r, EXTS)}`;
  const c = () => pick(r, COMPONENTS);
  const shapes: (() => string)[] = [
    () => `${pick(r, PEOPLE)} ${pick(r, ACTIONS)} the ${c()} ${pick(r, NOUNS)} handling in ${file()}:${num(900)} because ${phrase(4, 12)}.`,
    () => `Decision: use ${pick(r, TOOLS)} for the ${c()} ${pick(r, NOUNS)} store instead of ${pick(r, TOOLS)}; ${phrase(5, 14)}.`,
    () => `Gotcha: ${ident()} throws ${pick(r, ERRORS)} when the ${pick(r, NOUNS)} is ${pick(r, ADJ)}. ${cap(phrase(3, 10))}.`,
    () => `The ${c()} service times out after ${num(120)}s under load; raising ${snake()} to ${num(5000)} fixed it. ${cap(phrase(2, 8))}.`,
    () => `Convention: every ${pick(r, NOUNS)} in ${pick(r, DIRS)}/${c()} goes through ${ident()}, never a raw ${pick(r, TOOLS)} call.`,
    () =>
      `${pick(r, PEOPLE)} and ${pick(r, PEOPLE)} agreed to ${pick(r, ACTIONS).replace(/ed$/, "e")} ${c()} before release ${num(9)}.${num(30)}; ${phrase(4, 10)}.`,
    () => `Bug #${num(9999)}: ${pick(r, ADJ)} ${pick(r, NOUNS)} in ${c()} after ${pick(r, ACTIONS)} ${file()}. Root cause: ${pick(r, ERRORS)} ${phrase(3, 9)}.`,
    () =>
      `Run \`npm run ${pick(r, ["test", "build", "lint", "bench", "migrate", "seed"])} -- --${pick(r, NOUNS)}\` before touching ${file()}; ${phrase(3, 9)}.`,
    () => `Constraint: the ${c()} API must answer within ${num(500)} ms at p95 and never return a ${pick(r, ADJ)} ${pick(r, NOUNS)}.`,
    () => `${cap(phrase(6, 16))} — noted while ${pick(r, ACTIONS)} the ${c()} ${pick(r, NOUNS)} with ${pick(r, TOOLS)}.`,
    () => `Plan for sprint ${num(60)}: ${pick(r, ACTIONS).replace(/ed$/, "e")} ${c()}, ${pick(r, ACTIONS).replace(/ed$/, "e")} ${c()}, then ${phrase(3, 8)}.`,
    () => `${ident()}(${pick(r, NOUNS)}, ${pick(r, NOUNS)}) in ${file()} returns a ${pick(r, ADJ)} ${pick(r, NOUNS)} when ${snake()} is ${num(100)}.`,
    () =>
      `Preference: ${pick(r, PEOPLE)} wants ${pick(r, ["tabs", "spaces", "small PRs", "squash merges", "rebases", "feature flags", "early returns"])} in ${c()}; ${phrase(2, 10)}.`,
    () => `Migrating ${c()} from ${pick(r, TOOLS)} to ${pick(r, TOOLS)}: ${num(40)} of ${num(40) + 40} ${pick(r, NOUNS)}s done, ${phrase(3, 9)}.`,
    () => `The ${pick(r, ADJ)} ${pick(r, NOUNS)} in ${c()} was caused by ${pick(r, ERRORS)} in ${ident()}; ${pick(r, PEOPLE)} ${pick(r, ACTIONS)} it.`,
    () => `Incident ${num(500)}: ${c()} returned ${pick(r, ["500", "502", "503", "429", "404"])} for ${num(90)} minutes. ${cap(phrase(5, 14))}.`,
    () => `Idea: ${phrase(3, 8)} with a ${pick(r, ADJ)} ${pick(r, NOUNS)} cache in front of ${c()} (${pick(r, TOOLS)}).`,
    () => `To reproduce: set ${snake().toUpperCase()}=${num(64)}, start ${c()}, then call ${ident()} twice; ${phrase(2, 8)}.`,
    () => `${pick(r, PEOPLE)} said ${phrase(5, 15)}.`,
    () =>
      `Event log: ${c()} emitted ${num(10000)} ${pick(r, NOUNS)} events on ${pick(r, ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday"])}; ${phrase(3, 10)}.`,
    () => `Review of ${file()}: ${pick(r, ADJ)} ${pick(r, NOUNS)} names, ${pick(r, ADJ)} tests, ${phrase(3, 9)}.`,
    () => `Blocked on ${pick(r, TOOLS)} ${num(20)}.${num(20)}: ${pick(r, ERRORS)} in ${c()} ${pick(r, NOUNS)}s. ${cap(phrase(2, 8))}.`,
    () => `Docs for ${c()}: ${phrase(8, 20)}.`,
    () => `Remember that ${ident()} and ${ident()} share the ${pick(r, NOUNS)} pool; ${phrase(4, 12)}.`,
  ];
  const seen = new Set<string>();
  return () => {
    for (;;) {
      const text = pick(r, shapes)();
      if (!seen.has(text)) {
        seen.add(text);
        return text;
      }
    }
  };
}

/** Tags the corpus puts on some memories (the tag filters of the quality check). */
export const SCALE_TAGS = { review: "review", ops: "ops" } as const;

export interface StoredTurn {
  seq: number;
  diaId: string;
  sampleId: string;
}

/**
 * What a server does once to a store it starts on, done at load time so that the timed requests
 * do not share the server with it: the entity parse of every memory (the sweep's first tick,
 * sliced: at 100,000 memories it ran through the whole HTTP measurement and counted in its server
 * CPU) and the merge of the lexical index's segments (lib/indexing/lexical-merge.ts).
 */
export function settleStore(ctx: Ctx): void {
  backfillEntities(ctx);
  runAll(mergeLexicalIndexSteps(ctx.sqlite));
}

/**
 * Writes n memories into the tables the verbs write (same tokenizer, same FTS columns): the turns
 * (speaker as title, category event, scope project of their conversation) spread evenly through
 * the synthetic ones, which get a project (or global), a category and a status from the PRNG.
 * Returns where each turn went.
 */
export function loadScaleStore(ctx: Ctx, n: number, turns: readonly Turn[], seed = 2024): StoredTurn[] {
  const s = ctx.sqlite;
  const r = seeded(seed ^ 0x5eed);
  const text = syntheticMemories(seed, turns);
  const insProject = s.prepare("INSERT OR IGNORE INTO projects(id, name, identity) VALUES (?, ?, 'path')");
  for (const p of SCALE_PROJECTS) insProject.run(p, p);
  const ins = s.prepare(
    `INSERT INTO memories(id, project_id, scope, category, title, content, tags, source, status, pinned, priority, content_hash, created_at, updated_at, access_count)
     VALUES (?, ?, ?, ?, ?, ?, ?, 'import', ?, ?, 0, ?, ?, ?, 0) RETURNING seq`,
  );
  const insTag = s.prepare("INSERT INTO memory_tags(memory_id, tag) VALUES (?, ?)");
  const fts = s.prepare("INSERT INTO memory_fts(rowid, title, tags, content) VALUES (?, ?, ?, ?)");
  const stored: StoredTurn[] = [];
  const every = Math.max(1, Math.floor(n / Math.max(1, turns.length)));
  let turn = 0;
  const now = Date.now();
  const batch = 5000;
  for (let start = 0; start < n; start += batch) {
    s.transaction(() => {
      for (let i = start; i < Math.min(n, start + batch); i++) {
        const t = turn < turns.length && i % every === every - 1 ? turns[turn++] : undefined;
        const project = t ? CONVERSATION_PROJECT[t.sample_id] : r() < 0.2 ? null : pick(r, SCALE_PROJECTS);
        const category = t ? "event" : pick(r, CATEGORIES);
        const status = t || r() < 0.9 ? "active" : "archived";
        const title = t ? t.speaker : null;
        const content = t ? t.text : text();
        const created = now - (n - i) * 60_000;
        // By position, not from the PRNG: the rest of the corpus stays what it was without them.
        const tags = i % 10 === 3 ? [SCALE_TAGS.review, ...(i % 20 === 3 ? [SCALE_TAGS.ops] : [])] : [];
        const pinned = i % 50 === 7 ? 1 : 0;
        const id = uuidv7();
        const { seq } = ins.get(
          id,
          project,
          project ? "project" : "global",
          category,
          title,
          content,
          JSON.stringify(tags),
          status,
          pinned,
          `h${i}`,
          created,
          created,
        ) as {
          seq: number;
        };
        fts.run(seq, ...lexicalColumns({ title, tags, content }));
        for (const t of tags) insTag.run(id, t);
        if (t) stored.push({ seq, diaId: t.dia_id, sampleId: t.sample_id });
      }
    })();
  }
  markAllDerived(s);
  s.exec("DELETE FROM embedding_queue");
  settleStore(ctx);
  s.pragma("wal_checkpoint(TRUNCATE)");
  s.exec("ANALYZE");
  return stored;
}
