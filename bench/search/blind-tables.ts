import { createHash } from "node:crypto";
import type { UnseenKind } from "./unseen-set";

/**
 * The blind search sets written as tables (p6-set.ts, p7-set.ts): a memory a line ("key | content"),
 * a question a line ("id | kind | expected key | question"), and each question's half by a hash
 * of the set's salt and its id.
 */
export interface BlindMemory {
  key: string;
  content: string;
}
export interface BlindQuery {
  id: string;
  kind: UnseenKind;
  expect: string;
  q: string;
}

const lines = (table: string) =>
  table
    .split("\n")
    .map((l) => l.trim())
    .filter(Boolean);

export const memoriesOf = (table: string): BlindMemory[] =>
  lines(table).map((l) => {
    const at = l.indexOf("|");
    return { key: l.slice(0, at).trim(), content: l.slice(at + 1).trim() };
  });

export const questionsOf = (table: string): BlindQuery[] =>
  lines(table).map((l) => {
    const [id, kind, expect, ...rest] = l.split("|");
    return { id: id.trim(), kind: kind.trim() as UnseenKind, expect: expect.trim(), q: rest.join("|").trim() };
  });

/** sha256(salt + id), first byte even = tuning. */
export const halfOf = (salt: string, q: BlindQuery): "tuning" | "frozen" =>
  createHash("sha256").update(`${salt}${q.id}`).digest()[0] % 2 === 0 ? "tuning" : "frozen";
