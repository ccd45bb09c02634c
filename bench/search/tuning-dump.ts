import fs from "node:fs";
import type { Candidate, rank } from "../../lib/search/hybrid";

// The lists bench/search/unseen.ts --dump writes (tuning half only) as the offline fusion benches
// (fusion-offline.ts, fusion-grid.ts) read them: argv is `<dump file> [fusion JSON ...] [--flags]`.

export interface DumpedQuestion {
  kind: string;
  half: string;
  lexical: Parameters<typeof rank>[0];
  vector: { seq: number; distance: number }[];
  expected: number[];
}
export interface DumpedSet {
  queries: DumpedQuestion[];
  candidates: Candidate[];
}
export type TuningDump = Partial<Record<"set" | "fresh" | "agents" | "p6", DumpedSet>> & { locomo: Record<string, DumpedSet> };

/** The dump named first on the command line, and the fusion settings to try (the arguments not starting with --). */
export function readTuningDump(argv: string[]): { dump: TuningDump; tries: string[] } {
  const [file, ...rest] = argv;
  return { dump: JSON.parse(fs.readFileSync(file, "utf8")) as TuningDump, tries: rest.filter((a) => !a.startsWith("--")) };
}
