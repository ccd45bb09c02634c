/**
 * Rebuilds the instruction set (issue 40): real user messages to a coding agent, from aider chat
 * logs (`.aider.chat.history.md`, the `#### ` lines) of four public repositories pinned below.
 * Each message was then labelled by hand in `messages.jsonl` (`label`: the category a memory should be
 * filed as, or null: an instruction, a question, a log or code line, nothing to store; rebuilding
 * drops the labels). Messages are split by a hash
 * into a tuning half and a frozen half; the frozen half was labelled and committed before any rule
 * changed and is never looked at while tuning.
 *
 *   npx tsx bench/extraction/instructions/build.ts <dir holding owner+name/repo git dirs>
 */
import { execFileSync } from "node:child_process";
import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";

export const SOURCES = [
  { repo: "AndrewJacop/Simple-Calulator", commit: "8424ac2df6c180fb363157fbace9b1d71f774161" },
  { repo: "BeauCranston/car-game", commit: "62288fd46cb451c94de0fd94835ffe221dd3cc75" },
  { repo: "AndrewJacop/doc_processor", commit: "d79684cb10302d4e059691275ca598f53e1166b4" },
  { repo: "BjornNordblom/pocketflow-text2sql-gui", commit: "fa36619313c0eb9605ca446524c7c0b111af6b59" },
];
const PER_SOURCE = 40;
const sha = (s: string) => createHash("sha256").update(s).digest("hex");
/** Half the messages are frozen, by the first hex digit of a salted hash of the text. */
export const splitOf = (text: string) => (Number.parseInt(sha(`instructions:${text}`)[0]!, 16) < 8 ? "frozen" : "tuning");

/** A user's own words: not an aider command, not a pasted log line. */
function isMessage(t: string): boolean {
  if (t.length < 20 || t.length > 400 || !/^[\p{L}]/u.test(t)) return false;
  if (t.split(/\s+/).length < 5) return false;
  return (t.match(/[:=\d]/g) ?? []).length < 8;
}

export function messagesOf(log: string): string[] {
  const out = new Set<string>();
  for (const raw of log.split("\n")) {
    if (!raw.startsWith("#### ")) continue;
    const t = raw
      .slice(5)
      .replace(/^\/(?:code|ask|architect)\s+/, "")
      .trim();
    if (!t.startsWith("/") && isMessage(t)) out.add(t);
  }
  return [...out];
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const dir = process.argv[2];
  if (!dir) throw new Error("usage: build.ts <dir of owner+name/repo clones>");
  const rows: { source: string; text: string; split: string }[] = [];
  for (const s of SOURCES) {
    const git = path.join(dir, s.repo.replace("/", "+"), "repo");
    const log = execFileSync("git", ["-C", git, "show", `${s.commit}:.aider.chat.history.md`], { encoding: "utf8", maxBuffer: 64 << 20 });
    const picked = messagesOf(log)
      .sort((a, b) => sha(a).localeCompare(sha(b)))
      .slice(0, PER_SOURCE);
    for (const text of picked) rows.push({ source: `${s.repo}@${s.commit}`, text, split: splitOf(text) });
  }
  fs.writeFileSync(path.join(import.meta.dirname, "messages.jsonl"), `${rows.map((r) => JSON.stringify(r)).join("\n")}\n`);
  console.log(`${rows.length} messages (${rows.filter((r) => r.split === "frozen").length} frozen)`);
}
