import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import type { Question, Turn } from "./quality";

/**
 * Issue 42's frozen set for long conversations: REALTALK (Lee et al. 2025, "REALTALK: A 21-Day
 * Real-World Dataset for Long-Term Conversation"; github danny911kr/REALTALK, rev b903e06), ten real
 * messaging-app conversations between people, 410–1,548 turns each, with LoCoMo-style memory-probing
 * questions whose evidence names the turns (dia_id). Only `data/Chat_*.json` is read: the repo's
 * `data/locomo/` holds the LoCoMo conversations that are the grader's held-out set, never opened.
 * The repo states no licence, so its data is not committed: this script converts a checkout into
 * the locomo-dev shape (one memory a turn, one query a question) in two folders:
 *
 *   - split: by conversation (a question is only fair against its own conversation's turns), the
 *     five conversations with the lowest sha256(sample_id) are FROZEN, the other five TUNING.
 *     Fixed before anything was scored; the frozen half is scored once, at the end.
 *   - labels (written before any run): category 1 multi-hop, 2 temporal, 3 open-domain, as in LoCoMo
 *     (the same authors' scheme). Evidence ids that name no turn (the set has some) are dropped; a
 *     question left with none is skipped. Image-only turns (no text) are not stored.
 *   - dates: "29.12.2023, 22:42:04" becomes LoCoMo's "10:42 pm on 29 December, 2023", so the date
 *     signal reads both sets alike.
 *
 *   git clone <REALTALK> /tmp/realtalk && git -C /tmp/realtalk checkout b903e06
 *   npx tsx bench/search/realtalk-set.ts /tmp/realtalk/data /tmp/realtalk-set
 *   # -> /tmp/realtalk-set/{tuning,frozen}/locomo-dev_{memories,queries}.jsonl
 */
const CATEGORY: Record<number, string> = { 1: "multi-hop", 2: "temporal", 3: "open-domain" };
const MONTHS = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"];

interface RtTurn {
  clean_text?: string;
  speaker: string;
  date_time: string;
  dia_id: string;
}
interface RtChat {
  qa: { question: string; answer?: unknown; evidence?: string[]; category?: number }[];
  [key: string]: unknown;
}

/** "29.12.2023, 22:42:04" -> "10:42 pm on 29 December, 2023" (LoCoMo's form); anything else as is. */
export function locomoDate(s: string): string {
  const m = /^(\d{1,2})\.(\d{1,2})\.(\d{4}), (\d{1,2}):(\d{2})/.exec(s);
  if (!m) return s;
  const hour = Number(m[4]);
  const h12 = hour % 12 === 0 ? 12 : hour % 12;
  return `${h12}:${m[5]} ${hour < 12 ? "am" : "pm"} on ${Number(m[1])} ${MONTHS[Number(m[2]) - 1]}, ${m[3]}`;
}

export function convertChat(sample: string, chat: RtChat): { turns: Turn[]; questions: Question[]; droppedEvidence: number } {
  const turns: Turn[] = [];
  for (const key of Object.keys(chat)) {
    const session = /^session_(\d+)$/.exec(key)?.[1];
    if (!session || !Array.isArray(chat[key])) continue;
    for (const t of chat[key] as RtTurn[]) {
      const text = (t.clean_text ?? "").trim();
      if (text) turns.push({ sample_id: sample, dia_id: t.dia_id, session: Number(session), date_time: locomoDate(t.date_time), speaker: t.speaker, text });
    }
  }
  const ids = new Set(turns.map((t) => t.dia_id));
  let droppedEvidence = 0;
  const questions: Question[] = [];
  chat.qa.forEach((q, i) => {
    const evidence = (q.evidence ?? []).filter((e) => ids.has(e));
    droppedEvidence += (q.evidence ?? []).length - evidence.length;
    const name = CATEGORY[q.category ?? 0];
    if (evidence.length && name)
      questions.push({ sample_id: sample, qid: `${sample}-q${i}`, question: q.question, category: q.category ?? 0, category_name: name, evidence });
  });
  return { turns, questions, droppedEvidence };
}

/** The five conversations with the lowest sha256(sample_id) are frozen. */
export function frozenSamples(samples: string[]): Set<string> {
  const hash = (s: string) => createHash("sha256").update(s).digest("hex");
  return new Set([...samples].sort((a, b) => hash(a).localeCompare(hash(b))).slice(0, Math.floor(samples.length / 2)));
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const [from, to] = process.argv.slice(2);
  if (!from || !to) {
    console.log("usage: npx tsx bench/search/realtalk-set.ts <REALTALK>/data <out dir>");
    process.exit(2);
  }
  const files = fs.readdirSync(from).filter((f) => /^Chat_\d+_\w+\.json$/.test(f));
  const sampleOf = (f: string) =>
    `realtalk-${f
      .replace(/\.json$/, "")
      .toLowerCase()
      .replaceAll("_", "-")}`;
  const frozen = frozenSamples(files.map(sampleOf));
  const out = { tuning: { turns: [] as Turn[], questions: [] as Question[] }, frozen: { turns: [] as Turn[], questions: [] as Question[] } };
  for (const f of files) {
    const sample = sampleOf(f);
    const c = convertChat(sample, JSON.parse(fs.readFileSync(path.join(from, f), "utf8")) as RtChat);
    const side = frozen.has(sample) ? "frozen" : "tuning";
    out[side].turns.push(...c.turns);
    out[side].questions.push(...c.questions);
    console.log(`${side.padEnd(6)} ${sample}: ${c.turns.length} turns, ${c.questions.length} questions (${c.droppedEvidence} evidence ids name no turn)`);
  }
  for (const side of ["tuning", "frozen"] as const) {
    const dir = path.join(to, side);
    fs.mkdirSync(dir, { recursive: true });
    const lines = (xs: object[]) => xs.map((x) => JSON.stringify(x)).join("\n") + "\n";
    fs.writeFileSync(path.join(dir, "locomo-dev_memories.jsonl"), lines(out[side].turns));
    fs.writeFileSync(path.join(dir, "locomo-dev_queries.jsonl"), lines(out[side].questions));
  }
}
