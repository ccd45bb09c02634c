import type Database from "better-sqlite3";
import type { Redacted } from "../security/redaction";
import type { DedupOutcome } from "../contracts/memories";
import { prepared } from "../db/prepared";
import type { NearDuplicate } from "../indexing/near-duplicate";
import type { MemoryRow } from "./dto";
import { appendVersion } from "./append-version";

/** The incoming memory of a near duplicate, as it would have been stored. */
export interface IncomingText {
  title: Redacted | null;
  content: Redacted;
  category: string;
  tags: Redacted[];
  pinned: boolean;
  priority: number;
  status: string;
  scope: string;
  source: string;
}

/**
 * Folds a near duplicate into the memory that absorbs it without losing its text: the text is
 * written as the next version of that memory (its history shows it, and a restore can bring it
 * back), with the similarity in the reason. The absorbing memory itself is unchanged.
 */
export function keepAsVersion(sqlite: Database.Database, into: MemoryRow, incoming: IncomingText, near: NearDuplicate): DedupOutcome {
  const version = appendVersion(sqlite, into.id, incoming, incoming.source, `absorbed a near duplicate (${similarity(near)})`);
  return { kind: "near", memoryId: into.id, cosine: near.cosine, lexical: near.lexical, keptAs: "version", version };
}

/**
 * A memory stored next to a similar one: linked to it (`relates`) and proposed as a merge for
 * review (`merge_proposals`, which the consolidation inbox reads).
 */
export function proposeMerge(sqlite: Database.Database, memoryId: string, similar: NearDuplicate): DedupOutcome {
  prepared(sqlite, "INSERT INTO memory_links (from_id, to_id, kind) VALUES (?, ?, 'relates') ON CONFLICT DO NOTHING").run(memoryId, similar.id);
  prepared(sqlite, "INSERT INTO merge_proposals (memory_id, similar_to, cosine, lexical) VALUES (?, ?, ?, ?) ON CONFLICT DO NOTHING").run(
    memoryId,
    similar.id,
    similar.cosine,
    similar.lexical,
  );
  return { kind: "similar", memoryId: similar.id, cosine: similar.cosine, lexical: similar.lexical, keptAs: "memory" };
}

const similarity = (n: NearDuplicate) => (n.cosine === null ? `words ${n.lexical}` : `cosine ${n.cosine}, words ${n.lexical}`);
