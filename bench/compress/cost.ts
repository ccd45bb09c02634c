/**
 * What a replayed run costs in money, and whether compression hid something the agent then used.
 * The prompt cache is simulated by bench/lib/cache-cost.ts; a request is the fixed prefix then every
 * part of the history, one block per part (its JSON: any changed byte is a changed block).
 */
import { countTokens } from "../../lib/token-count";
import { PrefixCache, totalCost, type Block, type RequestCost, type RunCost } from "../lib/cache-cost";

type AnyPart = { id?: string; type?: string; text?: unknown; tool?: unknown; state?: { input?: unknown; output?: unknown; error?: unknown } };
type AnyMessage = { info: { role?: string }; parts: unknown[] };

const tokenMemo = new Map<string, number>();
const tokens = (s: string) => {
  let n = tokenMemo.get(s);
  if (n === undefined) {
    n = countTokens(s);
    if (tokenMemo.size > 200_000) tokenMemo.clear();
    tokenMemo.set(s, n);
  }
  return n;
};

/** What the model reads of a part. */
export function visibleOf(part: unknown): string {
  const p = part as AnyPart;
  if (p.type === "text" || p.type === "reasoning") return String(p.text ?? "");
  if (p.type === "tool") {
    const s = p.state ?? {};
    return `${String(p.tool)}\n${JSON.stringify(s.input ?? {})}\n${String(s.output ?? s.error ?? "")}`;
  }
  return "";
}

export function blocksOf(messages: AnyMessage[], fixed: Block[] = []): Block[] {
  const out = [...fixed];
  for (const m of messages) for (const p of m.parts) out.push({ key: JSON.stringify(p), tokens: tokens(visibleOf(p)) });
  return out;
}

/** Costs of a sequence of requests sent `stepMs` apart (or at the given times). */
export function costOf(requests: Block[][], at: (i: number) => number): { perRequest: RequestCost[]; total: RunCost } {
  const cache = new PrefixCache();
  const perRequest = requests.map((blocks, i) => cache.request(blocks, at(i)));
  return { perRequest, total: totalCost(perRequest) };
}

/**
 * What a step uses of what it had read: an edit's old text (its longest line), a quoted line
 * (backticks, 16+ characters) or a `path:line` in its prose. Only strings that occur in the
 * earlier history count (the step could not have invented them).
 */
export function needlesOf(step: AnyMessage): string[] {
  const out: string[] = [];
  for (const part of step.parts) {
    const p = part as AnyPart;
    if (p.type === "tool") {
      const input = (p.state?.input ?? {}) as Record<string, unknown>;
      const old = input.oldString ?? input.old_str;
      if (typeof old === "string") {
        const longest = old
          .split("\n")
          .map((l) => l.trim())
          .sort((a, b) => b.length - a.length)[0];
        if (longest && longest.length >= 12) out.push(longest);
      }
    }
    if (p.type === "text" || p.type === "reasoning") {
      const text = String(p.text ?? "");
      for (const m of text.matchAll(/`([^`\n]{16,200})`/g)) out.push(m[1].trim());
      for (const m of text.matchAll(/\b[\w./-]+\.[A-Za-z]{1,5}:\d+\b/g)) out.push(m[0]);
    }
  }
  return out;
}

export interface HiddenUse {
  /** Needles found in the earlier history. */
  uses: number;
  /** Of those, absent from the compressed request the step was answering. */
  hidden: number;
}

/** Counts a step's uses of earlier content, and those compression had hidden from its request. */
export function hiddenUses(step: AnyMessage, original: AnyMessage[], compressed: AnyMessage[]): HiddenUse {
  const needles = needlesOf(step);
  if (!needles.length) return { uses: 0, hidden: 0 };
  const before = original.flatMap((m) => m.parts.map(visibleOf)).join("\n");
  const shown = compressed.flatMap((m) => m.parts.map(visibleOf)).join("\n");
  let uses = 0;
  let hidden = 0;
  for (const n of needles) {
    if (!before.includes(n)) continue;
    uses++;
    if (!shown.includes(n)) hidden++;
  }
  return { uses, hidden };
}
