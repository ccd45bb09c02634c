import fs from "node:fs";
import path from "node:path";
import { loadConfig } from "../../lib/config";
import { createTransformersProvider } from "../../lib/embeddings/transformers";
import { round, table, tempDir, writeResult } from "./common";
import { MEMORIES, QUERIES } from "./paraphrase-set";

/**
 * Calibrates what depends on the embedding model, on pairs labeled here (development data):
 * - the near-duplicate cosine (fold): precision of "duplicate" over restatements vs same-template
 *   pairs with a different fact (an update is not a duplicate) and unrelated memories;
 * - the consolidation similarity (merge proposal): precision of "duplicate or same subject";
 * - the recall block's cut-off for vector-only matches: cosine distance of the best memory for the
 *   paraphrase-set queries (answerable) vs questions the store cannot answer.
 *
 *   RECOLLECT_BENCH_MODEL_DIR=$(bench/models/prepare | tail -1) npx tsx bench/search/calibrate.ts
 */
const modelDir = process.env.RECOLLECT_BENCH_MODEL_DIR ?? "";
if (!modelDir || !fs.existsSync(path.join(modelDir, "config.json"))) {
  console.log("skipped calibrate: set RECOLLECT_BENCH_MODEL_DIR to a prepared model (bench/models/prepare)");
  process.exit(0);
}
const QUERY_PREFIX = process.env.RECOLLECT_BENCH_QUERY_PREFIX ?? "";
const PASSAGE_PREFIX = process.env.RECOLLECT_BENCH_PASSAGE_PREFIX ?? "";

/** Same fact, other words (a memory saved twice). */
const DUPLICATES: [string, string][] = [
  [MEMORIES.cents, "Prices are kept as integer cents, floats are never used for amounts."],
  [MEMORIES.migrations, "We generate the DB migrations with drizzle-kit; they are applied when the server starts."],
  [MEMORIES.wal, "SQLite uses WAL mode and busy_timeout=5000, so readers do not block the writer."],
  [MEMORIES.tokenCookie, "The API token lives in an httpOnly, SameSite=Strict cookie and never in localStorage."],
  [MEMORIES.port, "By default the server listens on 127.0.0.1:7731 (change it with RECOLLECT_SERVER_PORT)."],
  [MEMORIES.retries, "Payment provider HTTP calls are retried 3 times with exponential backoff plus jitter."],
  [MEMORIES.tz, "Timestamps are saved as UTC milliseconds; conversion to local time happens only in the UI."],
  [MEMORIES.lint, "Always run npm run lint before a commit, because CI fails on any ESLint warning."],
  [MEMORIES.logs, "Logs go to data/logs as JSON lines, rotated every day, 14 files kept."],
  [MEMORIES.vectors, "Embeddings: 384-dim float32 vectors stored in a sqlite-vec virtual table."],
  [MEMORIES.node, "Node.js 22+ is required since we use the built-in fetch and node:sqlite types."],
  [MEMORIES.branch, "Squash-merge feature branches into main, and never force-push main."],
  [MEMORIES.rateLimit, "The public endpoint allows 60 requests per minute per IP (token bucket)."],
  [MEMORIES.images, "Images that are uploaded get resized to 2048 px max and converted to WebP."],
  [MEMORIES.auth, "Passwords use argon2id hashing; old bcrypt hashes are upgraded at the next login."],
  [MEMORIES.docker, "Our Docker image is based on node:22-slim and runs as the non-root node user."],
  [MEMORIES.backup, "Every night the database is copied with VACUUM INTO to a dated file; seven copies are kept."],
  [MEMORIES.pagination, "List endpoints use opaque cursors instead of offsets so that inserts don't shift pages."],
  [MEMORIES.softDelete, "Memories are soft-deleted (deleted_at column) and purged after 30 days."],
  [MEMORIES.useDebounce, "useDebounce waits 300 ms after the last key press before it searches."],
  [MEMORIES.zhDeploy, "部署到生产环境之前，必须先在预发布环境完成冒烟测试。"],
  [MEMORIES.zhLog, "用户的手机号和身份证号不能直接打印到日志里，要先脱敏。"],
  [MEMORIES.zhTimeout, "第三方支付接口的超时设为3秒，超时后走对账流程。"],
  [MEMORIES.csv, "CSV export: quote all fields and use CRLF line endings so Excel opens it correctly."],
  [MEMORIES.deps, "All dependencies are pinned to exact versions; Renovate updates them every week."],
];

/** Same template, a different fact (an update or a sibling): must not be folded. */
const UPDATES: [string, string][] = [
  [MEMORIES.cacheTtl, "The session cache keeps entries for 30 minutes and is cleared when the config changes."],
  [MEMORIES.port, "The server listens on 127.0.0.1:8080 by default; set RECOLLECT_SERVER_PORT to change it."],
  [MEMORIES.retries, "HTTP calls to the payment provider retry five times with a fixed one-second delay."],
  [MEMORIES.logs, "Logs are written as JSON lines to data/logs and rotated weekly, keeping 4 files."],
  [MEMORIES.node, "The project requires Node.js 20 or newer because it uses the built-in fetch."],
  [MEMORIES.rateLimit, "The public endpoint is limited to 600 requests per minute per API key using a sliding window."],
  [MEMORIES.backup, "Nightly backups copy the database with VACUUM INTO to a dated file and keep thirty of them."],
  [MEMORIES.images, "Uploaded images are resized to at most 1024 pixels and converted to AVIF."],
  [MEMORIES.auth, "Passwords are hashed with bcrypt; argon2id hashes from the old system are downgraded on login."],
  [MEMORIES.queue, "Background jobs use a Redis-backed queue; failed jobs retry once."],
  [MEMORIES.softDelete, "Deleted sessions are soft-deleted with a deleted_at column and purged after 7 days."],
  [MEMORIES.useDebounce, "The useThrottle hook fires at most once every 300 ms while scrolling."],
  [MEMORIES.zhCache, "首页数据缓存三十分钟，后台修改商品后会自动刷新缓存。"],
  [MEMORIES.zhTimeout, "调用第三方物流接口的超时时间设为十秒，超时后重试。"],
  [MEMORIES.tz, "All timestamps are stored as local time strings and converted to UTC in the API."],
];

/** Same subject, complementary facts: worth a merge proposal, not a fold. */
const RELATED: [string, string][] = [
  [MEMORIES.logs, "Log lines carry a request id so one request can be followed across services."],
  [MEMORIES.wal, "The SQLite database file is checkpointed every 1000 pages."],
  [MEMORIES.auth, "Login is locked for 15 minutes after five wrong passwords."],
  [MEMORIES.docker, "The Docker image exposes port 7731 and has a health check on /api/health."],
  [MEMORIES.backup, "Backups are verified weekly by restoring the latest one into a scratch database."],
  [MEMORIES.images, "Image uploads larger than 20 MB are rejected before resizing."],
  [MEMORIES.retries, "The payment provider sends webhooks that must be answered within 5 seconds."],
  [MEMORIES.i18n, "Dates in the UI are formatted with Intl.DateTimeFormat in the user's locale."],
  [MEMORIES.playwright, "Playwright tests run headless with one worker on CI."],
  [MEMORIES.zhLog, "日志保留九十天，之后自动删除。"],
];

/** Questions the paraphrase-set store cannot answer. */
const UNANSWERABLE = [
  "what is the weather tomorrow?",
  "how do I bake sourdough bread?",
  "who won the football match last night?",
  "recommend a good science fiction novel",
  "what is the capital of Australia?",
  "how many calories are in an apple?",
  "best hiking trails near the mountains",
  "how do I tie a tie?",
  "what time does the pharmacy close?",
  "translate good morning into French",
  "how do we train the machine learning model on GPUs?",
  "which Kubernetes namespace runs the ingress controller?",
  "how is the iOS app signed for the App Store?",
  "what is our GraphQL schema versioning policy?",
  "how do we shard the Elasticsearch cluster?",
  "明天天气怎么样？",
  "周末去哪里爬山比较好",
  "怎么做红烧肉",
  "我们的安卓应用怎么签名发布？",
  "推荐一本科幻小说",
];

const { config } = loadConfig({ env: { RECOLLECT_EMBEDDING_MODEL_DIR: modelDir, XDG_CONFIG_HOME: tempDir("recollect-cal-") } });
const provider = await createTransformersProvider(config.embedding, tempDir("recollect-cal-data-"));
const embed = async (texts: string[]) => {
  const out: Float32Array[] = [];
  for (let i = 0; i < texts.length; i += 64) out.push(...(await provider.embed(texts.slice(i, i + 64))));
  return out;
};
const cos = (a: Float32Array, b: Float32Array) => a.reduce((s, x, i) => s + x * b[i], 0);
const pairCosines = async (pairs: [string, string][]) => {
  const v = await embed(pairs.flatMap(([a, b]) => [PASSAGE_PREFIX + a, PASSAGE_PREFIX + b]));
  return pairs.map((_, i) => cos(v[2 * i], v[2 * i + 1]));
};

const dup = await pairCosines(DUPLICATES);
const upd = await pairCosines(UPDATES);
const rel = await pairCosines(RELATED);
const memoryTexts = Object.values(MEMORIES);
const memVectors = await embed(memoryTexts.map((t) => PASSAGE_PREFIX + t));
const unrelated: number[] = [];
for (let i = 0; i < memVectors.length; i++) for (let j = i + 1; j < memVectors.length; j++) unrelated.push(cos(memVectors[i], memVectors[j]));

const describe = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return { n: s.length, min: round(s[0], 3), p50: round(s[Math.floor(s.length / 2)], 3), max: round(s[s.length - 1], 3) };
};
const distributions = [
  { pairs: "duplicate (restated)", ...describe(dup) },
  { pairs: "update (other fact)", ...describe(upd) },
  { pairs: "related (same subject)", ...describe(rel) },
  { pairs: "unrelated memories", ...describe(unrelated) },
];
console.log(`\nPair cosines, ${path.basename(modelDir)}`);
console.log(table(distributions));

const thresholds = Array.from({ length: 41 }, (_, i) => round(0.6 + i * 0.01, 2));
const sweep = thresholds.map((t) => {
  const tp = dup.filter((c) => c >= t).length;
  const fp = upd.filter((c) => c >= t).length + rel.filter((c) => c >= t).length + unrelated.filter((c) => c >= t).length;
  const tpSimilar = tp + rel.filter((c) => c >= t).length + upd.filter((c) => c >= t).length;
  const fpSimilar = unrelated.filter((c) => c >= t).length;
  return {
    cosine: t,
    "dup precision": tp + fp ? round(tp / (tp + fp), 3) : 1,
    "dup recall": round(tp / dup.length, 3),
    "same-subject precision": tpSimilar + fpSimilar ? round(tpSimilar / (tpSimilar + fpSimilar), 3) : 1,
    "same-subject recall": round(tpSimilar / (dup.length + rel.length + upd.length), 3),
  };
});
console.log(table(sweep.filter((r) => Math.round(r.cosine * 100) % 2 === 0)));
const strict = sweep.find((r) => r["dup precision"] === 1 && sweep.filter((x) => x.cosine >= r.cosine).every((x) => x["dup precision"] === 1));
const similar = sweep.find(
  (r) => r["same-subject precision"] >= 0.95 && sweep.filter((x) => x.cosine >= r.cosine).every((x) => x["same-subject precision"] >= 0.95),
);

// Recall cut-off: distance of the best memory, for answerable and unanswerable queries.
const answerable = QUERIES.filter((q) => q.kind !== "identifier");
const qv = await embed([...answerable.map((q) => QUERY_PREFIX + q.q), ...UNANSWERABLE.map((q) => QUERY_PREFIX + q)]);
const keys = Object.keys(MEMORIES);
const best = (v: Float32Array) => {
  let bi = 0;
  let bc = -1;
  memVectors.forEach((m, i) => {
    const c = cos(v, m);
    if (c > bc) [bc, bi] = [c, i];
  });
  return { key: keys[bi], distance: 1 - bc };
};
const answered = answerable.map((q, i) => ({ ...best(qv[i]), expect: q.expect }));
const unanswered = UNANSWERABLE.map((_, i) => best(qv[answerable.length + i]));
const cutoffs = [0.3, 0.35, 0.4, 0.45, 0.5, 0.55, 0.6, 0.65, 0.7].map((d) => ({
  "max distance": d,
  "answerable: right memory kept": round(answered.filter((a) => a.expect === a.key && a.distance <= d).length / answered.length, 3),
  "unanswerable: no block": round(unanswered.filter((u) => u.distance > d).length / unanswered.length, 3),
}));
console.log("\nRecall block cut-off for vector-only matches (best memory per query)");
console.log(table(cutoffs));
console.log(`\nstrict (fold) cosine: first with duplicate precision 1.00 from there up: ${strict?.cosine}`);
console.log(`similar (merge proposal) cosine: first with same-subject precision >= 0.95 from there up: ${similar?.cosine}`);
await provider.close?.();
console.log(
  `wrote ${writeResult(`calibrate-${path.basename(modelDir)}`, { distributions, sweep, cutoffs, strict: strict?.cosine, similar: similar?.cosine })}`,
);
process.exit(0);
