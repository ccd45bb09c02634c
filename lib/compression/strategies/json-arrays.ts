import { findTooDeep, MAX_JSON_DEPTH } from "../../http/json-depth";
import { footer } from "../lines";
import type { Strategy } from "../types";

/** JSON outputs with long arrays: the first items, one example of every other shape, the last item. */
const HEAD = 2;
const TAIL = 1;
const MAX_SHAPES = 3;

function shape(value: unknown): string {
  if (Array.isArray(value)) return `[${value.length ? shape(value[0]) : ""}]`;
  if (value && typeof value === "object") return `{${Object.keys(value).sort().join(",")}}`;
  return value === null ? "null" : typeof value;
}

function crush(value: unknown, maxItems: number, stats: { removed: number }): unknown {
  if (Array.isArray(value)) {
    const items = value.map((v) => crush(v, maxItems, stats));
    if (items.length <= maxItems) return items;
    const head = items.slice(0, HEAD);
    const tail = items.slice(-TAIL);
    const seen = new Set([...head, ...tail].map(shape));
    const distinct: unknown[] = [];
    for (const item of items.slice(HEAD, -TAIL)) {
      const s = shape(item);
      if (seen.has(s)) continue;
      seen.add(s);
      distinct.push(item);
      if (distinct.length >= MAX_SHAPES) break;
    }
    const omitted = items.length - head.length - tail.length - distinct.length;
    stats.removed += omitted;
    return [...head, ...distinct, `… ${omitted} more items of the shapes shown (${items.length} in all) …`, ...tail];
  }
  if (value && typeof value === "object") {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) out[k] = crush(v, maxItems, stats);
    return out;
  }
  return value;
}

export const jsonArrays: Strategy = {
  name: "json-arrays",
  content: true,
  appliesTo: (v) => v.kind === "tool" && v.field === "output",
  apply(text, _v, sc) {
    const trimmed = text.trim();
    if (trimmed.length < sc.p.minChars / 2 || !/^[[{]/.test(trimmed)) return undefined;
    let value: unknown;
    try {
      value = JSON.parse(trimmed);
    } catch {
      return undefined;
    }
    // crush, shape and JSON.stringify recurse: nesting past the bound (a 4 KB array 2,000 deep
    // overflowed the stack on every compress of its session) leaves the output as it is.
    if (findTooDeep(value, MAX_JSON_DEPTH)) return undefined;
    const stats = { removed: 0 };
    const crushed = crush(value, sc.p.jsonMaxItems, stats);
    if (stats.removed === 0) return undefined;
    const body = JSON.stringify(crushed, null, trimmed.includes("\n") ? 2 : undefined);
    return { text: `${body}\n${footer(`${stats.removed} array items removed`, sc.ref())}` };
  },
};
