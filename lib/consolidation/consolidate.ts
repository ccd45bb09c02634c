import crypto from "node:crypto";
import type { Ctx } from "../ctx";
import { VECTOR_TABLE, vectorTableExists } from "../db/virtual-tables";
import { prepared } from "../db/prepared";
import type { ProposalKind } from "../vocabulary";
import { applyProposal } from "./decide";
import { expired } from "./expire";
import { CHANGE_WORDS, firstClause, settingWords, valuesOf, wordsWithoutValues } from "./claims";
import { charsOf, groupBy, jaccardOf, similarPairs, textOf, withTokens, type Featured } from "./features";
import { byJudgeOrder, contradictionJudgeEnabled, judgeContradictions, judgeEnabled, judgeMerges, MAX_JUDGED_PAIRS, newerSeq, type JudgeTally } from "./judge";
import { loadMemories } from "./load";
import { closeOutdatedProposals, memoryStateOf } from "./outdated";
import { mergeClusters, rarityWeights, sameFact, similarBy, subjectWords, type MergePath } from "./merge";
import { learnedDecision, probability } from "./learned";
import { pairFeatures } from "./pair-features";
import { mergeHolds, supersedeHolds } from "./claim-check";
import { neighbourPairs, semanticPairs, vectorsUsable } from "./semantic";
import { Slicer, type SliceStats } from "./slicer";
import { staleFiles, staleUnused, trackedFiles, type ProjectTree } from "./stale";
import { symbolLookup } from "./symbols";
import {
  ordered,
  supersedeCandidate,
  supersedesByChange,
  supersedesByCue,
  supersedesByRetirement,
  supersedesBySimilarity,
  supersedesBySlot,
  twoClaims,
  type Pair,
} from "./supersede";
import { fingerprintOf, pairKey, placementKey, type Candidate } from "./types";
import { supersedesByChangedSetting } from "./changed-setting";
import { commandsDiffer, namedThingsDiffer, namedThingsOf } from "./names";
import { supersedesByRename, supersedesByRenameInWords } from "./rename";
import { type RewordedValueThresholds, supersedesByRewordedValue } from "./reworded-value";

export interface ConsolidateOptions {
  /** A project id; without it every project (and the global scope). */
  project?: string;
  /** Overrides `consolidation.daysStale`. */
  daysStale?: number;
  /** Find and return the proposals without storing them. */
  dryRun?: boolean;
  now?: number;
  /** Records where a slice longer than this ended (benchmarks: to find what held the loop). */
  traceSlicesOverMs?: number;
  /**
   * Benchmarks (bench/consolidation/fit-decision.ts): receives every pair the learned decision
   * weighs, with its features (older first). Needs vectors.
   */
  onPairFeatures?: (row: { older: string; newer: string; features: number[] }) => void;
  /** Benchmarks (bench/consolidation/fit-changed-setting.ts): the changed-setting rule's overlap thresholds. */
  changedSettingOverlap?: { en: number; zh: number };
  /** Benchmarks: false turns off the rename said in other words (rename.ts `supersedesByRenameInWords`). */
  renameInWords?: boolean;
  /** Benchmarks (bench/consolidation/value-study.ts): the reworded-value rule's thresholds, or false to turn it off. */
  rewordedValue?: RewordedValueThresholds | false;
  /** Benchmarks (bench/consolidation/fit-cue.ts): the cue rule's most memories naming the replaced thing. */
  cueMaxHolders?: number;
  /** Benchmarks (bench/consolidation/fit-semantic.ts): the merge-by-meaning thresholds, instead of the configured ones. */
  semantic?: SemanticThresholds;
  /**
   * Benchmarks (names.ts; bench/consolidation/fit-named.ts): `guard: false` lets merges name
   * different things; `pairs: false` skips the pairs found by their names; `minCosine` overrides
   * `NAMED_MIN_COSINE` (one value, or English and Chinese apart; -1 takes every such pair); `onPair` receives each pair found by its names that the guards made a merge.
   */
  namedThings?: {
    guard?: boolean;
    pairs?: boolean;
    minCosine?: number | { en: number; zh: number };
    onPair?: (row: { ids: [string, string]; cosine: number | null; chinese: boolean }) => void;
  };
  /**
   * Benchmarks (bench/consolidation/fit-merge-floor.ts): `minCosine` overrides
   * `consolidation.mergeMinCosine` (-1: no floor); `maxMembers` overrides `MERGE_MAX_MEMBERS`.
   */
  mergeLimits?: { minCosine?: number; maxMembers?: number };
}

/** The thresholds of the merges by meaning alone (the config's, and the Chinese word floor). */
export interface SemanticThresholds {
  minCosine: number;
  margin: number;
  chineseMinCosine: number;
  /** A pair with Chinese in it, found by its vectors, must share at least this share of its words. */
  chineseMinJaccard: number;
}

export interface ConsolidateResult {
  /** Proposals found this run, by kind (including ones already open). */
  found: Record<ProposalKind, number>;
  /** Newly stored (0 on a dry run). */
  created: number;
  /** Applied without review (`consolidation.autoApply`). */
  autoApplied: number;
  /** Open proposals closed because their memories changed since (0 on a dry run). */
  outdated: number;
  /** Same-fact pairs found by their vectors alone (few shared words); 0 without usable vectors. */
  semanticPairs: number;
  /** What the memory model said of the new merges (`consolidation.judgeMerges`); absent when off or on a dry run. */
  judge?: JudgeTally;
  /** What it said of the borderline pairs (`consolidation.judgeContradictions`); absent when off or on a dry run. */
  contradictionJudge?: JudgeTally;
  memories: number;
  tookMs: number;
  /** The longest the run held the event loop at once. */
  longestBlockMs: number;
  /** The run's slices (event-loop holds) in ms: how many, median, 95th percentile, longest. */
  slices: SliceStats;
  /** Where the longest slice ended, when `traceSlicesOverMs` was given and exceeded. */
  longestBlockAt?: string;
  /** On a dry run, what would be proposed. */
  proposals?: Candidate[];
}

/**
 * Finds what could be merged, superseded, archived as stale or expired, and stores each as a
 * proposal with its reason and evidence; changes no memory (unless `consolidation.autoApply` and
 * the proposal is an exact duplicate or an expiry). Deterministic. Runs in slices of at most
 * ~20 ms so requests are served meanwhile. A proposal that was rejected is never stored again.
 */
export async function consolidate(ctx: Ctx, options: ConsolidateOptions = {}): Promise<ConsolidateResult> {
  const started = performance.now();
  const cfg = ctx.config.consolidation;
  const now = options.now ?? Date.now();
  const slicer = new Slicer(10, options.traceSlicesOverMs);
  const projectId = options.project ?? null;

  // First: what was proposed about memories that changed since no longer stands.
  const outdated = options.dryRun ? 0 : await closeOutdatedProposals(ctx, projectId, slicer);
  const loaded = await loadMemories(ctx, projectId, slicer);
  const active = loaded.filter((m) => m.status === "active");
  let newestLoaded = 0;
  for (const m of loaded) if (m.seq > newestLoaded) newestLoaded = m.seq;
  const featured = await withTokens(active, slicer);
  const rejected = rejectedPairs(ctx);
  const renameInWords = options.renameInWords !== false;

  const candidates: Candidate[] = [];
  const supersedePairs = new Set<string>();
  // Pairs no rule decided, for the memory model to judge (consolidation.judgeContradictions).
  const judgeContradictionsToo = !options.dryRun && contradictionJudgeEnabled(ctx);
  const borderline = new BorderlinePairs(judgeContradictionsToo ? lastSeqMark(ctx, projectId, "judge") : 0);
  const mergePairs: Pair[] = [];
  // The pairs flagged on write (merge_proposals), for each merge pair's path.
  const seeded = new Set<Pair>();
  const scores = new Map<Pair, { cosine: number | null; path?: MergePath }>();
  const cosineOf = cosineReader(ctx);
  // Pairs are looked at from this overlap: a paraphrase shares its rare words, not all of them.
  const floor = Math.min(CANDIDATE_JACCARD, cfg.mergeJaccard);
  const seeds = prepared(ctx.sqlite, "SELECT memory_id, similar_to, lexical FROM merge_proposals WHERE status = 'open'").all() as MergeSeed[];
  // Pairs by meaning alone: memories stored since the last run ask the vector index for their
  // nearest neighbours (each search scans the project's vectors, so a run makes a bounded number).
  const vectors = vectorsUsable(ctx);
  const seenUpTo = lastSeqMark(ctx, projectId);
  const probeAfter = vectors ? seenUpTo : 0;
  let probes = MAX_SEMANTIC_PROBES;
  let semanticFound = 0;
  // The learned decision (with vectors) weighs every pair the rules looked at, and each memory's
  // nearest neighbours; the rules' verdicts are among its evidence.
  const learned = vectors && cfg.learnedDecision ? learnedDecision() : undefined;
  const weigh = vectors && (learned !== undefined || options.onPairFeatures !== undefined);
  const considered = new Map<string, { a: Featured; b: Featured }>();
  const consider = (a: Featured, b: Featured) => {
    const key = pairKey(a.memory.id, b.memory.id);
    if (!considered.has(key)) considered.set(key, a.memory.seq < b.memory.seq ? { a, b } : { a: b, b: a });
  };
  let neighbourProbes = MAX_SEMANTIC_PROBES;
  const namedFloor = options.namedThings?.minCosine ?? NAMED_MIN_COSINE;
  const namedMin = (chinese: boolean) => (typeof namedFloor === "number" ? namedFloor : chinese ? namedFloor.zh : namedFloor.en);
  const sem: SemanticThresholds = options.semantic ?? {
    minCosine: cfg.semanticMergeCosine,
    margin: cfg.semanticMargin,
    chineseMinCosine: cfg.semanticChineseCosine,
    chineseMinJaccard: SEMANTIC_CHINESE_MIN_JACCARD,
  };

  for (const group of (await groupBy(featured, (f) => placementKey(f.memory), slicer)).values()) {
    if (group.length < 2) continue;
    const pairs: Pair[] = [];
    // With the contradiction judge on, less similar pairs are found too, for the judge only (the
    // rules see the same pairs either way).
    await similarPairs(group, judgeContradictionsToo ? Math.min(floor, BORDERLINE_JACCARD) : floor, slicer, (a, b) => {
      let shared = 0;
      for (const t of a.tokens) if (b.tokens.has(t)) shared++;
      const jaccard = shared / (a.tokens.size + b.tokens.size - shared || 1);
      if (jaccard >= floor) pairs.push({ a, b, jaccard });
      else if (judgeContradictionsToo && jaccard >= BORDERLINE_JACCARD) borderline.add({ a, b, jaccard });
    });
    for (const extra of openMergeSeeds(seeds, group)) {
      pairs.push(extra);
      seeded.add(extra);
    }
    // Chinese paraphrases share their characters more than their bigrams.
    await chinesePairs(group, pairs, slicer);
    // The same words around other values ("API version 2023-10-16" / "... 2024-06-20") share few
    // tokens when the values are long; they are found by their words without the values.
    await sameWordsOtherValues(group, pairs, slicer);
    await settingWithAddition(group, pairs, slicer);
    // Two memories of one category that alone in the placement name the same things (and name
    // something) are about one subject, however they word it: the claim guards decide the rest.
    const byNames = options.namedThings?.pairs === false ? new Set<string>() : await sameNamedThings(group, pairs, slicer);
    const isName = await subjectWords(group, slicer);
    const weightOf = rarityWeights(group);
    // Pairs the vectors made merges: the words' stricter guards do not judge them again.
    const byMeaning = new Set<string>();
    if (vectors && probes > 0) {
      // Word pairs too: a paraphrase shares some words, and the vectors' evidence (each the
      // other's nearest neighbour) is what tells it from a frame used for another subject.
      const known = new Set<string>();
      const options = {
        minCosine: sem.minCosine,
        margin: sem.margin,
        chinese: cfg.semanticChinese,
        chineseMinCosine: sem.chineseMinCosine,
        probe: (f: Featured) => f.memory.seq > probeAfter && probes-- > 0,
      };
      if (weigh) await neighbourPairs(ctx, group, (f) => f.memory.seq > probeAfter && neighbourProbes-- > 0, NEIGHBOURS, NEIGHBOUR_COSINE, slicer, consider);
      for (const { pair, cosine } of await semanticPairs(ctx, group, known, options, slicer)) {
        if (weigh) consider(pair.a, pair.b);
        // The word rules first (a replacement said in other words), then a decision naming
        // another thing in its slot; else only a merge.
        const sup =
          supersedesBySimilarity(pair) ??
          supersedesBySlot(pair) ??
          supersedesByRename(pair, group) ??
          (renameInWords ? supersedesByRenameInWords(pair) : undefined);
        if (sup) {
          supersedePairs.add(pairKey(pair.a.memory.id, pair.b.memory.id));
          candidates.push(sup);
          continue;
        }
        if (rejected.has(pairKey(pair.a.memory.id, pair.b.memory.id))) continue;
        // MiniLM gives unrelated Chinese sentences cosines of 0.9+: a Chinese pair needs some shared words too.
        if (pair.jaccard < sem.chineseMinJaccard && (HAN.test(pair.a.memory.content) || HAN.test(pair.b.memory.content))) continue;
        if (sameFact(pair, cfg.mergeJaccard, cosine, sem.minCosine, isName, undefined, true)) {
          // One subject and claim, but the newer retires the older or changes its number: a supersession.
          const changed = supersedesByChange(pair);
          if (changed) {
            supersedePairs.add(pairKey(pair.a.memory.id, pair.b.memory.id));
            candidates.push(changed);
            continue;
          }
          if (twoClaims(pair)) continue;
          mergePairs.push(pair);
          scores.set(pair, { cosine, path: "vectors" });
          byMeaning.add(pairKey(pair.a.memory.id, pair.b.memory.id));
          semanticFound++;
        }
      }
    }
    for (const p of pairs) {
      if (slicer.due()) await slicer.pause();
      if (weigh) consider(p.a, p.b);
      if (supersedePairs.has(pairKey(p.a.memory.id, p.b.memory.id))) continue;
      const sup = supersedesBySimilarity(p) ?? supersedesByRename(p, group);
      if (sup) {
        supersedePairs.add(pairKey(p.a.memory.id, p.b.memory.id));
        candidates.push(sup);
        continue;
      }
      if (rejected.has(pairKey(p.a.memory.id, p.b.memory.id)) || byMeaning.has(pairKey(p.a.memory.id, p.b.memory.id))) continue;
      // Not for a Chinese pair only its characters brought near: an English model gives every
      // Chinese sentence of one frame a cosine of 0.95+ (the pairs by meaning alone need a margin).
      const byWords = p.jaccard >= floor || p.charJaccard === undefined;
      const cosine = p.jaccard < cfg.mergeJaccard && byWords ? cosineOf(p.a.memory.seq, p.b.memory.seq) : null;
      // The same named things, and the vectors do not say the claims differ (a file or a flag is
      // named by many claims: "Copy .env.example to .env" / "Every new variable gets a line in .env.example").
      const namedCosine = byNames.has(pairKey(p.a.memory.id, p.b.memory.id)) ? (cosine ?? cosineOf(p.a.memory.seq, p.b.memory.seq)) : null;
      const named = namedCosine !== null && namedCosine >= namedMin(HAN.test(textOf(p.a.memory)));
      if (sameFact(p, cfg.mergeJaccard, cosine, cfg.mergeCosine, isName, weightOf, named, named)) {
        const changed = supersedesByChange(p) ?? (renameInWords ? supersedesByRenameInWords(p) : undefined);
        if (changed) {
          supersedePairs.add(pairKey(p.a.memory.id, p.b.memory.id));
          candidates.push(changed);
          continue;
        }
        if (twoClaims(p)) continue;
        mergePairs.push(p);
        scores.set(p, { cosine, path: seeded.has(p) ? "on-write" : similarBy(p, cfg.mergeJaccard, cosine, cfg.mergeCosine, named) });
        if (named && options.namedThings?.onPair)
          options.namedThings.onPair({ ids: [p.a.memory.id, p.b.memory.id], cosine: namedCosine, chinese: HAN.test(textOf(p.a.memory)) });
        continue;
      }
      const retired = supersedesByRetirement(p);
      if (retired) {
        supersedePairs.add(pairKey(p.a.memory.id, p.b.memory.id));
        candidates.push(retired);
      } else if (judgeContradictionsToo) borderline.add(p);
    }
    const cued: Candidate[] = [];
    await supersedesByCue(group, slicer, cued, new Set(), options.cueMaxHolders);
    for (const c of cued) {
      const key = pairKey(c.memoryIds[0]!, c.memoryIds[1]!);
      if (supersedePairs.has(key)) continue;
      supersedePairs.add(key);
      candidates.push(c);
    }
    // Last: a setting changed in other words, for the pairs no rule above decided.
    const merged = new Set(mergePairs.map((p) => pairKey(p.a.memory.id, p.b.memory.id)));
    const changedSettings: Candidate[] = [];
    await supersedesByChangedSetting(
      group,
      (a, b) => supersedePairs.has(pairKey(a, b)) || merged.has(pairKey(a, b)),
      slicer,
      changedSettings,
      options.changedSettingOverlap,
    );
    for (const c of changedSettings) {
      supersedePairs.add(pairKey(c.memoryIds[0]!, c.memoryIds[1]!));
      candidates.push(c);
    }
    // ... and one with another number of the same unit or name, said in other words (no change
    // word needed). A pair merged as one claim is taken too: its numbers differ, so it is not one.
    if (options.rewordedValue !== false) {
      const reworded: Candidate[] = [];
      await supersedesByRewordedValue(group, (a, b) => supersedePairs.has(pairKey(a, b)), slicer, reworded, options.rewordedValue);
      for (const c of reworded) {
        supersedePairs.add(pairKey(c.memoryIds[0]!, c.memoryIds[1]!));
        candidates.push(c);
      }
    }
  }
  if (weigh) {
    const decided = await decideLearned(featured, candidates, mergePairs, considered, cosineOf, rejected, slicer, learned, options.onPairFeatures);
    if (learned) {
      candidates.splice(0, candidates.length, ...candidates.filter((c) => c.kind !== "supersede"), ...decided.supersede);
      supersedePairs.clear();
      for (const c of decided.supersede) supersedePairs.add(pairKey(c.memoryIds[0]!, c.memoryIds[1]!));
      mergePairs.splice(0, mergePairs.length, ...decided.merge);
      for (const p of decided.merge) if (!scores.has(p)) scores.set(p, { cosine: cosineOf(p.a.memory.seq, p.b.memory.seq) });
    }
  }
  if (cfg.claimCheck) await checkClaims(featured, candidates, mergePairs, slicer);
  // A pair that is a supersession is not also a merge; nor one where each names a thing the other
  // does not (`IPWhiteList` / `IPAllowList`, `npm run build` / `pnpm build`): two subjects. A
  // cluster merges every two of its memories, so none of them may either ("pnpm dev starts both" /
  // "pnpm dev:backend …" / "pnpm dev:frontend …").
  const guard = options.namedThings?.guard !== false;
  // ... nor one where both run one program with another command ("kwpolicy bench" / "kwpolicy run").
  const differ = (a: string, b: string) => namedThingsDiffer(a, b) || commandsDiffer(a, b);
  // Precision first: with vectors, a pair whose two memories are not close in meaning is weak
  // evidence of one claim, whichever rule found it (the merge confidence, consolidation.mergeMinCosine).
  const minCosine = options.mergeLimits?.minCosine ?? cfg.mergeMinCosine;
  const confident = (p: Pair) => {
    if (!vectors || minCosine <= 0) return true;
    const c = scores.get(p)?.cosine ?? cosineOf(p.a.memory.seq, p.b.memory.seq);
    return c === null || c >= minCosine;
  };
  const clusters = (
    await mergeClusters(
      mergePairs.filter(
        (p) => !supersedePairs.has(pairKey(p.a.memory.id, p.b.memory.id)) && !(guard && differ(textOf(p.a.memory), textOf(p.b.memory))) && confident(p),
      ),
      scores,
      slicer,
    )
  ).filter((c) => c.safe || c.memoryIds.length <= (options.mergeLimits?.maxMembers ?? MERGE_MAX_MEMBERS));
  if (guard) {
    const textById = new Map(mergePairs.flatMap((p) => [[p.a.memory.id, textOf(p.a.memory)] as const, [p.b.memory.id, textOf(p.b.memory)] as const]));
    const texts = (c: Candidate) => c.memoryIds.map((id) => textById.get(id) ?? "");
    candidates.push(...clusters.filter((c) => !texts(c).some((t, i, all) => all.some((u, j) => j > i && differ(t, u)))));
  } else candidates.push(...clusters);

  await groupOverlapping(candidates, slicer);

  const daysStale = options.daysStale ?? cfg.daysStale;
  candidates.push(...(await staleUnused(loaded, daysStale, now, slicer)));
  const trees = new Map<string, Promise<ProjectTree | undefined>>();
  candidates.push(
    ...(await staleFiles(loaded, slicer, (id) => {
      let tree = trees.get(id);
      if (!tree) trees.set(id, (tree = projectTree(ctx, id, slicer)));
      return tree;
    })),
  );
  candidates.push(...(await expired(loaded, { blockerDays: cfg.resolvedBlockerDays, eventDays: cfg.eventDays, now }, slicer)));

  // The memory model, when asked to, confirms merges before they are proposed (a refused one is not).
  let judge: JudgeTally | undefined;
  if (!options.dryRun && judgeEnabled(ctx)) {
    const judged = await judgeMerges(ctx, candidates, slicer, now);
    judge = judged.tally;
    candidates.splice(0, candidates.length, ...judged.kept);
  }
  // ... and judges borderline pairs: a yes is a supersession.
  let contradictionJudge: JudgeTally | undefined;
  if (judgeContradictionsToo) {
    const decided = new Set([...supersedePairs, ...mergePairs.map((p) => pairKey(p.a.memory.id, p.b.memory.id))]);
    const judged = await judgeContradictions(ctx, borderline.pairs(decided), slicer, now);
    contradictionJudge = judged.tally;
    candidates.push(...judged.found);
    // The next run starts after the last memory whose pairs were all judged.
    recordRun(ctx, projectId, "judge", now, Math.min(newestLoaded, judged.unjudgedFrom - 1, borderline.droppedFrom - 1));
  }
  const found = { merge: 0, supersede: 0, stale: 0, expire: 0, skill: 0 } satisfies Record<ProposalKind, number>;
  for (const c of candidates) found[c.kind]++;
  let created = 0;
  let autoApplied = 0;
  if (!options.dryRun) {
    const byId = new Map<string, (typeof loaded)[number]>();
    for (const m of loaded) {
      byId.set(m.id, m);
      if (slicer.due()) await slicer.pause();
    }
    const ids = await storeProposals(ctx, candidates, slicer, (id) => {
      const m = byId.get(id);
      return m && memoryStateOf(m);
    });
    created = ids.length;
    if (cfg.autoApply) {
      for (const { id, candidate } of ids) {
        if (!candidate.safe) continue;
        applyProposal(ctx, id, { by: "auto" });
        autoApplied++;
        if (slicer.due()) await slicer.pause();
      }
    }
    // The newest memory this run read, not the newest now: one stored meanwhile is read next time.
    recordRun(ctx, projectId, "consolidate", now, Math.max(seenUpTo, newestLoaded));
  }
  slicer.finish();
  return {
    found,
    created,
    autoApplied,
    outdated,
    semanticPairs: semanticFound,
    ...(judge ? { judge } : {}),
    ...(contradictionJudge ? { contradictionJudge } : {}),
    memories: loaded.length,
    tookMs: Math.round(performance.now() - started),
    longestBlockMs: Math.round(slicer.longestMs * 10) / 10,
    slices: slicer.stats(),
    ...(slicer.longestAt ? { longestBlockAt: slicer.longestAt } : {}),
    ...(options.dryRun ? { proposals: candidates } : {}),
  };
}

const TX_ROWS = 100;

/**
 * Merges and supersessions that touch the same memories (a merge of A and B, B superseded by C)
 * are one decision for the reviewer: each gets `evidence.group = { id, proposals }`, the id from
 * the group's memories, so the inbox shows them together and decides them at once.
 */
export async function groupOverlapping(candidates: Candidate[], slicer: Slicer = new Slicer()): Promise<void> {
  const parent = new Map<string, string>();
  const find = (x: string): string => {
    let r = x;
    while (parent.get(r) !== r) r = parent.get(r)!;
    parent.set(x, r);
    return r;
  };
  const related = candidates.filter((c) => c.kind === "merge" || c.kind === "supersede");
  for (const c of related) {
    for (const m of c.memoryIds) if (!parent.has(m)) parent.set(m, m);
    for (const m of c.memoryIds.slice(1)) {
      const a = find(c.memoryIds[0]!);
      const b = find(m);
      if (a !== b) parent.set(a, b);
    }
    if (slicer.due()) await slicer.pause();
  }
  const byRoot = new Map<string, Candidate[]>();
  for (const c of related) {
    const root = find(c.memoryIds[0]!);
    // Pushed, not copied: a group of thousands of proposals made this quadratic.
    const list = byRoot.get(root);
    if (list) list.push(c);
    else byRoot.set(root, [c]);
    if (slicer.due()) await slicer.pause();
  }
  for (const list of byRoot.values()) {
    if (slicer.due()) await slicer.pause();
    if (list.length < 2) continue;
    const ids = [...new Set(list.flatMap((c) => c.memoryIds))].sort();
    const id = crypto.createHash("sha256").update(ids.join(",")).digest("hex").slice(0, 16);
    for (const c of list) c.evidence = { ...c.evidence, group: { id, proposals: list.length } };
  }
}

/** The keys of a group's pairs, read in slices (a large group has tens of thousands of pairs). */
async function pairKeysOf(pairs: readonly Pair[], slicer: Slicer): Promise<Set<string>> {
  const keys = new Set<string>();
  for (const p of pairs) {
    keys.add(pairKey(p.a.memory.id, p.b.memory.id));
    if (slicer.due()) await slicer.pause();
  }
  return keys;
}

/** Adds the pairs of a group whose words are the same once values are taken out and that are not among `pairs` yet. */
/**
 * Adds the pairs of one category whose named things (names.ts: commands, paths, flags,
 * identifiers; Latin words in Chinese) are the same and named by no other memory of the placement
 * ("前端用 pnpm build 构建，产物在 dist/" / "执行 pnpm build 打包前端，输出目录是 dist"): they share few
 * words but one subject. Returns their keys (sameFact takes them as similar; its guards still apply).
 */
async function sameNamedThings(group: readonly Featured[], pairs: Pair[], slicer: Slicer): Promise<Set<string>> {
  const known = await pairKeysOf(pairs, slicer);
  const byNames = new Map<string, Featured[]>();
  for (const f of group) {
    if (slicer.due()) await slicer.pause();
    const names = namedThingsOf(textOf(f.memory));
    if (names.size === 0) continue;
    const key = `${f.memory.category}\u0000${[...names].sort().join("\u0000")}`;
    const list = byNames.get(key);
    if (list) list.push(f);
    else byNames.set(key, [f]);
  }
  const found = new Set<string>();
  for (const list of byNames.values()) {
    // Three or more memories naming the same things are several claims about them.
    if (list.length !== 2) continue;
    const [a, b] = list as [Featured, Featured];
    const key = pairKey(a.memory.id, b.memory.id);
    found.add(key);
    if (!known.has(key)) pairs.push({ a, b, jaccard: jaccardOf(a.tokens, b.tokens) });
  }
  return found;
}

async function sameWordsOtherValues(group: readonly Featured[], pairs: Pair[], slicer: Slicer): Promise<void> {
  const known = await pairKeysOf(pairs, slicer);
  const byWords = new Map<string, Featured[]>();
  for (const f of group) {
    if (slicer.due()) await slicer.pause();
    const text = textOf(f.memory);
    if (!/\d|`|\//.test(text)) continue;
    const words = [...wordsWithoutValues(text)].filter((w) => !CHANGE_WORDS.has(w)).sort();
    if (words.length < 2) continue;
    const key = words.join(" ");
    const list = byWords.get(key);
    if (list) list.push(f);
    else byWords.set(key, [f]);
  }
  for (const list of byWords.values()) {
    // A bucket of many is a frame used for many subjects, not a setting changed a few times.
    if (list.length < 2 || list.length > 4) continue;
    for (let i = 0; i < list.length; i++)
      for (let j = i + 1; j < list.length; j++) {
        const a = list[i]!;
        const b = list[j]!;
        if (known.has(pairKey(a.memory.id, b.memory.id))) continue;
        pairs.push({ a, b, jaccard: jaccardOf(a.tokens, b.tokens) });
      }
  }
}

/**
 * Adds the pairs where one memory's setting words (values, remarks and change words out) are
 * those of the first clause of another that goes on ("images must be under 2 MB" / "images must
 * be under 5 MB and at least 800 px wide"): few shared tokens, but maybe the same setting changed.
 */
async function settingWithAddition(group: readonly Featured[], pairs: Pair[], slicer: Slicer): Promise<void> {
  const known = await pairKeysOf(pairs, slicer);
  const keyOf = (text: string) => {
    if (valuesOf(text).length === 0) return undefined;
    const words = [...settingWords(text)].sort();
    return words.length >= 2 ? words.join(" ") : undefined;
  };
  const whole = new Map<string, Featured[]>();
  for (const f of group) {
    if (slicer.due()) await slicer.pause();
    const key = keyOf(textOf(f.memory));
    if (key) whole.set(key, [...(whole.get(key) ?? []), f]);
  }
  if (whole.size === 0) return;
  for (const f of group) {
    if (slicer.due()) await slicer.pause();
    const text = textOf(f.memory);
    // Cheap checks before the sentence segmenter: a newer with no value, or with no mark where a
    // clause could end, has no first clause that could be a changed setting.
    if (valuesOf(text).length === 0 || !CLAUSE_MARK.test(text)) continue;
    const first = firstClause(text);
    if (!first || first.length >= text.length - 2) continue;
    const key = keyOf(first);
    const list = key ? whole.get(key) : undefined;
    // A frame used for many subjects is not one setting.
    if (!list || list.length > 4) continue;
    for (const other of list) {
      const k = pairKey(f.memory.id, other.memory.id);
      if (other === f || known.has(k)) continue;
      known.add(k);
      pairs.push({ a: other, b: f, jaccard: jaccardOf(other.tokens, f.tokens) });
    }
  }
}

/**
 * Where a clause or a sentence may end (clausesOf's marks; a sentence terminal or a line break,
 * as ICU's sentence rules): a text without one is one clause, its first clause is itself.
 */
const CLAUSE_MARK = /[;,:；，：\n\r\u0085\u2028\u2029]|\p{Sentence_Terminal}|\s(?:but|and|so)\s/u;

/** The character overlap from which a pair of Chinese memories is looked at (merges need more, see sameFact). */
const CANDIDATE_CHAR_JACCARD = 0.4;

/**
 * Gives the pairs of Chinese memories of a group their character overlap (`charsOf`), and adds
 * the pairs the words left out whose characters reach CANDIDATE_CHAR_JACCARD.
 */
async function chinesePairs(group: readonly Featured[], pairs: Pair[], slicer: Slicer): Promise<void> {
  const chinese: Featured[] = [];
  for (const f of group) {
    if (charsOf(f)) chinese.push(f);
    if (slicer.due()) await slicer.pause();
  }
  if (chinese.length < 2) return;
  const known = new Map<string, Pair>();
  for (const p of pairs) {
    const key = pairKey(p.a.memory.id, p.b.memory.id);
    known.set(key, p); // the last pair of a key wins, as new Map(entries) did
    if (slicer.due()) await slicer.pause();
  }
  for (const p of known.values()) {
    const ca = charsOf(p.a);
    const cb = charsOf(p.b);
    if (ca && cb) p.charJaccard = jaccardOf(ca, cb);
    if (slicer.due()) await slicer.pause();
  }
  // The same prefix-filtered search as for words, over stand-ins whose tokens are the characters.
  const standIns = chinese.map((f) => ({ ...f, tokens: charsOf(f)!, original: f }));
  await similarPairs(standIns, CANDIDATE_CHAR_JACCARD, slicer, (x, y) => {
    const a = (x as (typeof standIns)[number]).original;
    const b = (y as (typeof standIns)[number]).original;
    if (known.has(pairKey(a.memory.id, b.memory.id))) return;
    const charJaccard = jaccardOf(x.tokens, y.tokens);
    if (charJaccard >= CANDIDATE_CHAR_JACCARD) pairs.push({ a, b, jaccard: jaccardOf(a.tokens, b.tokens), charJaccard });
  });
}

/** The word overlap from which a pair of one placement is looked at (merges need more evidence, see sameFact). */
const CANDIDATE_JACCARD = 0.4;

/** Word overlap from which two memories of one category may be about the same subject (for the contradiction judge). */
const BORDERLINE_JACCARD = 0.34;

/**
 * The pairs for the contradiction judge: one category, one newer than the other, the newer stored
 * after the judge's mark; each pair once. Kept bounded: the pairs of the oldest memories first (the
 * judge's mark moves past a memory once all its pairs were judged), the rest dropped for a later run.
 */
class BorderlinePairs {
  private readonly byKey = new Map<string, Pair>();
  /** The smallest newer seq among dropped pairs (Infinity: none dropped). */
  droppedFrom = Number.POSITIVE_INFINITY;
  constructor(private readonly judgedUpTo: number) {}

  add(p: Pair): void {
    const a = p.a.memory;
    const b = p.b.memory;
    if (a.category !== b.category || a.createdAt === b.createdAt || newerSeq(p) <= this.judgedUpTo) return;
    this.byKey.set(pairKey(a.id, b.id), p);
    if (this.byKey.size > 4 * MAX_JUDGED_PAIRS) {
      const kept = [...this.byKey].sort(([, x], [, y]) => byJudgeOrder(x, y));
      for (const [key, pair] of kept.slice(2 * MAX_JUDGED_PAIRS)) {
        this.droppedFrom = Math.min(this.droppedFrom, newerSeq(pair));
        this.byKey.delete(key);
      }
    }
  }

  /** In the judge's order, without the pairs a rule already made a merge or a supersession. */
  pairs(decided: ReadonlySet<string>): Pair[] {
    return [...this.byKey]
      .filter(([key]) => !decided.has(key))
      .map(([, p]) => p)
      .sort(byJudgeOrder);
  }
}

/** Memories probed in the vector index per run (each probe is one search over a project's vectors). */
const MAX_SEMANTIC_PROBES = 5_000;
/** The learned decision weighs each memory's nearest neighbours at this cosine or above. */
const NEIGHBOURS = 3;
/**
 * A Chinese pair found by its vectors alone shares at least this share of its words: MiniLM puts
 * unrelated Chinese sentences at 0.9+ ("提交信息用简短的祈使句" / "支付接入微信支付", no word shared), so
 * without a shared word there is no evidence of one subject. Leave-one-set-out over the 27 tuning
 * stores (bench/consolidation/merge-study.ts rows; grid 0–0.25, a wrong pair costing one right):
 * every fold's best floors include 0.1; held out, 2 wrong merges withheld, no right one (the
 * fit-semantic.ts run of the tenth pass found no gain on the stores of then).
 */
const SEMANTIC_CHINESE_MIN_JACCARD = 0.1;
/**
 * A pair found by its named things must reach this cosine, English and Chinese apart (all-MiniLM-L6-v2;
 * chosen by leave-one-set-out over the 22 tuning stores, bench/consolidation/fit-named.ts: every
 * fold chose 0.705–0.717; held out, 21 of 23 such merges right, against 28 of 39 with no floor).
 */
const NAMED_MIN_COSINE = { en: 0.711, zh: 0.715 };
/**
 * A merge joins two memories, unless they all say it in the same words: three or more joined
 * pair by pair are a frame several claims share ("pnpm dev starts both" / "pnpm --filter client
 * dev …" / "pnpm --filter server dev …"), not one claim told three times. On the 24 tuning
 * stores such clusters held 2 right pairs and 10 wrong (bench/consolidation/errors.ts, before / after).
 */
const MERGE_MAX_MEMBERS = 2;
const HAN = /[\u3400-\u9fff]/;
const NEIGHBOUR_COSINE = 0.5;

/**
 * The learned decision over the pairs the rules and the vector index brought up: each pair's
 * evidence (pair-features.ts, the rules' verdicts included) goes through two logistic models; a
 * pair at the supersede threshold is a supersession (the newer replaces the older; the rule's
 * own proposal and reason are kept when it said the same), else one at the merge threshold is a
 * merge. Without a model it only reports the features (`onPairFeatures`).
 */
async function decideLearned(
  featured: readonly Featured[],
  candidates: readonly Candidate[],
  mergePairs: readonly Pair[],
  considered: Map<string, { a: Featured; b: Featured }>,
  cosineOf: (a: number, b: number) => number | null,
  rejected: ReadonlySet<string>,
  slicer: Slicer,
  learned: ReturnType<typeof learnedDecision>,
  onPairFeatures: ConsolidateOptions["onPairFeatures"],
): Promise<{ merge: Pair[]; supersede: Candidate[] }> {
  const byId = new Map(featured.map((f) => [f.memory.id, f]));
  const ruleSupersede = new Map<string, Candidate>();
  for (const c of candidates) {
    if (c.kind !== "supersede") continue;
    ruleSupersede.set(`${c.memoryIds[0]}>${c.memoryIds[1]}`, c);
    const newer = byId.get(c.memoryIds[0]!);
    const older = byId.get(c.memoryIds[1]!);
    if (newer && older) {
      const key = pairKey(newer.memory.id, older.memory.id);
      if (!considered.has(key)) considered.set(key, { a: older, b: newer });
    }
  }
  const ruleMerge = new Set(mergePairs.map((p) => pairKey(p.a.memory.id, p.b.memory.id)));
  const out = { merge: [] as Pair[], supersede: [] as Candidate[] };
  for (const [key, pair] of considered) {
    if (slicer.due()) await slicer.pause();
    const { older, newer } = ordered({ ...pair, jaccard: 0 });
    const cosine = cosineOf(older.memory.seq, newer.memory.seq) ?? 0;
    const ruleSup = ruleSupersede.get(`${newer.memory.id}>${older.memory.id}`);
    const features = pairFeatures(older, newer, cosine, { merge: ruleMerge.has(key), supersede: !!ruleSup });
    onPairFeatures?.({ older: older.memory.id, newer: newer.memory.id, features });
    if (!learned) continue;
    const pSupersede = probability(learned.supersede, features);
    if (pSupersede >= learned.supersede.threshold) {
      const p = Math.round(pSupersede * 1000) / 1000;
      out.supersede.push(
        ruleSup
          ? { ...ruleSup, evidence: { ...ruleSup.evidence, learned: p } }
          : supersedeCandidate(newer, older, `states the same setting or choice differently (learned decision, p = ${p})`, {
              rule: "learned",
              learned: p,
              cosine,
            }),
      );
      continue;
    }
    if (rejected.has(key)) continue;
    if (probability(learned.merge, features) >= learned.merge.threshold) out.merge.push({ a: older, b: newer, jaccard: jaccardOf(older.tokens, newer.tokens) });
  }
  return out;
}

/**
 * The claim-level check (claim-check.ts): withholds the merges whose claims are not each entailed
 * by the other and the supersessions that change more than one setting without naming what they
 * replace. A withheld supersession is not made a merge.
 */
async function checkClaims(featured: readonly Featured[], candidates: Candidate[], mergePairs: Pair[], slicer: Slicer): Promise<void> {
  const byId = new Map(featured.map((f) => [f.memory.id, f]));
  const text = (id: string) => {
    const f = byId.get(id);
    return f ? textOf(f.memory) : undefined;
  };
  const kept: Candidate[] = [];
  for (const c of candidates) {
    if (slicer.due()) await slicer.pause();
    const newer = c.kind === "supersede" ? text(c.memoryIds[0]!) : undefined;
    const older = c.kind === "supersede" ? text(c.memoryIds[1]!) : undefined;
    if (newer === undefined || older === undefined || supersedeHolds(newer, older)) kept.push(c);
  }
  candidates.splice(0, candidates.length, ...kept);
  const merges: Pair[] = [];
  for (const p of mergePairs) {
    if (slicer.due()) await slicer.pause();
    if (mergeHolds(textOf(p.a.memory), textOf(p.b.memory))) merges.push(p);
  }
  mergePairs.splice(0, mergePairs.length, ...merges);
}

/** The last memory (seq) a consolidation of this scope had seen; 0 when it never ran. */
function lastSeqMark(ctx: Ctx, projectId: string | null, kind: "consolidate" | "judge" = "consolidate"): number {
  const row = prepared(ctx.sqlite, "SELECT seq_mark FROM consolidation_runs WHERE project_id = ? AND kind = ?").get(projectId ?? "", kind) as
    | { seq_mark: number }
    | undefined;
  return row?.seq_mark ?? 0;
}

/** Stores new proposals (a fingerprint already known, open or decided, is skipped), a few hundred per transaction. */
export async function storeProposals(
  ctx: Ctx,
  candidates: readonly Candidate[],
  slicer: Slicer,
  stateOf: (memoryId: string) => string | undefined = () => undefined,
): Promise<{ id: string; candidate: Candidate }[]> {
  const insert = prepared(
    ctx.sqlite,
    `INSERT INTO proposals (id, kind, fingerprint, project_id, memory_ids, reason, evidence, suggestion, memory_state) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
     ON CONFLICT(fingerprint) DO NOTHING`,
  );
  // A larger cluster replaces the open merges that share a memory with it.
  const openMergeOf = new Map<string, string>();
  for (const r of prepared(ctx.sqlite, "SELECT id, memory_ids FROM proposals WHERE kind = 'merge' AND status = 'open'").all() as {
    id: string;
    memory_ids: string;
  }[]) {
    for (const m of JSON.parse(r.memory_ids) as string[]) openMergeOf.set(m, r.id);
    if (slicer.due()) await slicer.pause();
  }
  const dropOpenMerge = prepared(ctx.sqlite, "DELETE FROM proposals WHERE id = ? AND status = 'open'");
  const out: { id: string; candidate: Candidate }[] = [];
  // Each transaction ends when its slice is used up or at TX_ROWS rows: its commit writes the
  // pages it dirtied, which on a busy disk took 20-60 ms for ~600 rows.
  let i = 0;
  while (i < candidates.length) {
    const last = i + TX_ROWS;
    ctx.sqlite
      .transaction(() => {
        while (i < candidates.length && i < last) {
          const c = candidates[i++]!;
          const id = crypto.randomUUID();
          const fingerprint = fingerprintOf(c);
          const res = insert.run(
            id,
            c.kind,
            fingerprint,
            c.projectId,
            JSON.stringify(c.memoryIds),
            c.reason,
            JSON.stringify(c.evidence),
            c.suggestion ?? null,
            memoryState(c, stateOf),
          );
          if (res.changes === 0) continue;
          if (c.kind === "merge")
            for (const m of c.memoryIds) {
              const old = openMergeOf.get(m);
              if (old) dropOpenMerge.run(old);
              openMergeOf.set(m, id);
            }
          out.push({ id, candidate: c });
          if (slicer.due()) return;
        }
      })
      .immediate();
    if (slicer.due()) await slicer.pause();
  }
  return out;
}

/** The proposal's memories as they are when proposed (null when none is known: a skill's sources). */
function memoryState(c: Candidate, stateOf: (memoryId: string) => string | undefined): string | null {
  if (c.kind === "skill") return null;
  const state: Record<string, string> = {};
  for (const id of c.memoryIds) {
    const s = stateOf(id);
    if (s) state[id] = s;
  }
  return Object.keys(state).length ? JSON.stringify(state) : null;
}

/** Pairs the user already refused to merge (any two memories of a rejected merge). */
function rejectedPairs(ctx: Ctx): Set<string> {
  const out = new Set<string>();
  const rows = prepared(ctx.sqlite, "SELECT memory_ids FROM proposals WHERE kind = 'merge' AND status = 'rejected'").all() as { memory_ids: string }[];
  for (const r of rows) {
    const ids = JSON.parse(r.memory_ids) as string[];
    for (let i = 0; i < ids.length; i++) for (let j = i + 1; j < ids.length; j++) out.add(pairKey(ids[i]!, ids[j]!));
  }
  for (const r of prepared(ctx.sqlite, "SELECT memory_id, similar_to FROM merge_proposals WHERE status = 'dismissed'").all() as {
    memory_id: string;
    similar_to: string;
  }[])
    out.add(pairKey(r.memory_id, r.similar_to));
  return out;
}

interface MergeSeed {
  memory_id: string;
  similar_to: string;
  lexical: number;
}

/** The open near-duplicate proposals made on write (merge_proposals) within this group: judged similar by cosine then. */
function openMergeSeeds(seeds: readonly MergeSeed[], group: readonly Featured[]): Pair[] {
  if (seeds.length === 0) return [];
  const byId = new Map(group.map((f) => [f.memory.id, f]));
  const out: Pair[] = [];
  for (const r of seeds) {
    const a = byId.get(r.similar_to);
    const b = byId.get(r.memory_id);
    if (a && b) out.push({ a, b, jaccard: r.lexical });
  }
  return out;
}

/** Cosine of two stored memories' vectors when a sound model has written them; null otherwise. */
function cosineReader(ctx: Ctx): (a: number, b: number) => number | null {
  const service = ctx.services.embeddings;
  if (!service?.ready() || !service.dedupStatus().semantic || !vectorTableExists(ctx.sqlite)) return () => null;
  const stmt = prepared(
    ctx.sqlite,
    `SELECT vec_distance_cosine(a.embedding, b.embedding) AS d FROM ${VECTOR_TABLE} a, ${VECTOR_TABLE} b WHERE a.seq = ? AND b.seq = ?`,
  );
  return (a, b) => {
    const row = stmt.get(BigInt(a), BigInt(b)) as { d: number } | undefined;
    return row ? Math.round((1 - row.d) * 1000) / 1000 : null;
  };
}

async function projectTree(ctx: Ctx, projectId: string, slicer: Slicer): Promise<ProjectTree | undefined> {
  const row = prepared(ctx.sqlite, "SELECT root_path FROM projects WHERE id = ?").get(projectId) as { root_path: string | null } | undefined;
  if (!row?.root_path) return undefined;
  const files = await trackedFiles(row.root_path, slicer);
  return files && { root: row.root_path, files, symbol: symbolLookup(row.root_path) };
}

/**
 * Records a run and the last memory it has dealt with (`seq`; default: the newest memory now). The
 * contradiction judge keeps its own mark (`judge`): it may leave pairs for the next run.
 */
export function recordRun(ctx: Ctx, projectId: string | null, kind: "consolidate" | "distill" | "judge", now: number, seq?: number): void {
  seq ??= (prepared(ctx.sqlite, "SELECT coalesce(max(seq), 0) AS n FROM memories").get() as { n: number }).n;
  prepared(
    ctx.sqlite,
    `INSERT INTO consolidation_runs (project_id, kind, ran_at, seq_mark) VALUES (?, ?, ?, ?)
     ON CONFLICT(project_id, kind) DO UPDATE SET ran_at = excluded.ran_at, seq_mark = excluded.seq_mark`,
  ).run(projectId ?? "", kind, now, seq);
}
