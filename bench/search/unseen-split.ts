import { createHash } from "node:crypto";
import { queryTerms, tokenize } from "../../lib/search/tokenizer";
import { AGENTS_MEMORIES, AGENTS_QUERIES } from "./agents-set";
import { FRESH_MEMORIES, FRESH_QUERIES } from "./fresh-set";
import { P6_MEMORIES, P6_QUERIES, p6Half } from "./p6-set";
import { P7_MEMORIES, P7_QUERIES, p7Half } from "./p7-set";
import { UNSEEN_MEMORIES, UNSEEN_QUERIES, type UnseenQuery } from "./unseen-set";

/**
 * Which half an item belongs to: the first byte of sha256(text) even = tuning, odd = frozen. Fixed
 * before any rule was changed; the frozen half is the headline and is never tuned on.
 */
export function half(item: string): "tuning" | "frozen" {
  return createHash("sha256").update(item).digest()[0] % 2 === 0 ? "tuning" : "frozen";
}
export const queryHalf = (q: UnseenQuery) => half(`${q.kind}\u0000${q.q}\u0000${q.expect}`);

/** Problems of the set: unknown answers, paraphrases that share a content word with their answer. */
export function checkUnseenSet(): string[] {
  const problems: string[] = [];
  const byKey = new Map(UNSEEN_MEMORIES.map((m) => [m.key, m]));
  if (byKey.size !== UNSEEN_MEMORIES.length) problems.push("duplicate memory keys");
  for (const q of UNSEEN_QUERIES) {
    const m = byKey.get(q.expect);
    if (!m) {
      problems.push(`${q.q}: unknown answer ${q.expect}`);
      continue;
    }
    if (q.kind === "paraphrase") {
      const shared = sharedTerms(q.q, m.content);
      if (shared.length) problems.push(`${q.expect} paraphrase shares ${shared.join(", ")}: ${q.q}`);
    }
  }
  return problems;
}

/** The question's search terms (lib's tokenizer: stemmed, stopwords out) that its answer also holds. */
const sharedTerms = (question: string, answer: string) => {
  const words = new Set(tokenize(answer));
  return queryTerms(question).filter((t) => words.has(t));
};

/** Problems of the fresh set (bench/search/fresh-set.ts): unknown answers, shared content words. */
export function checkFreshSet(): string[] {
  const byKey = new Map(FRESH_MEMORIES.map((m) => [m.key, m]));
  const problems: string[] = byKey.size === FRESH_MEMORIES.length ? [] : ["duplicate memory keys"];
  for (const q of FRESH_QUERIES) {
    const m = byKey.get(q.expect);
    if (!m) problems.push(`${q.q}: unknown answer ${q.expect}`);
    else if (sharedTerms(q.q, m.content).length) problems.push(`${q.expect} shares ${sharedTerms(q.q, m.content).join(", ")}: ${q.q}`);
  }
  return problems;
}

/**
 * Problems of a question set over its own memories: duplicate memory keys, duplicate questions
 * (by `unique`), unknown answers, and questions that must share no content word with their answer.
 */
export function checkQuestionSet<Q extends { q: string; expect: string }>(
  memories: { key: string; content: string }[],
  queries: Q[],
  o: { unique: (q: Q) => string; duplicates: string; name: (q: Q) => string; mustNotShare: (q: Q) => boolean },
): string[] {
  const byKey = new Map(memories.map((m) => [m.key, m]));
  const problems: string[] = byKey.size === memories.length ? [] : ["duplicate memory keys"];
  if (new Set(queries.map(o.unique)).size !== queries.length) problems.push(o.duplicates);
  for (const q of queries) {
    const m = byKey.get(q.expect);
    if (!m) problems.push(`${o.name(q)}: unknown answer ${q.expect}`);
    else if (o.mustNotShare(q) && sharedTerms(q.q, m.content).length) problems.push(`${o.name(q)} shares ${sharedTerms(q.q, m.content).join(", ")}: ${q.q}`);
  }
  return problems;
}

/** Problems of the agents set (bench/search/agents-set.ts): unknown answers, shared content words, duplicates. */
export function checkAgentsSet(): string[] {
  return checkQuestionSet(AGENTS_MEMORIES, AGENTS_QUERIES, {
    unique: (q) => q.q,
    duplicates: "duplicate questions",
    name: (q) => q.q,
    mustNotShare: () => true,
  });
}

/** Problems of the p6 set (bench/search/p6-set.ts): unknown answers, duplicate ids, paraphrases sharing a content word. */
export function checkP6Set(): string[] {
  return checkQuestionSet(P6_MEMORIES, P6_QUERIES, {
    unique: (q) => q.id,
    duplicates: "duplicate question ids",
    name: (q) => `${q.id} (${q.expect})`,
    mustNotShare: (q) => q.kind === "paraphrase",
  });
}

/** Problems of the p7 set (bench/search/p7-set.ts): unknown answers, duplicate ids, paraphrases sharing a content word. */
export function checkP7Set(): string[] {
  return checkQuestionSet(P7_MEMORIES, P7_QUERIES, {
    unique: (q) => q.id,
    duplicates: "duplicate question ids",
    name: (q) => `${q.id} (${q.expect})`,
    mustNotShare: (q) => q.kind === "paraphrase",
  });
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const problems = [
    ...checkUnseenSet(),
    ...checkFreshSet().map((p) => `fresh ${p}`),
    ...checkAgentsSet().map((p) => `agents ${p}`),
    ...checkP6Set().map((p) => `p6 ${p}`),
    ...checkP7Set().map((p) => `p7 ${p}`),
  ];
  const counts: Record<string, Record<string, number>> = {};
  for (const q of UNSEEN_QUERIES) {
    counts[q.kind] ??= { tuning: 0, frozen: 0 };
    counts[q.kind][queryHalf(q)]++;
  }
  console.log(`${UNSEEN_MEMORIES.length} memories (${UNSEEN_MEMORIES.filter((m) => m.lang === "zh").length} Chinese), ${UNSEEN_QUERIES.length} questions`);
  console.table(counts);
  const fresh = { tuning: 0, frozen: 0 };
  for (const q of FRESH_QUERIES) fresh[queryHalf(q)]++;
  console.log(`fresh set: ${FRESH_MEMORIES.length} memories, ${FRESH_QUERIES.length} paraphrase questions`, fresh);
  const agents = { tuning: 0, frozen: 0 };
  for (const q of AGENTS_QUERIES) agents[queryHalf(q)]++;
  console.log(`agents set: ${AGENTS_MEMORIES.length} memories, ${AGENTS_QUERIES.length} paraphrase questions`, agents);
  const p6: Record<string, Record<string, number>> = {};
  for (const q of P6_QUERIES) {
    p6[q.kind] ??= { tuning: 0, frozen: 0 };
    p6[q.kind][p6Half(q)]++;
  }
  console.log(`p6 set: ${P6_MEMORIES.length} memories, ${P6_QUERIES.length} questions`);
  console.table(p6);
  const p7: Record<string, Record<string, number>> = {};
  for (const q of P7_QUERIES) {
    p7[q.kind] ??= { tuning: 0, frozen: 0 };
    p7[q.kind][p7Half(q)]++;
  }
  console.log(`p7 set: ${P7_MEMORIES.length} memories, ${P7_QUERIES.length} questions`);
  console.table(p7);
  console.log(problems.length ? problems.join("\n") : "no problems");
  process.exitCode = problems.length ? 1 : 0;
}
