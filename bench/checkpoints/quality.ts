/**
 * Checkpoint quality on labeled sessions: for each session, the share of expected decisions,
 * constraints, next steps and files found in the extract (an expected item is a case-insensitive
 * substring of some extracted line), and whether each expected error is listed with the right
 * fixed/open status. A missing error counts as misclassified.
 */
import fs from "node:fs";
import type { CheckpointExtract } from "../../lib/contracts/checkpoints";
import { extractCheckpoint } from "../../lib/checkpoints/extract";
import { toTimeline } from "../../lib/checkpoints/timeline";

export interface LabeledSession {
  name: string;
  lang: "en" | "zh";
  directory: string;
  messages: unknown[];
  expected: { decisions: string[]; constraints: string[]; files: string[]; errors: { match: string; fixed: boolean }[]; nextSteps: string[] };
}

export const KINDS = ["decisions", "constraints", "nextSteps", "files", "errors"] as const;
export type Kind = (typeof KINDS)[number];
export interface Tally {
  expected: number;
  found: number;
}

export function loadSessions(file: string): LabeledSession[] {
  return JSON.parse(fs.readFileSync(file, "utf8")) as LabeledSession[];
}

const has = (lines: readonly string[], want: string) => lines.some((l) => l.toLowerCase().includes(want.toLowerCase()));

export function scoreSession(s: LabeledSession, x: CheckpointExtract) {
  const misses: string[] = [];
  const tally = Object.fromEntries(KINDS.map((k) => [k, { expected: 0, found: 0 }])) as Record<Kind, Tally>;
  const check = (kind: Kind, want: string, ok: boolean) => {
    tally[kind].expected++;
    if (ok) tally[kind].found++;
    else misses.push(`${s.name} ${kind}: ${want}`);
  };
  for (const d of s.expected.decisions) check("decisions", d, has(x.decisions, d));
  for (const c of s.expected.constraints) check("constraints", c, has(x.constraints, c));
  for (const n of s.expected.nextSteps) check("nextSteps", n, has(x.nextSteps, n));
  for (const f of s.expected.files)
    check(
      "files",
      f,
      x.filesModified.some((m) => m.path === f),
    );
  for (const e of s.expected.errors) {
    const got = x.errors.find((i) => i.message.toLowerCase().includes(e.match.toLowerCase()));
    check("errors", `${e.match} (${e.fixed ? "fixed" : "open"}; got ${got ? (got.fixed ? "fixed" : "open") : "missing"})`, !!got && got.fixed === e.fixed);
  }
  return { tally, misses };
}

export function scoreSessions(sessions: readonly LabeledSession[]) {
  const byLang: Record<string, Record<Kind, Tally>> = {};
  const misses: string[] = [];
  for (const s of sessions) {
    const x = extractCheckpoint(toTimeline(s.messages as never), s.directory);
    const r = scoreSession(s, x);
    misses.push(...r.misses);
    for (const lang of ["all", s.lang]) {
      byLang[lang] ??= Object.fromEntries(KINDS.map((k) => [k, { expected: 0, found: 0 }])) as Record<Kind, Tally>;
      for (const k of KINDS) {
        byLang[lang][k].expected += r.tally[k].expected;
        byLang[lang][k].found += r.tally[k].found;
      }
    }
  }
  return { byLang, misses };
}

export function qualityTable(name: string, scored: ReturnType<typeof scoreSessions>): string {
  const rows = Object.entries(scored.byLang).map(
    ([lang, t]) =>
      `| ${name} | ${lang} | ${KINDS.map((k) => `${t[k].found}/${t[k].expected} (${t[k].expected ? (t[k].found / t[k].expected).toFixed(2) : "-"})`).join(" | ")} |`,
  );
  return [`| set | lang | ${KINDS.join(" | ")} |`, `|---|---|${KINDS.map(() => "---").join("|")}|`, ...rows].join("\n");
}
