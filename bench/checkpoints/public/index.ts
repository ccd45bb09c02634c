/**
 * Checkpoint quality on real public agent transcripts (issue 42): the windows and labels of
 * sessions.json, rebuilt from the pinned source repository, split into a tuning and a frozen half
 * by a hash of each session's name (frozen = the headline, never tuned on), plus the windows of
 * sessions-tuning-2.json (same source, labelled later, all tuning). Needs a git snapshot of
 * the source: RECOLLECT_TRANSCRIPTS_GIT=/path/to/goodsch+brain_explore/repo (a bare git directory or
 * a checkout); skipped cleanly without it.
 *
 *   RECOLLECT_TRANSCRIPTS_GIT=... npx tsx bench/checkpoints/public/index.ts [--misses] [--tuning-only]
 */
import { execFileSync } from "node:child_process";
import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { type LabeledSession, qualityTable, scoreSessions } from "../quality";
import { parseClaudeExport } from "./claude-export";

interface PublicSession {
  name: string;
  file: string;
  window: [number, number];
  expected: LabeledSession["expected"];
}
interface PublicSet {
  source: { repo: string; commit: string };
  directory: string;
  sessions: PublicSession[];
}

const readSet = (file: string) => JSON.parse(fs.readFileSync(path.join(import.meta.dirname, file), "utf8")) as PublicSet;
export const PUBLIC_SET = readSet("sessions.json");
/** A second batch from the same pinned source, labelled later and kept whole in the tuning half (the frozen half stays as first committed). */
export const TUNING_SET_2 = readSet("sessions-tuning-2.json");

/** Tuning or frozen, by the first byte of sha256(name): even = tuning. */
export const sessionHalf = (name: string) => (createHash("sha256").update(name).digest()[0] % 2 === 0 ? "tuning" : "frozen");

/** The labelled sessions rebuilt from a snapshot of the source repository at the pinned commit; null without one. */
export function loadPublicSessions(gitDir = process.env.RECOLLECT_TRANSCRIPTS_GIT): (LabeledSession & { half: string })[] | null {
  if (!gitDir || !fs.existsSync(gitDir)) return null;
  const git = (...args: string[]) => execFileSync("git", ["-C", gitDir, ...args], { encoding: "utf8", maxBuffer: 1 << 30 });
  const commit = PUBLIC_SET.source.commit;
  if (TUNING_SET_2.source.commit !== commit) throw new Error("both sets must pin the same commit");
  const names = git("ls-tree", "-r", "--name-only", commit, "claude-prompts").split("\n");
  const parsed = new Map<string, ReturnType<typeof parseClaudeExport>>();
  const load = (set: PublicSet, half: (name: string) => string) =>
    set.sessions.map((s) => {
      const file = names.find((n) => n.startsWith(`claude-prompts/${s.file}`));
      if (!file) throw new Error(`${s.file} not in ${set.source.repo}@${commit}`);
      if (!parsed.has(file)) parsed.set(file, parseClaudeExport(git("show", `${commit}:${file}`)));
      const messages = parsed.get(file)!.slice(s.window[0], s.window[1]);
      return { name: s.name, lang: "en" as const, directory: set.directory, messages, expected: s.expected, half: half(s.name) };
    });
  return [...load(PUBLIC_SET, sessionHalf), ...load(TUNING_SET_2, () => "tuning")];
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const sessions = loadPublicSessions();
  if (!sessions) {
    console.log("skipped: set RECOLLECT_TRANSCRIPTS_GIT to a snapshot of goodsch/brain_explore (fetch it first)");
    process.exit(0);
  }
  const result: Record<string, unknown> = {};
  // While tuning, the frozen half is neither scored nor printed.
  for (const half of process.argv.includes("--tuning-only") ? ["tuning"] : ["tuning", "frozen"]) {
    const scored = scoreSessions(sessions.filter((s) => s.half === half));
    const all = scored.byLang.all;
    const found = Object.values(all).reduce((n, t) => n + t.found, 0);
    const expected = Object.values(all).reduce((n, t) => n + t.expected, 0);
    console.log(`\n${half}: ${sessions.filter((s) => s.half === half).length} sessions, ${found}/${expected} fields (${(found / expected).toFixed(3)})`);
    console.log(qualityTable(half, scored));
    if (half === "tuning") {
      const batch2 = new Set(TUNING_SET_2.sessions.map((s) => s.name));
      const b = scoreSessions(sessions.filter((s) => batch2.has(s.name))).byLang.all;
      const bf = Object.values(b).reduce((n, t) => n + t.found, 0);
      const be = Object.values(b).reduce((n, t) => n + t.expected, 0);
      console.log(`of which sessions-tuning-2.json: ${batch2.size} sessions, ${bf}/${be} fields (${(bf / be).toFixed(3)})`);
    }
    if (process.argv.includes("--misses") && half === "tuning") console.log(scored.misses.join("\n"));
    result[half] = {
      sessions: sessions.filter((s) => s.half === half).length,
      found,
      expected,
      share: found / expected,
      byKind: all,
      misses: half === "tuning" ? scored.misses : undefined,
    };
  }
  const out = path.resolve(import.meta.dirname, "../../results/checkpoints-public.json");
  fs.mkdirSync(path.dirname(out), { recursive: true });
  fs.writeFileSync(out, JSON.stringify({ at: new Date().toISOString(), ...result }, null, 2));
}
