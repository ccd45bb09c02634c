import type { KvEntryDto } from "../../lib/contracts/kv";
import { REVIEW_FINDING_PREFIX, type FindingSeverity, type FindingStatus } from "../../lib/vocabulary";
import type { RecollectClient } from "../client";

/**
 * The auditor's findings in KV, one key per place: `review-finding:<file>:<line>` -> `{ severity,
 * description, status }` (the convention the OpenCode-native review flow shares). A resolved
 * finding is deleted.
 */
export interface Finding {
  file: string;
  line: number;
  severity: FindingSeverity;
  description: string;
  status: FindingStatus;
  loopId?: string;
}

export const findingKey = (file: string, line: number) => `${REVIEW_FINDING_PREFIX}${file}:${line}`;
const FINDING_TTL_SECONDS = 30 * 24 * 3600;

export async function putFinding(client: RecollectClient, directory: string, f: Finding, timeoutMs: number) {
  const { file, line, ...value } = f;
  return client.call<KvEntryDto>("PUT", `/api/kv/${encodeURIComponent(findingKey(file, line))}`, {
    body: { directory, value, ttlSeconds: FINDING_TTL_SECONDS },
    timeoutMs,
  });
}

export async function resolveFinding(client: RecollectClient, directory: string, file: string, line: number, timeoutMs: number) {
  return client.call<{ deleted: boolean }>("DELETE", `/api/kv/${encodeURIComponent(findingKey(file, line))}`, { query: { directory }, timeoutMs });
}

/** Open findings of the project; undefined when the server did not answer. */
export async function openFindings(client: RecollectClient, directory: string, timeoutMs: number): Promise<Finding[] | undefined> {
  const res = await client.get<{ items: KvEntryDto[] }>("/api/kv", { query: { directory, prefix: REVIEW_FINDING_PREFIX, limit: 1000 }, timeoutMs });
  if (!res.ok) return undefined;
  return res.data.items
    .map((e) => {
      const rest = e.key.slice(REVIEW_FINDING_PREFIX.length);
      const at = rest.lastIndexOf(":");
      const v = (e.value ?? {}) as Partial<Finding>;
      return {
        file: at < 0 ? rest : rest.slice(0, at),
        line: at < 0 ? 0 : Number(rest.slice(at + 1)) || 0,
        severity: (v.severity ?? "minor") as FindingSeverity,
        description: String(v.description ?? ""),
        status: (v.status ?? "open") as FindingStatus,
        ...(v.loopId ? { loopId: v.loopId } : {}),
      };
    })
    .filter((f) => f.status !== "resolved");
}

export const findingLine = (f: Finding) => `- ${f.file}:${f.line} [${f.severity}] ${f.description}`;
