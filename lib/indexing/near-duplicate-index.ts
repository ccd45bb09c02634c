import type Database from "better-sqlite3";
import { logger } from "../logging/logger";
import { prepared } from "../db/prepared";
import { processSingleton } from "../process-singleton";
import { jaccard } from "../search/jaccard";
import { tokenize, tokenizeRecent } from "../search/tokenizer";

/**
 * The token sets of the live (active or suggested) memories, in memory, with an inverted list per
 * placement: the lexical near-duplicate check (near-duplicate.ts) finds every memory that can reach
 * the Jaccard threshold by reading the lists of a few rare tokens, with no query. Through SQLite's
 * FTS5 index the same check cost 200-480 us per create at 12,000 memories (one iterator per term
 * and per index segment); here 15-20 us, most of it reading the previous create's row.
 *
 * One index per connection, kept in step with the database by two marks:
 * - `seqMark`: every memory up to this seq has been read; newer ones are read at the next check.
 * - `changeMark`: the last entry of `memory_changes` read. Triggers log every change of a memory's
 *   text, status or placement, and every delete (`ensureChangeLogTriggers`, lib/db/triggers.ts),
 *   whoever makes it: this
 *   process, another one, or plain SQL (but an `INSERT OR REPLACE` of a whole row is not logged:
 *   a hit is checked against its row).
 * Checks run inside the create's write transaction, so what they read is what the create sees.
 * A rolled-back transaction can take back rows the index has read: the index keeps a version
 * number in a temp table written in the same transaction as each catch-up, so a rollback takes
 * that number back too, and a stale index is dropped and built again by the next check (inside
 * its write transaction: 2.4 s at 100,000 memories; rollbacks of creates are rare).
 *
 * Memory: about 33 bytes per distinct token of a live memory; 41 MB for 100,000 memories of 12-40
 * words. The vocabulary keeps the words of removed memories until the index is built again. Built when the server starts, in slices off the request path (`warmNearDuplicateIndex`,
 * near-duplicate-warm.ts), or by the first check: about 24 us per memory (2.4 s for 100,000), mostly tokenizing.
 */
export class NearDuplicateIndex {
  private readonly terms = new Map<string, number>();
  /** By seq (a sparse array: lookups on the hot path cost a few ns, not a Map's tens). */
  private docs: (Doc | undefined)[] = [];
  private readonly placements = new Map<string, number>();
  /** By placement id: term id -> seqs of the memories holding it (removed ones left behind until compaction). */
  private lists: Map<number, number[]>[] = [];
  private listed = 0;
  private stale = 0;
  private seqMark = 0;
  private changeMark = 0;
  private version = 0;
  /** Marks the documents a check has read already (a memory is in several of the lists it reads). */
  private pass = 0;
  /** While being built: the next seq to read and the last, and the change mark taken before the first read. */
  private build?: { from: number; to: number; changeMark: number };
  private built = false;
  /** Whether this connection's temp stamp table exists (a rollback can take it back: see `inStep`). */
  private stampTable = false;

  constructor(private readonly sqlite: Database.Database) {}

  /**
   * The live memory of this placement whose tokens are most similar to `tokens` (Jaccard), if at
   * least `threshold`. `tokens`: distinct. Only inside a transaction: it reads the database's
   * latest state first, and checks a hit against its row (a write no trigger logs, such as an
   * `INSERT OR REPLACE` of a whole row, can leave the index behind: then it is built again).
   */
  closest(placement: Placement, tokens: readonly string[], threshold: number): { id: string; seq: number; similarity: number } | undefined {
    for (let attempt = 0; attempt < 2; attempt++) {
      this.catchUp();
      const hit = this.search(placement, tokens, threshold);
      if (!hit) return undefined;
      const row = prepared(this.sqlite, `SELECT id, ${ROW} FROM memories WHERE seq = ? AND ${LIVE}`).get(hit.seq) as (Row & { id: string }) | undefined;
      const theirs = row && placementKey(row) === placementKey(placement) ? new Set(tokenizeRecent(row.content)) : undefined;
      if (theirs && jaccard(new Set(tokens), theirs) === hit.similarity) return { id: row!.id, ...hit };
      logger.warn("near-duplicate index: out of step with the database, built again", { seq: hit.seq });
      this.reset();
    }
    return undefined;
  }

  private search(placement: Placement, tokens: readonly string[], threshold: number): { seq: number; similarity: number } | undefined {
    const place = this.placements.get(placementKey(placement));
    const lists = place === undefined ? undefined : this.lists[place];
    if (!lists || tokens.length === 0) return undefined;
    const n = tokens.length;
    // (An epsilon: t * n computed in floating point can land just above a whole number.)
    const need = Math.max(1, Math.ceil(threshold * n - 1e-9));
    // A memory with Jaccard >= t shares at least ceil(t * n) of our tokens: it misses at most
    // n - need of them, so it holds at least one of any n - need + 1 of them. Tokens no memory of
    // this placement holds are misses already; of the others, the rarest are the cheapest to read.
    const known: { id: number; list: number[] }[] = [];
    for (const token of tokens) {
      const id = this.terms.get(token);
      const list = id === undefined ? undefined : lists.get(id);
      if (list && list.length > 0) known.push({ id: id!, list });
    }
    const misses = known.length - need;
    if (misses < 0) return undefined;
    known.sort((a, b) => a.list.length - b.list.length);
    const mine = Int32Array.from(known, (k) => k.id).sort();
    const pass = ++this.pass;
    let best: { seq: number; similarity: number } | undefined;
    let read = 0;
    for (let k = 0; k <= misses; k++) {
      const list = known[k].list;
      // Latest added first (new, edited or restored): past MAX_READ entries (a store of thousands
      // of near-identical texts), recent memories are the likeliest duplicates.
      for (let i = list.length - 1; i >= 0 && read < MAX_READ; i--, read++) {
        const seq = list[i];
        const doc = this.docs[seq];
        if (!doc || doc.pass === pass) continue;
        doc.pass = pass;
        // Sizes first: |D| < t * n or |D| > n / t cannot reach t.
        if (doc.place !== place || doc.terms.length < need || doc.terms.length * threshold > n + 1e-9) continue;
        const similarity = idJaccard(mine, n, doc.terms);
        if (similarity >= threshold && (!best || similarity > best.similarity || (similarity === best.similarity && seq > best.seq)))
          best = { seq, similarity };
      }
    }
    return best;
  }

  /** Whether the index has been built (it is kept in step at every check from then on). */
  get ready(): boolean {
    return this.built;
  }

  /** Drops everything: the next check builds the index again from the database. */
  reset() {
    this.terms.clear();
    this.docs = [];
    this.lists = [];
    this.placements.clear();
    this.listed = this.stale = this.seqMark = this.changeMark = 0;
    this.build = undefined;
    this.built = this.stampTable = false;
  }

  /**
   * Builds a slice of the index (about `budget` memories) and says whether there is more to do.
   * Outside a transaction each slice reads what is committed; rows that change meanwhile are in
   * the change log, read once the index is complete.
   */
  buildSlice(budget: number): boolean {
    if (this.built) return false;
    if (!this.inStep()) this.reset();
    this.stamp();
    if (!this.build) {
      const marks = this.marks();
      this.build = { from: 0, to: marks.maxSeq, changeMark: marks.maxChange };
    }
    const { from, to } = this.build;
    const rows = prepared(this.sqlite, `SELECT ${ROW} FROM memories NOT INDEXED WHERE seq > ? AND seq <= ? AND ${LIVE} ORDER BY seq LIMIT ?`).all(
      from,
      to,
      budget,
    ) as Row[];
    for (const row of rows) this.put(row.seq, row, tokenize(row.content));
    this.build.from = rows.length < budget ? to : rows[rows.length - 1].seq;
    if (this.build.from >= to) {
      this.seqMark = to;
      this.changeMark = this.build.changeMark;
      this.build = undefined;
      this.built = true;
    }
    return !this.built;
  }

  /**
   * Reads up to `budget` of the memories created since the last check and says whether more are
   * left. After another connection's bulk write (a sliced write, lib/db/sliced-write.ts) the next
   * check would otherwise read and tokenize all of them in one go. Changes are read by `catchUp`.
   */
  catchUpSlice(budget: number): boolean {
    if (!this.built) return false;
    if (!this.inStep()) {
      this.reset();
      return false;
    }
    const { maxSeq } = this.marks();
    if (maxSeq <= this.seqMark) return false;
    this.stamp();
    const rows = prepared(this.sqlite, `SELECT ${ROW} FROM memories NOT INDEXED WHERE seq > ? AND ${LIVE} ORDER BY seq LIMIT ?`).all(
      this.seqMark,
      budget,
    ) as Row[];
    for (const row of rows) this.put(row.seq, row, tokenize(row.content));
    this.seqMark = rows.length < budget ? maxSeq : rows[rows.length - 1].seq;
    return this.seqMark < maxSeq;
  }

  /**
   * Reads what changed since the last check: the change log, then the new memories. Also called
   * by housekeeping before it trims the log, so that this connection's index never falls behind it.
   */
  catchUp(): void {
    if (!this.inStep()) this.reset();
    while (this.buildSlice(5000));
    const { maxSeq, maxChange, minChange } = this.marks();
    if (maxSeq === this.seqMark && maxChange === this.changeMark) return;
    if (maxChange > this.changeMark && minChange !== null && minChange > this.changeMark + 1) {
      // Log entries this index has not read were trimmed (`trimChangeLog`, lib/maintenance/change-log.ts).
      this.reset();
      this.catchUp();
      return;
    }
    // Stamped before anything is read: a rollback of this transaction, even one that an error
    // halfway through causes, takes the stamp back with it.
    this.stamp();
    if (maxChange > this.changeMark) {
      const changed = prepared(this.sqlite, "SELECT DISTINCT seq FROM memory_changes WHERE id > ?").pluck().all(this.changeMark) as number[];
      const read = prepared(this.sqlite, `SELECT ${ROW} FROM memories WHERE seq = ? AND ${LIVE}`);
      for (const seq of changed) {
        if (seq > this.seqMark) continue; // read below with the new memories
        const row = read.get(seq) as Row | undefined;
        if (row) this.put(seq, row, tokenize(row.content));
        else this.remove(seq);
      }
      this.changeMark = maxChange;
    }
    if (maxSeq > this.seqMark) {
      const rows = prepared(this.sqlite, `SELECT ${ROW} FROM memories NOT INDEXED WHERE seq > ? AND ${LIVE} ORDER BY seq`).all(this.seqMark) as Row[];
      // Most are this connection's own creates since the last check: their tokens are still cached.
      for (const row of rows) this.put(row.seq, row, tokenizeRecent(row.content));
      this.seqMark = maxSeq;
    }
    if (this.stale > Math.max(10_000, this.listed - this.stale)) this.compact();
  }

  private put(seq: number, placement: Placement, tokens: readonly string[]) {
    this.remove(seq);
    const key = placementKey(placement);
    let place = this.placements.get(key);
    if (place === undefined) this.placements.set(key, (place = this.placements.size));
    const distinct = new Set(tokens);
    const ids = new Int32Array(distinct.size);
    let i = 0;
    for (const token of distinct) {
      let id = this.terms.get(token);
      if (id === undefined) this.terms.set(token, (id = this.terms.size));
      ids[i++] = id;
    }
    if (ids.length === 0) return;
    ids.sort();
    const doc = { place, terms: ids, pass: 0 };
    this.docs[seq] = doc;
    this.list(seq, doc);
  }

  private list(seq: number, doc: Doc) {
    const lists = (this.lists[doc.place] ??= new Map());
    for (const id of doc.terms) {
      const list = lists.get(id);
      if (list) list.push(seq);
      else lists.set(id, [seq]);
    }
    this.listed += doc.terms.length;
  }

  /** Forgets a memory; its list entries stay until compaction (a check skips them). */
  private remove(seq: number) {
    const doc = this.docs[seq];
    if (!doc) return;
    this.docs[seq] = undefined;
    this.stale += doc.terms.length;
  }

  /** Rebuilds the lists from the documents, without the entries of removed or changed memories. */
  private compact() {
    this.lists = [];
    this.listed = this.stale = 0;
    this.docs.forEach((doc, seq) => doc && this.list(seq, doc));
  }

  private marks(): { maxSeq: number; maxChange: number; minChange: number | null } {
    return prepared(
      this.sqlite,
      `SELECT coalesce((SELECT max(seq) FROM memories), 0) AS maxSeq, coalesce((SELECT max(id) FROM memory_changes), 0) AS maxChange,
              (SELECT min(id) FROM memory_changes) AS minChange`,
    ).get() as { maxSeq: number; maxChange: number; minChange: number | null };
  }

  /** Whether no rollback has taken back what the index read since its last stamp. */
  private inStep(): boolean {
    if (this.version === 0) return true;
    try {
      return (prepared(this.sqlite, "SELECT version FROM temp.near_duplicate_index").pluck().get() as number | undefined) === this.version;
    } catch {
      // The temp table itself was created in a transaction that rolled back.
      return false;
    }
  }

  private stamp() {
    // Never reused, across indexes and resets: a stale stamp can never match a newer index.
    this.version = stampVersions.next++;
    if (!this.stampTable) this.sqlite.exec("CREATE TEMP TABLE IF NOT EXISTS near_duplicate_index(version INTEGER NOT NULL)");
    this.stampTable = true;
    prepared(this.sqlite, "INSERT OR REPLACE INTO temp.near_duplicate_index(rowid, version) VALUES (1, ?)").run(this.version);
  }
}

/** Entries read per check at most (see `closest`). */
const MAX_READ = 20_000;
const LIVE = "status IN ('active', 'suggested')";
const ROW = "seq, content, scope, project_id AS projectId, session_id AS sessionId";
/** Where a memory lives (lib/memories/scope.ts `Placement`, which this index only compares). */
export interface IndexedPlacement {
  scope: string;
  projectId: string | null;
  sessionId: string | null;
}
type Placement = IndexedPlacement;
type Row = Placement & { seq: number; content: string };
/** A memory's distinct token ids, sorted; its placement id; the last check that read it. */
type Doc = { place: number; terms: Int32Array; pass: number };

const placementKey = (p: Placement) => `${p.scope}\u0000${p.projectId ?? ""}\u0000${p.scope === "session" ? (p.sessionId ?? "") : ""}`;

/**
 * Jaccard of two sorted id sets (the figure `jaccard` gives for the token sets): `mine` holds the
 * ids of our tokens that the index knows, `n` counts all of them.
 */
function idJaccard(mine: Int32Array, n: number, theirs: Int32Array): number {
  let i = 0;
  let j = 0;
  let inter = 0;
  while (i < mine.length && j < theirs.length) {
    if (mine[i] === theirs[j]) {
      inter++;
      i++;
      j++;
    } else if (mine[i] < theirs[j]) i++;
    else j++;
  }
  return inter / (n + theirs.length - inter);
}

// Process-wide, across the module copies Next.js loads (one per bundle) and across indexes: a
// stamp is never reused, so a stale stamp can never match a newer index.
const stampVersions = processSingleton("nearDuplicateStampVersions", () => ({ next: 1 }));
