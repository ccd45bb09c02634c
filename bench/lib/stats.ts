import fs from "node:fs";
import path from "node:path";

export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  const i = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[i];
}

export function summarize(samples: number[]) {
  const s = [...samples].sort((a, b) => a - b);
  return { n: s.length, p50: percentile(s, 50), p95: percentile(s, 95), p99: percentile(s, 99), max: s[s.length - 1] };
}

export async function time<T>(fn: () => Promise<T> | T): Promise<[T, number]> {
  const t = performance.now();
  const out = await fn();
  return [out, performance.now() - t];
}

/** Prints a Markdown table. */
export function printTable(title: string, rows: Record<string, string | number>[]) {
  if (rows.length === 0) return;
  const cols = Object.keys(rows[0]);
  const fmt = (v: string | number) => (typeof v === "number" ? (Number.isInteger(v) ? String(v) : v.toFixed(2)) : v);
  console.log(`\n### ${title}\n`);
  console.log(`| ${cols.join(" | ")} |`);
  console.log(`|${cols.map(() => "---").join("|")}|`);
  for (const r of rows) console.log(`| ${cols.map((c) => fmt(r[c])).join(" | ")} |`);
}

export function writeResult(name: string, data: unknown) {
  const dir = path.resolve(import.meta.dirname, "..", "results");
  fs.mkdirSync(dir, { recursive: true });
  const file = path.join(dir, `${name}.json`);
  fs.writeFileSync(file, JSON.stringify(data, null, 2));
  console.log(`\nJSON: ${path.relative(process.cwd(), file)}`);
}
