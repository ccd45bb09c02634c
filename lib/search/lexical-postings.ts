import type Database from "better-sqlite3";
import { connectionSlot } from "../db/connection-state";
import { ensureTermInstanceTable } from "../db/virtual-tables";
import { COLUMN_WEIGHTS } from "./bm25-weights";

/**
 * A term's postings, held in memory for scoring outside FTS5 (lexical-top.ts): the memories holding
 * it (seq, ascending) and, for each, the term's part of FTS5's `bm25(memory_fts, 3, 2, 1)`, computed
 * once by the same expression FTS5 evaluates, from the same counts.
 */
export interface TermPostings {
  seqs: Int32Array;
  /** idf × the term's saturated, weighted frequency in that memory (positive). */
  parts: Float64Array;
  /** The largest part: no memory gets more than this from the term (the top-k's skipping bound). */
  bound: number;
}

/**
 * Where the postings come from and how they stay true (issue 48, docs/search-scale.md):
 *
 * - loaded per term on first use from FTS5 itself (an fts5vocab `instance` table, seeking the term),
 *   the memories' lengths from `memory_fts_docsize`, the row count and total length from FTS5's
 *   averages record, so the parts are what bm25() computes;
 * - valid while FTS5's structure record and averages record are byte for byte what they were: every
 *   committed write to the index (this process's, the CLI's, the MCP server's) rewrites both, and
 *   the structure record carries a write counter. On any change everything is dropped and loaded
 *   again on use: a part depends on the row count and the average length, which every write moves;
 * - read outside a transaction only (FTS5's pending writes are not in the records yet), and the
 *   records are read again after a load: a commit in between throws the load away;
 * - bounded: the parts of the least recently used terms go past POSTINGS_BYTES, the lengths are 4
 *   bytes a memory and the top-k's scratch 16 (2 MB in all at 100,000, 20 MB at 1,000,000).
 */
export const POSTINGS_BYTES = 64 * 1024 * 1024;

/** bm25()'s constants (fts5_aux.c) and the column weights lexical.ts passes it: title, tags, content. */
const K1 = 1.2;
const B = 0.75;
const WEIGHTS: Record<string, number> = COLUMN_WEIGHTS;

interface PostingsState {
  /** The structure record and the averages record the state was loaded under. */
  structure: Buffer;
  averages: Buffer;
  rows: number;
  avgdl: number;
  /** Tokens of each memory, all columns (by seq); null until the first term is loaded. */
  lengths: Int32Array | null;
  /** Least recently used first. */
  terms: Map<string, TermPostings>;
  /** The top-k's scratch (lexical-top.ts), one slot a memory. */
  acc: Float64Array;
  touched: Int32Array;
  candidates: Int32Array;
  bytes: number;
  readStructure: Database.Statement;
  readAverages: Database.Statement;
  instances: Database.Statement;
}

const states = connectionSlot<PostingsState>("lexicalPostings");

/** What the top-k needs: the terms' postings in the order given, and its scratch arrays (by seq). */
export interface PostingsView {
  terms: TermPostings[];
  /** Scores being summed, all 0 between searches; reused so a search allocates no array by seq. */
  acc: Float64Array;
  /** The seqs whose score is being summed. */
  touched: Int32Array;
  /** The seqs that can still make the top k once no new memory can (lexical-top.ts). */
  candidates: Int32Array;
}

/**
 * The postings of `terms` (FTS5 tokens present in the index), loading those not held; null when they
 * cannot be trusted now (inside a transaction, no index, a write during the load): the caller scores
 * in FTS5 instead.
 */
export function termPostings(
  sqlite: Database.Database,
  terms: readonly string[],
  options: { heldOnly?: boolean; heldLengths?: boolean } = {},
): PostingsView | null {
  if (sqlite.inTransaction) return null;
  let state = states.get(sqlite);
  try {
    if (!state) {
      const instances = sqlite.prepare(`SELECT doc, col FROM ${ensureTermInstanceTable(sqlite)} WHERE term = ?`).raw();
      state = {
        structure: Buffer.alloc(0),
        averages: Buffer.alloc(0),
        rows: 0,
        avgdl: 0,
        lengths: null,
        terms: new Map(),
        acc: new Float64Array(0),
        touched: new Int32Array(0),
        candidates: new Int32Array(0),
        bytes: 0,
        readStructure: sqlite.prepare("SELECT block FROM memory_fts_data WHERE id = 10").pluck(),
        readAverages: sqlite.prepare("SELECT block FROM memory_fts_data WHERE id = 1").pluck(),
        instances,
      };
      states.set(sqlite, state);
    }
    const s = state;
    const structure = s.readStructure.get() as Buffer | undefined;
    const averages = s.readAverages.get() as Buffer | undefined;
    if (!structure || !averages) return null;
    if (!structure.equals(s.structure) || !averages.equals(s.averages)) reset(s, structure, averages);
    if (s.rows <= 0) return null;
    // `heldOnly`: null unless every term is held and valid (a caller that would not pay for a load).
    if (options.heldOnly && !terms.every((t) => s.terms.has(t))) return null;
    // `heldLengths`: null until the lengths are held (0.3 s at 100,000 after every index write: a
    // caller on a request's path has them loaded after it, queuePostingsWarm). A term's own load
    // costs about what FTS5's scan of it does, so it stays on the path.
    if (options.heldLengths && !s.lengths && terms.some((t) => !s.terms.has(t))) return null;
    let loaded = false;
    const out: TermPostings[] = [];
    for (const term of terms) {
      let p = s.terms.get(term);
      if (p) {
        // Most recently used last.
        s.terms.delete(term);
        s.terms.set(term, p);
      } else {
        s.lengths ??= readLengths(sqlite);
        p = load(s, term, s.lengths);
        loaded = true;
        s.terms.set(term, p);
        s.bytes += p.seqs.byteLength + p.parts.byteLength;
      }
      out.push(p);
    }
    if (loaded) {
      // A commit between the records and the load: the parts may mix two states of the index.
      const after = s.readStructure.get() as Buffer | undefined;
      if (!after?.equals(s.structure) || !(s.readAverages.get() as Buffer | undefined)?.equals(s.averages)) {
        states.delete(sqlite);
        return null;
      }
      for (const [term, p] of s.terms) {
        if (s.bytes <= POSTINGS_BYTES || s.terms.size <= terms.length) break;
        s.terms.delete(term);
        s.bytes -= p.seqs.byteLength + p.parts.byteLength;
      }
    }
    const size = s.lengths?.length ?? 0;
    if (s.acc.length !== size) {
      s.acc = new Float64Array(size);
      s.touched = new Int32Array(size);
      s.candidates = new Int32Array(size);
    }
    return { terms: out, acc: s.acc, touched: s.touched, candidates: s.candidates };
  } catch {
    // The temp vocabulary table went away (made in a transaction that rolled back), or no index.
    states.delete(sqlite);
    return null;
  }
}

const warming = connectionSlot<Set<string>>("lexicalPostingsWarming");

/**
 * Queues the lengths (and `terms`' postings) to load after the current search, not on its path:
 * after an index write a search answers from FTS5's statements, as before, and the next search is
 * scored in memory. The lengths cost 0.3 s at 100,000 memories after every index write (lengths,
 * row count and average length all move), which on the request's path made the first search after
 * each write pay it (issue 48, lex11). searchMemories starts the load after its last await
 * (warmQueuedPostings): an immediate set here would fire while the search awaits its embedding.
 */
export function queuePostingsWarm(sqlite: Database.Database, terms: readonly string[]): void {
  const pending = warming.get(sqlite) ?? new Set<string>();
  // Bounded: a query brings at most 64 terms; the oldest queued are forgotten past that many searches.
  if (pending.size > 64 * 16) pending.clear();
  for (const t of terms) pending.add(t);
  warming.set(sqlite, pending);
}

/**
 * Loads what queuePostingsWarm queued, at the next turn of the event loop (after the response is
 * written). Not unref'd: an unref'd immediate on an idle server waits for the next I/O, and would
 * run ahead of the next request's body (lib/indexing/near-duplicate-warm.ts).
 */
export function warmQueuedPostings(sqlite: Database.Database): void {
  const queued = warming.get(sqlite);
  if (!queued) return;
  warming.delete(sqlite);
  setImmediate(() => {
    // Fail open: FTS5's statements keep answering whatever happens here.
    try {
      if (sqlite.open) termPostings(sqlite, [...queued]);
    } catch {}
  });
}

/** Resolves after the loads started so far by warmQueuedPostings have run (they run in queue order). */
export const postingsWarmed = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

/**
 * A merge step of this connection changed FTS5's structure record from `before` to `after` in one
 * transaction (lib/indexing/lexical-merge.ts): the index holds the same postings, so what was
 * loaded under `before` stays valid under `after`. Without this, every step of the server's merge
 * sweep (64 pages each) dropped the postings and the lengths.
 */
export function postingsMerged(sqlite: Database.Database, before: Buffer, after: Buffer): void {
  const s = states.get(sqlite);
  if (s?.structure.equals(before)) s.structure = Buffer.from(after);
}

function reset(s: PostingsState, structure: Buffer, averages: Buffer): void {
  s.structure = Buffer.from(structure);
  s.averages = Buffer.from(averages);
  s.terms.clear();
  s.bytes = 0;
  s.lengths = null;
  // The averages record: the row count, then each column's total tokens (fts5_index.c).
  const [rows, at] = varint(averages, 0);
  let total = 0;
  for (let i = at; i < averages.length; ) {
    const [n, next] = varint(averages, i);
    total += n;
    i = next;
  }
  s.rows = rows;
  s.avgdl = total / rows;
}

/** Every memory's length in tokens, all columns summed (FTS5's `xColumnSize(-1)`), by seq. */
function readLengths(sqlite: Database.Database): Int32Array {
  const max = (sqlite.prepare("SELECT coalesce(max(id), 0) FROM memory_fts_docsize").pluck().get() as number) ?? 0;
  const lengths = new Int32Array(max + 1);
  for (const [id, sz] of sqlite.prepare("SELECT id, sz FROM memory_fts_docsize").raw().iterate() as Iterable<[number, Buffer]>) {
    let n = 0;
    for (let i = 0; i < sz.length; ) {
      const [v, next] = varint(sz, i);
      n += v;
      i = next;
    }
    lengths[id] = n;
  }
  return lengths;
}

/** One term's postings: its occurrences come in rowid order, a memory's together. */
function load(s: PostingsState, term: string, lengths: Int32Array): TermPostings {
  const seqs: number[] = [];
  const freqs: number[] = [];
  let last = -1;
  for (const [doc, col] of s.instances.iterate(term) as Iterable<[number, string]>) {
    if (doc !== last) {
      seqs.push(doc);
      freqs.push(0);
      last = doc;
    }
    freqs[freqs.length - 1] += WEIGHTS[col] ?? 1;
  }
  const df = seqs.length;
  // fts5Bm25GetData: the idf, floored at 1e-6 for a term in half the rows or more.
  let idf = Math.log((s.rows - df + 0.5) / (df + 0.5));
  if (idf <= 0) idf = 1e-6;
  const parts = new Float64Array(df);
  let bound = 0;
  for (let i = 0; i < df; i++) {
    const f = freqs[i];
    const d = seqs[i] < lengths.length ? lengths[seqs[i]] : 0;
    // fts5Bm25Function's expression, in its order of operations.
    const part = idf * ((f * (K1 + 1.0)) / (f + K1 * (1 - B + (B * d) / s.avgdl)));
    parts[i] = part;
    if (part > bound) bound = part;
  }
  return { seqs: Int32Array.from(seqs), parts, bound };
}

/** SQLite's varint (sqlite3Fts5GetVarint): big-endian 7 bits a byte, the ninth byte whole. */
function varint(buf: Buffer, at: number): [number, number] {
  let v = 0;
  for (let i = 0; i < 8; i++) {
    const byte = buf[at + i];
    v = v * 128 + (byte & 0x7f);
    if (byte < 0x80) return [v, at + i + 1];
  }
  return [v * 256 + buf[at + 8], at + 9];
}
