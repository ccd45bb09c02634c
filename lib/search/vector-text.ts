import type Database from "better-sqlite3";
import { prepared } from "../db/prepared";
import { indexedForReading } from "../indexing/before-read";
import { queryTerms } from "./tokenizer";

/**
 * The text a question is embedded with (issue 42): the question without the names its memories are
 * filed under. A memory's title that is only a name ("Caroline": who said it, which person or
 * component it is about) is a label, not content. The lexical list matches such a name exactly
 * (title column weight, title-match boost), while in a short question's embedding it outweighs the
 * rest, and the vector list returns whatever is labelled with or mentions that name. On LoCoMo
 * conv-26 (the tuning conversation) vector recall@10 goes from 0.42 to 0.66 without the speaker's
 * name in the question's embedding (bench/search/unseen.ts, RECOLLECT_BENCH_NAMES_IN_VECTOR=keep for
 * before). A name that labels no memory (Android, Apple in a coding question) is content and stays.
 *
 * A name is one capitalized word (an upper-case letter, then lower-case letters), with its
 * possessive; a label is a name that is the whole title of at least LABEL_MEMORIES memories.
 * Identifiers, acronyms and code never match. A question left with no word keeps its names.
 */
export const LABEL_MEMORIES = 3;
/** Titles holding the name that are read to find LABEL_MEMORIES bare ones (bounds the work). */
const TITLES_READ = 64;
const NAME = /(?<![\p{L}\p{N}_./\\-])\p{Lu}\p{Ll}+(?:['’]s)?(?![\p{L}\p{N}_./\\-])/gu;
const CONTENT_WORD = /[\p{L}\p{N}]{2,}/u;

export function withoutNames(text: string, isLabel: (name: string) => boolean): string {
  const labels = new Map<string, boolean>();
  const stripped = text
    .replace(NAME, (word) => {
      const name = word.replace(/['’]s$/u, "");
      let label = labels.get(name);
      if (label === undefined) labels.set(name, (label = isLabel(name)));
      return label ? " " : word;
    })
    .replace(/\s{2,}/g, " ")
    .trim();
  if (stripped === text.trim()) return text;
  return queryTerms(stripped).some((t) => CONTENT_WORD.test(t)) ? stripped : text;
}

/** Whether `name` is the whole title of at least LABEL_MEMORIES memories (any status or project). */
export function isLabelName(sqlite: Database.Database, name: string): boolean {
  const [term, ...rest] = queryTerms(name);
  if (!term || rest.length) return false;
  indexedForReading(sqlite);
  const titles = prepared(sqlite, "SELECT m.title AS title FROM memory_fts JOIN memories m ON m.seq = memory_fts.rowid WHERE memory_fts MATCH ? LIMIT ?").all(
    `title : "${term.replaceAll('"', '""')}"`,
    TITLES_READ,
  ) as { title: string | null }[];
  const lower = name.toLowerCase();
  return titles.filter((t) => t.title?.trim().toLowerCase() === lower).length >= LABEL_MEMORIES;
}
