import type Database from "better-sqlite3";
import { noteVectorsWritten, watchVectorFilterChanges } from "../db/triggers";
import { VECTOR_TABLE, vectorTableExists, vectorTableGeneration } from "../db/virtual-tables";
import type { SearchFilters } from "../search/filters";
import { connectionSlot } from "../db/connection-state";
import { openDatabase } from "../db/open";
import { runAll, runSliced, STEP_ITEMS, type Steps } from "../slices";
import { type Arena, hammingArena } from "./hamming";

/**
 * An in-process copy of `memory_vectors` for KNN: sqlite-vec scans every vector in SQL (about
 * 200 ms at 100,000 under load); this keeps the float32 matrix, the filter columns (interned) and
 * one sign bit per dimension in memory. A search checks the filters first (so k results come back
 * however few memories pass them), then either compares every passing vector exactly (small sets)
 * or ranks them by Hamming distance of the sign bits and re-ranks the closest few thousand by
 * exact cosine. The result is the same shape as sqlite-vec's: cosine distance, closest first.
 *
 * Loaded lazily on the first vector search of a connection. It follows changes made on the same
 * connection through `markVectorsChanged` (the embedding writer), the table's generation (dropped
 * or recreated: `vectorTableGeneration`) and TEMP triggers on `memories` (filter columns,
 * deletions: the effects of the vec0 table's own triggers; `watchVectorFilterChanges`); changes
 * committed by another connection (`PRAGMA data_version`) reload it. Changed rows are re-read from `memory_vectors` at the next search, so a rolled-back
 * change costs a re-read, never a wrong row.
 */

/**
 * Up to this many passing vectors are compared exactly, without the bit prefilter. Above it the
 * prefilter (a popcount over 12 words per vector) and an exact re-rank of RERANK_MIN cost less
 * than exact cosine over all of them, and the test suite checks it returns what sqlite-vec does.
 */
export const EXACT_LIMIT = 4_000;
/** How many prefilter candidates are re-ranked exactly: at least this many, or 20 per result. */
export const RERANK_MIN = 2_000;

interface Index {
  dim: number;
  words: number;
  size: number;
  seqs: Int32Array;
  vecs: Float32Array;
  bits: Uint32Array;
  /** Where `bits` lives when the prefilter runs in WebAssembly (hamming.ts); null: the JavaScript loop. */
  arena: Arena | null;
  /** Interned filter columns: status, scope, category, project ('' = none), session ('' = none). */
  cols: { codes: Uint32Array; values: Map<string, number> }[];
  slotOf: Map<number, number>;
  dirty: Set<number>;
  dataVersion: number;
  /** `vectorTableGeneration` when loaded. */
  generation: number;
}

const COLS = ["status", "scope", "category", "project", "session"] as const;
// Per connection, and process-wide: the embedding writer (started by boot) marks changes in the
// index the search routes read, whichever Next.js bundle each runs in.
const indexes = connectionSlot<Index | null>("vectorIndex");
/** While `warmVectorIndex` reads the table: the rows changed on this connection meanwhile. */
const warming = connectionSlot<Set<number>>("vectorIndexWarming");

/** The embedding writer replaced these memories' vectors on this connection. */
export function markVectorsChanged(sqlite: Database.Database, seqs: Iterable<number>) {
  noteVectorsWritten(sqlite);
  const index = indexes.get(sqlite);
  const pending = warming.get(sqlite);
  for (const s of seqs) {
    index?.dirty.add(s);
    pending?.add(s);
  }
}

/** `warmVectorIndex` is reading the table: a search meanwhile asks sqlite-vec instead of loading it at once. */
export const vectorIndexWarming = (sqlite: Database.Database) => warming.has(sqlite);

const dataVersion = (sqlite: Database.Database) => sqlite.pragma("data_version", { simple: true }) as number;

const load = (sqlite: Database.Database): Index | null => runAll(loadSteps(sqlite, sqlite));

/**
 * Reads the table `rowsPerStep` rows a step through `reader` (this connection, or a second one on
 * the same file when run sliced: an iterator open across event-loop turns would keep this
 * connection busy for every request).
 */
export function* loadSteps(sqlite: Database.Database, reader: Database.Database, rowsPerStep = STEP_ITEMS): Steps<Index | null> {
  if (!vectorTableExists(sqlite)) return null;
  watchVectorFilterChanges(sqlite, (seq) => markVectorsChanged(sqlite, [seq]));
  const version = dataVersion(sqlite);
  const generation = vectorTableGeneration(sqlite);
  // Before the iterator opens: the connection runs one statement at a time.
  const expected = expectedRows(reader);
  const rows = reader
    .prepare(`SELECT seq, embedding, ${COLS.join(", ")} FROM ${VECTOR_TABLE}`)
    .raw()
    .iterate() as IterableIterator<[number | bigint, Buffer, ...string[]]>;
  let index: Index | null = null;
  let inStep = 0;
  for (const row of rows) {
    const vec = toFloats(row[1]);
    index ??= emptyIndex(vec.length, version, generation, expected);
    put(index, Number(row[0]), vec, row.slice(2) as string[]);
    if (++inStep === rowsPerStep) {
      inStep = 0;
      yield;
    }
  }
  if (!index) {
    // An empty table: its dimension is learnt from the first row that arrives.
    index = emptyIndex(0, version, generation);
  }
  return index;
}

/**
 * The table's row count from vec0's rowid table (about 20 ms at 1,000,000): the arrays are sized once,
 * since doubling them copies up to 1.5 GB of floats in one go at 1,000,000 rows.
 */
function expectedRows(reader: Database.Database): number {
  try {
    return (reader.prepare(`SELECT count(*) AS n FROM ${VECTOR_TABLE}_rowids`).get() as { n: number }).n;
  } catch {
    return 0; // another sqlite-vec layout: grow as rows come
  }
}

function emptyIndex(dim: number, version: number, generation: number, rows = 0): Index {
  const words = Math.ceil(dim / 32);
  const cap = Math.max(1024, rows);
  const arena = hammingArena(cap, words, dim);
  return {
    dim,
    words,
    size: 0,
    seqs: new Int32Array(cap),
    vecs: new Float32Array(cap * dim),
    bits: arena?.bits ?? new Uint32Array(cap * words),
    arena,
    cols: COLS.map(() => ({ codes: new Uint32Array(cap), values: new Map<string, number>() })),
    slotOf: new Map(),
    dirty: new Set(),
    dataVersion: version,
    generation,
  };
}

const toFloats = (blob: Buffer) => new Float32Array(blob.buffer.slice(blob.byteOffset, blob.byteOffset + blob.byteLength));

function grow(index: Index) {
  const cap = index.seqs.length * 2;
  const seqs = new Int32Array(cap);
  seqs.set(index.seqs);
  index.seqs = seqs;
  const vecs = new Float32Array(cap * index.dim);
  vecs.set(index.vecs);
  index.vecs = vecs;
  index.arena = hammingArena(cap, index.words, index.dim);
  const bits = index.arena?.bits ?? new Uint32Array(cap * index.words);
  bits.set(index.bits);
  index.bits = bits;
  for (const col of index.cols) {
    const codes = new Uint32Array(cap);
    codes.set(col.codes);
    col.codes = codes;
  }
}

/** Stores a unit-length copy of the vector (cosine = dot product) and its sign bits. */
function put(index: Index, seq: number, vec: Float32Array, meta: string[]) {
  if (index.size === 0 && index.dim !== vec.length) Object.assign(index, emptyIndex(vec.length, index.dataVersion, index.generation));
  if (vec.length !== index.dim) throw new Error(`vector of ${vec.length} dimensions in a ${index.dim}-dimension index`);
  let slot = index.slotOf.get(seq);
  if (slot === undefined) {
    if (index.size === index.seqs.length) grow(index);
    slot = index.size++;
    index.slotOf.set(seq, slot);
    index.seqs[slot] = seq;
  }
  const { dim, words } = index;
  let norm = 0;
  for (let i = 0; i < dim; i++) norm += vec[i] * vec[i];
  const inv = norm > 0 ? 1 / Math.sqrt(norm) : 0;
  const base = slot * dim;
  for (let i = 0; i < dim; i++) index.vecs[base + i] = vec[i] * inv;
  for (let w = 0; w < words; w++) {
    let word = 0;
    for (let b = 0; b < 32 && w * 32 + b < dim; b++) if (vec[w * 32 + b] > 0) word |= 1 << b;
    index.bits[slot * words + w] = word >>> 0;
  }
  index.cols.forEach((col, c) => {
    const value = meta[c] ?? "";
    let code = col.values.get(value);
    if (code === undefined) col.values.set(value, (code = col.values.size));
    col.codes[slot] = code;
  });
}

function remove(index: Index, seq: number) {
  const slot = index.slotOf.get(seq);
  if (slot === undefined) return;
  const last = --index.size;
  index.slotOf.delete(seq);
  if (slot === last) return;
  // Move the last row into the hole.
  const moved = index.seqs[last];
  index.seqs[slot] = moved;
  index.slotOf.set(moved, slot);
  index.vecs.copyWithin(slot * index.dim, last * index.dim, (last + 1) * index.dim);
  index.bits.copyWithin(slot * index.words, last * index.words, (last + 1) * index.words);
  for (const col of index.cols) col.codes[slot] = col.codes[last];
}

/** Re-reads the rows changed on this connection since the last search. */
function refresh(sqlite: Database.Database, index: Index) {
  if (index.dirty.size === 0) return;
  const seqs = [...index.dirty];
  index.dirty.clear();
  const get = sqlite.prepare(`SELECT embedding, ${COLS.join(", ")} FROM ${VECTOR_TABLE} WHERE seq = ?`).raw();
  for (const seq of seqs) {
    const row = get.get(BigInt(seq)) as [Buffer, ...string[]] | undefined;
    if (row) put(index, seq, toFloats(row[0]), row.slice(1) as string[]);
    else remove(index, seq);
  }
}

/**
 * Loads the index of this connection in slices (lib/slices.ts), reading through a second,
 * read-only connection: at 1,000,000 vectors the load in one go held the event loop, and
 * /api/health with it, for minutes. Rows this connection changes meanwhile are re-read at the
 * first search; a commit by another connection meanwhile discards the result (the next search
 * loads afresh). Resolves true when it installed the index.
 */
export async function warmVectorIndex(sqlite: Database.Database, rowsPerStep = STEP_ITEMS): Promise<boolean> {
  if (indexes.get(sqlite) !== undefined || warming.has(sqlite) || !vectorTableExists(sqlite)) return false;
  if (sqlite.memory || sqlite.readonly) {
    // No second connection sees this database: load at once.
    vectorIndex(sqlite);
    return true;
  }
  const pending = new Set<number>();
  warming.set(sqlite, pending);
  let reader: Database.Database | undefined;
  try {
    reader = openDatabase(sqlite.name, { readonly: true }).sqlite;
    const index = await runSliced(loadSteps(sqlite, reader, rowsPerStep));
    if (!sqlite.open || indexes.get(sqlite) !== undefined || !index) return false;
    if (index.dataVersion !== dataVersion(sqlite) || index.generation !== vectorTableGeneration(sqlite)) return false;
    for (const s of pending) index.dirty.add(s);
    indexes.set(sqlite, index);
    return true;
  } finally {
    warming.delete(sqlite);
    reader?.close();
  }
}

/** The current index of this connection, loaded or brought up to date; null without vectors. */
export function vectorIndex(sqlite: Database.Database): Index | null {
  let index = indexes.get(sqlite);
  if (index && (dataVersion(sqlite) !== index.dataVersion || vectorTableGeneration(sqlite) !== index.generation)) index = undefined;
  if (index === undefined || (index === null && vectorTableExists(sqlite))) {
    index = load(sqlite);
    indexes.set(sqlite, index);
  }
  if (index) refresh(sqlite, index);
  return index;
}

/** Per interned code: 1 when the filter lets the value through. */
function allowed(col: Index["cols"][number], accept: (value: string) => boolean): Uint8Array {
  const table = new Uint8Array(Math.max(1, col.values.size));
  for (const [value, code] of col.values) table[code] = accept(value) ? 1 : 0;
  return table;
}

function filterTables(index: Index, f: SearchFilters) {
  const [status, scope, category, project, session] = index.cols;
  const inList = (list: readonly string[] | undefined) => (v: string) => !list?.length || list.includes(v);
  return [
    allowed(status, inList(f.statuses)),
    allowed(scope, inList(f.scopes)),
    allowed(category, inList(f.categories)),
    allowed(project, (v) => !f.projectId || v === "" || v === f.projectId),
    allowed(session, (v) => !f.sessionId || v === "" || v === f.sessionId),
  ];
}

/** Popcount of a 32-bit word. */
function popcount(x: number): number {
  x -= (x >>> 1) & 0x55555555;
  x = (x & 0x33333333) + ((x >>> 2) & 0x33333333);
  return (Math.imul((x + (x >>> 4)) & 0x0f0f0f0f, 0x01010101) >>> 24) & 0xff;
}

/**
 * The `k` nearest memories passing the filters, by cosine distance (1 - cosine), closest first;
 * null when there is no vector table.
 */
export function searchVectorIndex(
  sqlite: Database.Database,
  query: Float32Array,
  filters: SearchFilters,
  k: number,
  limits: { exact?: number; rerank?: number } = {},
): { seq: number; distance: number }[] | null {
  const index = vectorIndex(sqlite);
  if (!index) return null;
  if (index.size === 0 || k <= 0) return [];
  if (query.length !== index.dim) throw new Error(`query of ${query.length} dimensions, vectors of ${index.dim}`);
  const { dim, words, size, vecs, bits, arena } = index;
  let norm = 0;
  for (let i = 0; i < dim; i++) norm += query[i] * query[i];
  const inv = norm > 0 ? 1 / Math.sqrt(norm) : 0;
  const q = new Float32Array(dim);
  for (let i = 0; i < dim; i++) q[i] = query[i] * inv;

  // Filters first: the slots that may be returned.
  // Only the columns whose filter turns something away are checked.
  const all = filterTables(index, filters);
  const active = all.map((t, c) => (t.includes(0) ? c : -1)).filter((c) => c >= 0);
  const tables = active.map((c) => all[c]);
  const codes = active.map((c) => index.cols[c].codes);
  const pass = arena?.pass ?? new Int32Array(size);
  let n = 0;
  outer: for (let s = 0; s < size; s++) {
    for (let c = 0; c < tables.length; c++) if (!tables[c][codes[c][s]]) continue outer;
    pass[n++] = s;
  }

  let candidates: Int32Array;
  const rerank = Math.max(limits.rerank ?? RERANK_MIN, k * 20);
  if (n <= (limits.exact ?? EXACT_LIMIT) || n <= rerank) {
    candidates = pass.subarray(0, n);
  } else {
    // Hamming distance of the sign bits, then the `rerank` closest (counting sort by distance).
    const qbits = arena?.query ?? new Uint32Array(words);
    qbits.fill(0);
    for (let i = 0; i < dim; i++) if (query[i] > 0) qbits[i >>> 5] |= 1 << (i & 31);
    let ham: Uint16Array;
    let hist: Uint32Array;
    if (arena) {
      arena.run(n);
      ({ ham, hist } = arena);
    } else {
      ham = new Uint16Array(n);
      hist = new Uint32Array(dim + 1);
      for (let j = 0; j < n; j++) {
        const base = pass[j] * words;
        let d = 0;
        for (let w = 0; w < words; w++) d += popcount(bits[base + w] ^ qbits[w]);
        ham[j] = d;
        hist[d]++;
      }
    }
    let cut = 0;
    for (let acc = 0; cut <= dim && acc + hist[cut] <= rerank; cut++) acc += hist[cut];
    // Everything strictly below `cut`, plus as many at `cut` as fit.
    candidates = new Int32Array(rerank);
    let m = 0;
    for (let j = 0; j < n && m < rerank; j++) if (ham[j] < cut) candidates[m++] = pass[j];
    for (let j = 0; j < n && m < rerank; j++) if (ham[j] === cut) candidates[m++] = pass[j];
    candidates = candidates.subarray(0, m);
  }

  // Exact cosine over the candidates, keeping the best k sorted (insertion: most are rejected).
  const topD = new Float64Array(k);
  const topS = new Int32Array(k);
  let count = 0;
  for (let j = 0; j < candidates.length; j++) {
    const s = candidates[j];
    const base = s * dim;
    // Four accumulators: independent additions the CPU can overlap.
    let d0 = 0,
      d1 = 0,
      d2 = 0,
      d3 = 0,
      i = 0;
    for (; i + 3 < dim; i += 4) {
      d0 += vecs[base + i] * q[i];
      d1 += vecs[base + i + 1] * q[i + 1];
      d2 += vecs[base + i + 2] * q[i + 2];
      d3 += vecs[base + i + 3] * q[i + 3];
    }
    for (; i < dim; i++) d0 += vecs[base + i] * q[i];
    const distance = 1 - (d0 + d1 + d2 + d3);
    if (count === k && distance >= topD[k - 1]) continue;
    let p = count < k ? count++ : k - 1;
    while (p > 0 && topD[p - 1] > distance) {
      topD[p] = topD[p - 1];
      topS[p] = topS[p - 1];
      p--;
    }
    topD[p] = distance;
    topS[p] = s;
  }
  const top: { seq: number; distance: number }[] = [];
  for (let i = 0; i < count; i++) top.push({ seq: index.seqs[topS[i]], distance: topD[i] });
  return top.sort((a, b) => a.distance - b.distance || a.seq - b.seq);
}
