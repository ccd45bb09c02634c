import type { KvEntryDto } from "../lib/contracts/kv";
import { type FindingSeverity, REVIEW_FINDING_PREFIX } from "../lib/vocabulary";
import type { RecollectClient, Result } from "./client";

/**
 * Review findings in the project's KV store, one key per place: `review-finding:<file>:<line>` ->
 * `{ severity, description, status: "open", firstSeen, audits, loopId? }`. The one module both
 * writers use: `/review`'s auditor (`memory_review_findings`, a whole audit at once) and a loop's
 * auditor (`memory_finding`, one finding at a time). A resolved finding is deleted.
 */
export interface Finding {
  file: string;
  line: number;
  severity: FindingSeverity;
  description: string;
}

export interface StoredFinding {
  severity: FindingSeverity;
  description: string;
  status: "open";
  /** When an audit first reported it, and how many audits reported it since. */
  firstSeen: string;
  audits: number;
  /** The loop whose auditor reported it last, if any. */
  loopId?: string;
}

export type OpenFinding = Finding & Omit<StoredFinding, "severity" | "description">;

/** Where findings are read and written: the project's KV store over the server's API. */
export interface FindingStore {
  client: RecollectClient;
  directory: string;
  timeoutMs: number;
}

/** Findings outlive a branch's review cycle, not the project. */
const FINDING_TTL_SECONDS = 90 * 24 * 3600;

export const findingKey = (file: string, line: number) => `${REVIEW_FINDING_PREFIX}${file}:${line}`;

/** `review-finding:src/a.ts:12` -> `{ file: "src/a.ts", line: 12 }` (a file name may hold colons). */
export function parseFindingKey(key: string): { file: string; line: number } {
  const rest = key.slice(REVIEW_FINDING_PREFIX.length);
  const at = rest.lastIndexOf(":");
  return at < 0 ? { file: rest, line: 0 } : { file: rest.slice(0, at), line: Number(rest.slice(at + 1)) || 0 };
}

function toOpenFinding(entry: KvEntryDto): OpenFinding {
  const v = (entry.value ?? {}) as Partial<StoredFinding>;
  return {
    ...parseFindingKey(entry.key),
    severity: v.severity ?? "minor",
    description: String(v.description ?? ""),
    status: "open",
    firstSeen: v.firstSeen ?? entry.updatedAt ?? "",
    audits: v.audits ?? 1,
    ...(v.loopId ? { loopId: v.loopId } : {}),
  };
}

/** The project's open findings (a stored `status: "resolved"` from an older writer counts as gone). */
export async function listFindings(store: FindingStore): Promise<Result<OpenFinding[]>> {
  const res = await store.client.get<{ items: KvEntryDto[] }>("/api/kv", {
    query: { directory: store.directory, prefix: REVIEW_FINDING_PREFIX, limit: 1000 },
    timeoutMs: store.timeoutMs,
  });
  if (!res.ok) return res;
  const open = res.data.items.filter((e) => (e.value as { status?: string } | null)?.status !== "resolved").map(toOpenFinding);
  return { ...res, data: open };
}

/** Stores one finding; one already stored at that place is carried forward (first seen kept, audits + 1). */
async function writeFinding(store: FindingStore, f: Finding, prior: OpenFinding | undefined, loopId?: string) {
  const value: StoredFinding = {
    severity: f.severity,
    description: f.description,
    status: "open",
    firstSeen: prior?.firstSeen || new Date().toISOString(),
    audits: (prior?.audits ?? 0) + 1,
    ...(loopId ? { loopId } : {}),
  };
  return store.client.call<KvEntryDto>("PUT", `/api/kv/${encodeURIComponent(findingKey(f.file, f.line))}`, {
    body: { directory: store.directory, value, ttlSeconds: FINDING_TTL_SECONDS },
    timeoutMs: store.timeoutMs,
  });
}

/** One finding reported (a loop's auditor reports them one by one); carried forward when already open. */
export async function reportFinding(store: FindingStore, f: Finding, loopId?: string): Promise<Result<{ carried: boolean }>> {
  const got = await store.client.get<KvEntryDto>(`/api/kv/${encodeURIComponent(findingKey(f.file, f.line))}`, {
    query: { directory: store.directory },
    timeoutMs: store.timeoutMs,
  });
  if (!got.ok && got.status !== 404) return got;
  const prior = got.ok ? toOpenFinding(got.data) : undefined;
  const put = await writeFinding(store, f, prior, loopId);
  return put.ok ? { ok: true, status: put.status, data: { carried: Boolean(prior) } } : put;
}

export async function resolveFinding(store: FindingStore, file: string, line: number) {
  return store.client.call<{ deleted: boolean }>("DELETE", `/api/kv/${encodeURIComponent(findingKey(file, line))}`, {
    query: { directory: store.directory },
    timeoutMs: store.timeoutMs,
  });
}

export interface AuditOutcome {
  added: string[];
  carried: string[];
  resolved: string[];
}

/**
 * Stores a whole audit's findings: a finding already stored is carried forward; a stored finding
 * on a reviewed file that this audit did not report again is resolved and deleted. `files` bounds
 * what this audit looked at (default: every stored finding).
 */
export async function recordAudit(store: FindingStore, findings: Finding[], files?: string[]): Promise<Result<AuditOutcome>> {
  const existing = await listFindings(store);
  if (!existing.ok) return existing;
  const before = new Map(existing.data.map((f) => [findingKey(f.file, f.line), f]));
  const outcome: AuditOutcome = { added: [], carried: [], resolved: [] };
  const reported = new Set<string>();
  for (const f of findings) {
    const key = findingKey(f.file, f.line);
    if (reported.has(key)) continue;
    reported.add(key);
    const prior = before.get(key);
    const put = await writeFinding(store, f, prior);
    if (!put.ok) return put;
    (prior ? outcome.carried : outcome.added).push(key);
  }
  const scope = files?.length ? new Set(files) : undefined;
  for (const [key, f] of before) {
    if (reported.has(key) || (scope && !scope.has(f.file))) continue;
    const del = await resolveFinding(store, f.file, f.line);
    if (!del.ok) return del;
    outcome.resolved.push(key);
  }
  return { ok: true, status: 200, data: outcome };
}

/** A finding as the auditor's and the coder's prompts list it. */
export const findingLine = (f: OpenFinding) => `- ${f.file}:${f.line} [${f.severity}, ${f.audits} audit(s)] ${f.description}`;
