import { cosine } from "../../lib/embeddings/dedup-model";
import { TUNING_SETS } from "./all-sets-list";
import { type ProposedPair, runHalf } from "./blind";
import { embedTexts } from "./embed-store";

/**
 * Every merge pair the code proposes on the tuning sets (with the prepared model's vectors), each
 * with its two texts' cosine, and the labelled merges per set: the rows of the merge studies
 * (merge-study.ts, fit-merge-floor.ts).
 */
export async function proposedMerges(
  extra: Parameters<typeof runHalf>[4] = {},
  onSet?: (set: string, score: { truePositives: number; predicted: number; truth: number }) => void,
): Promise<{ pairs: { set: string; p: ProposedPair; cosine: number }[]; truth: Record<string, number> }> {
  const modelDir = process.env.RECOLLECT_BENCH_MODEL_DIR ?? "";
  if (!modelDir) throw new Error("set RECOLLECT_BENCH_MODEL_DIR to a prepared model");
  const found: { set: string; p: ProposedPair }[] = [];
  const truth: Record<string, number> = {};
  for (const set of TUNING_SETS) {
    let got: ProposedPair[] = [];
    const h = await runHalf(set, true, undefined, (p) => (got = p), extra);
    for (const p of got) if (p.kind === "merge") found.push({ set, p });
    truth[set] = h.byKind.merge.truth;
    onSet?.(set, h.byKind.merge);
  }
  const texts = [...new Set(found.flatMap(({ p }) => p.texts))];
  const vectorOf = new Map((await embedTexts(modelDir, texts)).map((v, i) => [texts[i]!, v] as const));
  return { pairs: found.map(({ set, p }) => ({ set, p, cosine: cosine(vectorOf.get(p.texts[0])!, vectorOf.get(p.texts[1])!) })), truth };
}
