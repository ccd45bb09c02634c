import crypto from "node:crypto";
import type { BlindFamily, Half } from "./blind-store";

/** A memory of a blind family: its key within the family, category, age and text. */
export type BlindRow = [local: string, category: string, ageDays: number, content: string];

/** A family's labels, by local key (blind-store-r3.ts explains what each label means). */
export interface BlindLabels {
  merge?: [string, string][];
  supersede?: [string, string][];
  stale?: string[];
  deleted?: string[];
}

/**
 * One blind set (r3, r4, …): `family` declares a family whose ids and keys carry the set's name
 * and whose labels must name its rows; `halfOf` puts a family in a half by the first byte of
 * sha256("consolidation-blind-<set>:" + id), even -> tuning, odd -> frozen.
 */
export function blindSet(name: string) {
  const families: BlindFamily[] = [];
  const family = (id: string, project: string, rows: BlindRow[], labels: BlindLabels = {}): void => {
    const k = (local: string) => `${name}-${id}.${local}`;
    const locals = new Set(rows.map((r) => r[0]));
    if (locals.size !== rows.length) throw new Error(`family ${id}: duplicate local key`);
    for (const pair of [...(labels.merge ?? []), ...(labels.supersede ?? [])])
      for (const l of pair) if (!locals.has(l)) throw new Error(`family ${id}: label names unknown memory ${l}`);
    for (const l of labels.stale ?? []) if (!locals.has(l)) throw new Error(`family ${id}: stale names unknown memory ${l}`);
    families.push({
      id: `${name}-${id}`,
      project,
      memories: rows.map(([local, category, ageDays, content]) => ({ key: k(local), project, category, content, ageDays })),
      merge: (labels.merge ?? []).map(([a, b]) => [k(a), k(b)]),
      supersede: (labels.supersede ?? []).map(([a, b]) => [k(a), k(b)]),
      stale: (labels.stale ?? []).map(k),
      deletedFiles: labels.deleted ?? [],
    });
  };
  const halfOf = (familyId: string): Half =>
    crypto.createHash("sha256").update(`consolidation-blind-${name}:${familyId}`).digest()[0]! % 2 === 0 ? "tuning" : "frozen";
  return { families: families as readonly BlindFamily[], family, halfOf };
}
