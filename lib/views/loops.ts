import type { LoopDto } from "../contracts/loops";
import type { Ctx } from "../ctx";
import { listKv } from "../kv";
import { getLoop, listLoops } from "../loops";
import { REVIEW_FINDING_PREFIX } from "../vocabulary";

export interface FindingView {
  key: string;
  file: string;
  line: string;
  severity: string;
  description: string;
  status: string;
}

export interface LoopsView {
  loops: LoopDto[];
  /** Open review findings (KV `review-finding:<file>:<line>`) by project id. */
  findings: Record<string, FindingView[]>;
}

/** The Loops page: the newest loops with their phases, and the open findings of their projects. */
export function loopsView(ctx: Ctx, limit = 20): LoopsView {
  const loops = listLoops(ctx, { limit }).items.map((l) => getLoop(ctx, l.id));
  const findings: Record<string, FindingView[]> = {};
  for (const projectId of new Set(loops.map((l) => l.projectId).filter((p): p is string => !!p))) {
    findings[projectId] = listKv(ctx, { project: projectId, prefix: REVIEW_FINDING_PREFIX, limit: 200 }).items.map((e) => {
      const [file = "", line = ""] = splitFindingKey(e.key);
      const v = (e.value ?? {}) as Partial<Record<"severity" | "description" | "status", unknown>>;
      return { key: e.key, file, line, severity: String(v.severity ?? ""), description: String(v.description ?? ""), status: String(v.status ?? "open") };
    });
  }
  return { loops, findings };
}

/** `review-finding:src/a:b.ts:12` -> [`src/a:b.ts`, `12`] (a file name may hold a colon). */
function splitFindingKey(key: string): [string, string] {
  const rest = key.slice(REVIEW_FINDING_PREFIX.length);
  const at = rest.lastIndexOf(":");
  return at < 0 ? [rest, ""] : [rest.slice(0, at), rest.slice(at + 1)];
}
