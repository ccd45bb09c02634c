import type { KvEntryDto } from "../../lib/contracts/kv";
import type { Result } from "../client";
import type { Runtime } from "../runtime";

/**
 * The auditor's findings live in the project's KV store, one key each,
 * `review-finding:<file>:<line>`, so that the next audit carries forward what is still there and
 * deletes what was fixed.
 */
export const FINDING_PREFIX = "review-finding:";
export const SEVERITIES = ["critical", "major", "minor", "info"] as const;
/** Findings outlive a branch's review cycle, not the project. */
const FINDING_TTL_SECONDS = 90 * 24 * 3600;

export interface Finding {
  file: string;
  line: number;
  severity: (typeof SEVERITIES)[number];
  description: string;
}

export interface StoredFinding extends Omit<Finding, "file" | "line"> {
  status: "open";
  /** When an audit first reported it, and how many audits reported it since. */
  firstSeen: string;
  audits: number;
}

export const findingKey = (f: Pick<Finding, "file" | "line">) => `${FINDING_PREFIX}${f.file}:${f.line}`;

export async function openFindings(rt: Runtime): Promise<Result<KvEntryDto[]>> {
  const res = await rt.client.get<{ items: KvEntryDto[] }>("/api/kv", {
    query: { directory: rt.directory, prefix: FINDING_PREFIX, limit: 1000 },
    timeoutMs: rt.settings.toolTimeoutMs,
  });
  return res.ok ? { ...res, data: res.data.items } : res;
}

export interface AuditOutcome {
  added: string[];
  carried: string[];
  resolved: string[];
}

/**
 * Stores this audit's findings: a finding already stored is carried forward (first seen kept,
 * audits counted); a stored finding on a reviewed file that this audit did not report again is
 * resolved and deleted. `files` bounds what this audit looked at (default: every stored finding).
 */
export async function recordAudit(rt: Runtime, findings: Finding[], files?: string[]): Promise<Result<AuditOutcome>> {
  const existing = await openFindings(rt);
  if (!existing.ok) return existing;
  const before = new Map(existing.data.map((e) => [e.key, e.value as StoredFinding]));
  const timeoutMs = rt.settings.toolTimeoutMs;
  const outcome: AuditOutcome = { added: [], carried: [], resolved: [] };
  const reported = new Set<string>();
  for (const f of findings) {
    const key = findingKey(f);
    if (reported.has(key)) continue;
    reported.add(key);
    const prior = before.get(key);
    const value: StoredFinding = {
      severity: f.severity,
      description: f.description,
      status: "open",
      firstSeen: prior?.firstSeen ?? new Date().toISOString(),
      audits: (prior?.audits ?? 0) + 1,
    };
    const put = await rt.client.call("PUT", `/api/kv/${encodeURIComponent(key)}`, {
      body: { directory: rt.directory, value, ttlSeconds: FINDING_TTL_SECONDS },
      timeoutMs,
    });
    if (!put.ok) return put;
    (prior ? outcome.carried : outcome.added).push(key);
  }
  const scope = files?.length ? new Set(files) : undefined;
  for (const key of before.keys()) {
    if (reported.has(key)) continue;
    const file = key.slice(FINDING_PREFIX.length).replace(/:\d+$/, "");
    if (scope && !scope.has(file)) continue;
    const del = await rt.client.call("DELETE", `/api/kv/${encodeURIComponent(key)}`, { query: { directory: rt.directory }, timeoutMs });
    if (!del.ok) return del;
    outcome.resolved.push(key);
  }
  return { ok: true, status: 200, data: outcome };
}

/** The open findings as the auditor's prompt lists them. */
export function findingLines(entries: KvEntryDto[]): string[] {
  return entries.map((e) => {
    const v = e.value as Partial<StoredFinding>;
    return `- ${e.key.slice(FINDING_PREFIX.length)} [${v.severity ?? "?"}, ${v.audits ?? 1} audit(s)] ${v.description ?? ""}`;
  });
}
