import fs from "node:fs";
import path from "node:path";
import { parse as parseJsonc, type ParseError } from "jsonc-parser";
import { z } from "zod";
import { configDir, dataDir, type Env } from "./paths";
import { MCP_TOOL_LISTS } from "./vocabulary";

/**
 * Effective configuration: defaults < `$RECOLLECT_CONFIG` < user file
 * (`$XDG_CONFIG_HOME/recollect/config.jsonc`) < environment (`RECOLLECT_<SECTION>_<KEY>`).
 * One server serves every project, so there is no per-project layer.
 * Every leaf remembers where its value came from (the settings page shows it); unknown keys are
 * reported as warnings rather than silently ignored.
 */
export const DEFAULT_PORT = 7731;

const schema = z.object({
  server: z.object({
    host: z.string().default("127.0.0.1"),
    port: z.number().int().min(1).max(65535).default(DEFAULT_PORT),
    /** Body limit of ordinary API requests. */
    bodyLimitBytes: z
      .number()
      .int()
      .positive()
      .default(4 * 1024 * 1024),
    /** Body limit of requests that carry a whole session history (compress, checkpoints). */
    historyBodyLimitBytes: z
      .number()
      .int()
      .positive()
      .default(64 * 1024 * 1024),
  }),
  embedding: z.object({
    /** `transformers` (local, default), `http` (OpenAI-compatible), `none` (lexical only). */
    provider: z.enum(["transformers", "http", "none"]).default("transformers"),
    /** The default and why: lib/embeddings/model-choice.ts, docs/semantic-search.md. */
    model: z.string().default("Xenova/all-MiniLM-L6-v2"),
    /** A local model directory used instead of downloading `model`. */
    modelDir: z.string().default(""),
    dtype: z.string().default("q8"),
    /**
     * How a local model's token vectors become one vector: `mean` (MiniLM, mpnet, e5) or `cls`
     * (the first token's: BGE). The model's own card says which; a wrong one still runs but ranks worse.
     */
    pooling: z.enum(["mean", "cls"]).default("mean"),
    /**
     * Text put before a search question / a stored text before it is embedded (lib/embeddings/prefixes.ts).
     * Unset: the model's own (e5: "query: " / "passage: "; BGE English v1.5: its query instruction); "" for none.
     */
    queryPrefix: z.string().max(200).optional(),
    passagePrefix: z.string().max(200).optional(),
    baseUrl: z.string().default(""),
    apiKey: z.string().default(""),
    batchSize: z.number().int().min(1).max(1024).default(32),
    /**
     * Copies of the local model, each in a worker thread (default 2): batches are shared among
     * them, a query goes to the least busy one, and the server's main thread never waits on one.
     */
    workers: z.number().int().min(1).max(16).default(2),
    /**
     * CPU threads of each copy (default 1). They never spin-wait for work (ONNX Runtime's default):
     * the server shares the cores with the agent and its own requests, and spinning threads made a
     * query embedding take 11 ms instead of 3-5 ms on a busy 2-core machine.
     */
    threads: z.number().int().min(1).max(64).default(1),
  }),
  search: z.object({
    /**
     * Strict cosine threshold given to an embedding model without thresholds of its own (the
     * default model has its own: docs/deduplication.md). Stored per model when it is first seen.
     */
    dedupThreshold: z.number().min(0).max(1).default(0.92),
    /** Cosine threshold above which a new memory is stored but linked to a similar one for review (models without their own). */
    similarThreshold: z.number().min(0).max(1).default(0.8),
    /**
     * Token Jaccard at or above which the words agree with a strict cosine match (both are needed
     * to fold a near duplicate into an existing memory).
     */
    lexicalAgreeThreshold: z.number().min(0).max(1).default(0.8),
    /** Token Jaccard of a near duplicate when no model can be used (off, loading, degenerate). */
    lexicalDedupThreshold: z.number().min(0).max(1).default(0.9),
    defaultLimit: z.number().int().min(1).max(200).default(10),
    /**
     * `dictionary`: a question's software words are also searched in the other language (Chinese ↔
     * English, lib/search/bilingual.ts); `off`: only as asked. docs/semantic-search.md.
     */
    translateQuery: z.enum(["dictionary", "off"]).default("dictionary"),
  }),
  compression: z.object({
    enabled: z.boolean().default(true),
    /**
     * The most recent turns are never touched. A turn is one message: a user prompt, or one assistant
     * step with its tool results (OpenCode records every step of an agent loop as its own message).
     * The latest user message is always kept whole as well. 1 = the last step with its tool results:
     * everything older has been acted on, and one memory_expand brings any of it back.
     */
    protectRecentTurns: z.number().int().min(0).default(1),
    /** Absolute token thresholds: above the first, stronger strategies; above the second, the strongest. */
    pressureTokens: z.array(z.number().int().positive()).default([50_000, 150_000]),
    ccrTtlDays: z.number().positive().default(7),
    /** Strategy names (lib/compression/strategies) that do not run. */
    disabledStrategies: z.array(z.string()).default([]),
    /** Tools whose output is never touched (Recollect's own `memory_*` tools are always protected). */
    protectedTools: z.array(z.string()).default(["edit", "write", "patch", "multiedit", "apply_patch", "todowrite", "todoread", "task", "question"]),
    /**
     * Cache-aware scheduling (lib/compression/phases/schedule.ts): an aged part is compressed when
     * its saving pays for the provider's cache rewrite it causes (mostly as it ages, when only it is
     * rewritten), older held parts in batches that pay.
     * false: every aged part is compressed as soon as it ages.
     */
    cacheAware: z.boolean().default(true),
    /** A batch below this many tokens saved waits (below the pressure thresholds; 0: the price alone decides). */
    batchMinTokens: z.number().int().min(0).default(0),
    /**
     * A batch goes when its savings, read from cache over the requests likely to follow, pay for
     * rewriting what follows it. How long a session goes on is unknown: the requests expected are
     * half the steps taken so far, at least 3, at most this many (lib/compression/phases/schedule.ts).
     */
    batchPaybackRequests: z.number().positive().default(15),
    /** Below the pressure thresholds, parts smaller than this are never compressed (0: the price alone decides). */
    smallPartTokens: z.number().int().min(0).default(0),
    /**
     * The latest read of a file read or edited within this many messages is kept whole (below the
     * thresholds). 1: while the newest step touches the file; a read held longer is compressed later
     * only by a rewrite of all that follows it (issue 39, round 3: 8 cost 3 points of raw on the tuning set).
     */
    activeFileTurns: z.number().int().min(0).default(1),
    /**
     * A tool output of at least this many tokens identical to an earlier one still shown whole is
     * sent as a reference to it from the first request (lib/compression/repeats.ts).
     */
    repeatMinTokens: z.number().int().min(0).default(100),
    /** The provider's prompt cache lifetime: after a longer pause the cache is cold and any saving is worth a batch. */
    cacheTtlMinutes: z.number().positive().default(5),
    /**
     * Prompt-cache prices by OpenCode provider id (relative to uncached input): a cached prefix
     * costs `read`, the rest `write`. The schedule prices every rewrite of sent history with the
     * prices of the session's provider (the latest message's `providerID`), else those of `*`.
     */
    cachePricing: z.record(z.string().min(1).max(100), z.object({ read: z.number().min(0).max(10), write: z.number().min(0).max(10) })).default({
      anthropic: { read: 0.1, write: 1.25 },
      openai: { read: 0.5, write: 1 },
      "*": { read: 0.1, write: 1.25 },
    }),
    /**
     * The model's input price in US dollars per million tokens, for the money compression saved in
     * stats, metrics and the dashboard (lib/compression/money.ts). 3: Claude Sonnet's.
     */
    inputUsdPerMTok: z.number().min(0).max(1000).default(3),
  }),
  injection: z.object({
    stableBudgetTokens: z.number().int().min(0).default(800),
    recallBudgetTokens: z.number().int().min(0).default(600),
    // Sent on every request of a new session: the most a new session needs to pick up the work, in the
    // fewest tokens (issue 40: with the tools and the pinned block, at most 450 fixed tokens a request).
    resumeBudgetTokens: z.number().int().min(0).default(130),
    recallLimit: z.number().int().min(0).default(5),
  }),
  extraction: z.object({
    enabled: z.boolean().default(true),
    llm: z.object({
      enabled: z.boolean().default(false),
      baseUrl: z.string().default(""),
      model: z.string().default(""),
      apiKey: z.string().default(""),
      dailyTokenCap: z.number().int().min(0).default(200_000),
      /** Output tokens one call may use (reserved against the daily cap before the call). */
      maxTokensPerCall: z.number().int().min(16).default(1024),
      timeoutMs: z.number().int().positive().default(30_000),
    }),
    /** Near-duplicate threshold (token Jaccard) of a suggestion against existing memories. */
    dedupThreshold: z.number().min(0).max(1).default(0.8),
    /** At most this many suggestions are stored per request. */
    maxSuggestionsPerCall: z.number().int().min(0).default(10),
  }),
  sessions: z.object({
    staleAfterSeconds: z
      .number()
      .int()
      .positive()
      .default(15 * 60),
    claimTtlSeconds: z
      .number()
      .int()
      .positive()
      .default(2 * 60 * 60),
    /** How often the background job expires stale sessions and claims and purges expired KV. */
    sweepIntervalSeconds: z.number().int().positive().default(60),
  }),
  /** Consolidation and the review inbox (docs/consolidation.md). */
  consolidation: z.object({
    /** The automatic run, per project, off the request path. */
    auto: z.boolean().default(true),
    /** A project is consolidated again after this many days, or after `afterNewMemories` new ones. */
    everyDays: z.number().min(0).default(7),
    afterNewMemories: z.number().int().min(1).default(200),
    /** Distilled skills are proposed again after this many days. */
    distillEveryDays: z.number().min(0).default(30),
    /** Apply exact duplicates and expiries without a review (the other kinds always wait). */
    autoApply: z.boolean().default(false),
    /** A memory neither recalled nor injected for this many days is proposed as stale (0: never). */
    daysStale: z.number().int().min(0).default(120),
    /** Resolved blockers older than this are proposed to expire. */
    resolvedBlockerDays: z.number().int().min(1).default(90),
    /** Events and conversation notes older than this are proposed to expire. */
    eventDays: z.number().int().min(1).default(180),
    /** Token Jaccard at or above which two memories of one placement are proposed as a merge (without vectors). */
    mergeJaccard: z.number().min(0).max(1).default(0.6),
    /** Cosine at or above which they are (with vectors): the calibrated "same fact" of MiniLM. */
    mergeCosine: z.number().min(0).max(1).default(0.75),
    /**
     * The merge confidence floor (with vectors): a merge pair whose cosine is below this is not
     * proposed, whichever rule found it (0: no floor). Off by default: leave-one-set-out over the
     * blind sets chose 0.85 for all-MiniLM-L6-v2 (pooled precision 0.86 -> 0.90, recall 0.58 ->
     * 0.35), but on the five newest stores it cut recall from 0.26 to 0.10 and left precision where it was
     * (docs/consolidation.md, "Round three, twelfth pass", with the curve). For fewer, surer merges.
     */
    mergeMinCosine: z.number().min(0).max(1).default(0),
    /**
     * Cosine at or above which a pair found by its vectors alone (few shared words) is a merge
     * candidate when the two are each other's nearest neighbour (semanticMargin); calibrated on the
     * blind sets' tuning halves (docs/consolidation.md).
     */
    semanticMergeCosine: z.number().min(0).max(1).default(0.65),
    /** Ask the memory model (`extraction.llm`, when configured) to confirm each merge before it is proposed. */
    judgeMerges: z.boolean().default(false),
    /**
     * Ask the memory model whether the newer memory of a borderline pair (the same subject in
     * similar words, no rule decided) replaces or contradicts the older one; a yes is proposed as a
     * supersession. Each pair is asked about once (a pair left without an answer, at a later run).
     */
    judgeContradictions: z.boolean().default(false),
    /** ... and whose cosine is at least this much above the memory's next nearest neighbour's. */
    semanticMargin: z.number().min(0).max(1).default(0.1),
    /**
     * Pair Chinese memories by their vectors too. MiniLM gives unrelated Chinese sentences 0.8+, so
     * they must also be mutual nearest neighbours standing out by `semanticMargin` and reach
     * `semanticChineseCosine` (calibrated on the blind sets' tuning halves, docs/consolidation.md).
     */
    semanticChinese: z.boolean().default(true),
    /** The cosine a pair with Chinese in it must reach to be found by its vectors alone. */
    semanticChineseCosine: z.number().min(0).max(1).default(0.8),
    /**
     * With vectors, decide merges and supersessions by the learned model over the rules' evidence
     * and verdicts (lib/consolidation/learned.ts, fitted on the blind sets' tuning halves). Off by
     * default: on the frozen halves it did not beat the rules (docs/consolidation.md).
     */
    learnedDecision: z.boolean().default(false),
    /**
     * Before merges and supersessions are proposed, compare what each memory claims
     * (lib/consolidation/claim-check.ts): a merge only when each claim is entailed by the other, a
     * supersession only when one setting changed or the newer names what it replaces. Off by
     * default: stricter than a merge as defined (a paraphrase adding a detail is withheld), it
     * trades recall for precision (docs/consolidation.md).
     */
    claimCheck: z.boolean().default(false),
    /** Sessions a procedure must recur in before it is proposed as a skill. */
    skillMinSessions: z.number().int().min(2).default(3),
  }),
  /** The MCP endpoint (docs/mcp.md). */
  mcp: z.object({
    /** Token budget of get_boot_context (and the `boot` prompt). */
    bootBudgetTokens: z.number().int().min(100).default(2000),
    /** Which parts get_boot_context includes. */
    bootIdentity: z.boolean().default(true),
    bootPinned: z.boolean().default(true),
    bootBlockers: z.boolean().default(true),
    bootSessions: z.boolean().default(true),
    bootHot: z.boolean().default(true),
    bootDecisions: z.boolean().default(true),
    bootCheckpoint: z.boolean().default(true),
    /** Open MCP sessions kept at once; the least recently used is closed beyond it. */
    maxSessions: z.number().int().min(1).max(10_000).default(64),
    /** Which tools tools/list shows: lean (a few, call_tool for the rest), full, or osm (opencode-semantic-memory's names). */
    toolList: z.enum(MCP_TOOL_LISTS).default("lean"),
  }),
  /** Issue-tracker metadata of #123, !45, owner/repo#123 (lib/enrichment/). */
  enrichment: z.object({
    enabled: z.boolean().default(true),
    githubApiUrl: z.string().default("https://api.github.com"),
    gitlabUrl: z.string().default("https://gitlab.com"),
    /** How long fetched metadata is trusted before it is fetched again. */
    ttlSeconds: z
      .number()
      .int()
      .min(1)
      .default(6 * 3600),
    timeoutMs: z.number().int().positive().default(10_000),
  }),
  kv: z.object({
    defaultTtlSeconds: z
      .number()
      .int()
      .positive()
      .default(7 * 24 * 3600),
    maxTtlSeconds: z
      .number()
      .int()
      .positive()
      .default(365 * 24 * 3600),
    /** Largest JSON value (serialized bytes). */
    maxValueBytes: z
      .number()
      .int()
      .positive()
      .default(256 * 1024),
  }),
  logging: z.object({
    /** Structured JSON logs in `<dataDir>/logs/recollect.log`: `debug`, `info`, `warn`, `error`. */
    level: z.enum(["debug", "info", "warn", "error"]).default("info"),
    /** Every request as one line (route pattern, status, latency). */
    requests: z.boolean().default(true),
    maxFileBytes: z
      .number()
      .int()
      .min(4096)
      .default(10 * 1024 * 1024),
    /** Rotated generations kept beside the live file. */
    maxFiles: z.number().int().min(0).max(100).default(5),
  }),
});

export type Config = z.infer<typeof schema>;
export type ConfigSource = "default" | `file:${string}` | `env:${string}`;

export interface LoadedConfig {
  config: Config;
  dataDir: string;
  /** Where each leaf (dotted path) came from. */
  sources: Record<string, ConfigSource>;
  warnings: string[];
}

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => typeof v === "object" && v !== null && !Array.isArray(v);

/** Environment aliases kept short for the runtime contract. */
const ENV_ALIASES: Record<string, string> = {
  RECOLLECT_HOST: "server.host",
  RECOLLECT_PORT: "server.port",
  RECOLLECT_BODY_LIMIT: "server.bodyLimitBytes",
};

function leafShapes(obj: z.ZodObject, prefix = ""): Map<string, z.ZodType> {
  const out = new Map<string, z.ZodType>();
  for (const [key, value] of Object.entries(obj.shape)) {
    const inner = unwrap(value as z.ZodType);
    const p = prefix ? `${prefix}.${key}` : key;
    if (inner instanceof z.ZodObject) for (const [k, v] of leafShapes(inner, p)) out.set(k, v);
    else out.set(p, inner);
  }
  return out;
}

function unwrap(t: z.ZodType): z.ZodType {
  let cur: z.ZodType = t;
  while (cur instanceof z.ZodDefault || cur instanceof z.ZodOptional) cur = cur.unwrap() as z.ZodType;
  return cur;
}

const LEAVES = leafShapes(schema);

const envName = (leaf: string) =>
  "RECOLLECT_" +
  leaf
    .replace(/([a-z0-9])([A-Z])/g, "$1_$2")
    .replace(/\./g, "_")
    .toUpperCase();

function coerceEnv(raw: string, shape: z.ZodType): unknown {
  if (shape instanceof z.ZodNumber) return Number(raw);
  if (shape instanceof z.ZodBoolean) return /^(1|true|yes|on)$/i.test(raw);
  if (shape instanceof z.ZodRecord) {
    try {
      return JSON.parse(raw);
    } catch {
      return raw;
    }
  }
  if (shape instanceof z.ZodArray) {
    try {
      return JSON.parse(raw);
    } catch {
      return raw
        .split(",")
        .map((s) => s.trim())
        .filter(Boolean);
    }
  }
  return raw;
}

function setPath(target: Json, dotted: string, value: unknown) {
  const keys = dotted.split(".");
  let cur = target;
  for (const k of keys.slice(0, -1)) {
    if (!isObject(cur[k])) cur[k] = {};
    cur = cur[k] as Json;
  }
  cur[keys[keys.length - 1]] = value;
}

function readJsoncFile(file: string, warnings: string[]): Json | undefined {
  let text: string;
  try {
    text = fs.readFileSync(file, "utf8");
  } catch {
    return undefined;
  }
  const errors: ParseError[] = [];
  const value = parseJsonc(text, errors, { allowTrailingComma: true });
  if (errors.length > 0 || !isObject(value)) {
    warnings.push(`${file}: not a valid JSONC object (ignored)`);
    return undefined;
  }
  return value;
}

/** Copy the known leaves of `layer` into `merged`, recording sources; report unknown keys. */
function applyLayer(merged: Json, sources: Record<string, ConfigSource>, layer: Json, source: ConfigSource, warnings: string[], prefix = "") {
  for (const [key, value] of Object.entries(layer)) {
    const p = prefix ? `${prefix}.${key}` : key;
    if (LEAVES.has(p)) {
      setPath(merged, p, value);
      sources[p] = source;
    } else if (isObject(value) && [...LEAVES.keys()].some((l) => l.startsWith(p + "."))) {
      applyLayer(merged, sources, value, source, warnings, p);
    } else if (!(prefix === "" && key === "$schema")) {
      warnings.push(`${source.slice(5)}: unknown key "${p}"`);
    }
  }
}

export function loadConfig(options: { env?: Env } = {}): LoadedConfig {
  const env = options.env ?? process.env;
  const warnings: string[] = [];
  const sources: Record<string, ConfigSource> = {};
  const merged: Json = {};
  for (const leaf of LEAVES.keys()) sources[leaf] = "default";

  const files = [path.join(configDir(env), "config.jsonc")];
  if (env.RECOLLECT_CONFIG) files.unshift(path.resolve(env.RECOLLECT_CONFIG));
  for (const file of files) {
    const layer = readJsoncFile(file, warnings);
    if (layer) applyLayer(merged, sources, layer, `file:${file}`, warnings);
  }

  for (const [leaf, shape] of LEAVES) {
    const name = envName(leaf);
    const alias = Object.entries(ENV_ALIASES).find(([, l]) => l === leaf)?.[0];
    const key = env[name] !== undefined ? name : alias && env[alias] !== undefined ? alias : undefined;
    if (key) {
      setPath(merged, leaf, coerceEnv(env[key] as string, shape));
      sources[leaf] = `env:${key}`;
    }
  }

  // Fill sections so nested defaults apply, then validate; a bad value falls back to its default.
  for (const [k, v] of Object.entries(schema.shape)) if (!isObject(merged[k]) && unwrap(v as z.ZodType) instanceof z.ZodObject) merged[k] = {};
  if (!isObject((merged.extraction as Json).llm)) (merged.extraction as Json).llm = {};
  let parsed = schema.safeParse(merged);
  while (!parsed.success) {
    const issue = parsed.error.issues[0];
    const leaf = issue.path.join(".");
    warnings.push(`config ${leaf} (${sources[leaf] ?? "?"}): ${issue.message}; using the default`);
    const keys = issue.path.map(String);
    let cur = merged;
    for (const k of keys.slice(0, -1)) cur = cur[k] as Json;
    delete cur[keys[keys.length - 1]];
    sources[leaf] = "default";
    parsed = schema.safeParse(merged);
  }
  return { config: parsed.data, dataDir: dataDir(env), sources, warnings };
}

let cached: LoadedConfig | undefined;
/** The server's configuration, loaded once per process. */
export function serverConfig(): LoadedConfig {
  cached ??= loadConfig();
  return cached;
}
/** For tests: forget the cached configuration. */
export function resetServerConfig() {
  cached = undefined;
}
