/**
 * The sign-bit prefilter of the vector index (vector-index.ts) in WebAssembly: the Hamming distance
 * of the query's bits to every passing vector's, with the CPU's popcount on 64-bit words. In
 * JavaScript (a bit-twiddling popcount of 32-bit words) it was the largest part of a hybrid search's
 * vector side at 100,000 memories: that side took 13.3 ms CPU a query in JavaScript and 6.6 ms with
 * this, the same hits (bench/search/vector-prefilter.ts, load 25; docs/search-scale.md).
 *
 * The index keeps its sign bits inside the module's memory (an `Arena`), so nothing is copied per
 * search: the filter loop writes the passing slots there, and the distances and their histogram
 * come back there. Only for an even number of 32-bit words a vector (a dimension that is a
 * multiple of 64, as every model Recollect ships); otherwise the JavaScript loop runs.
 *
 * The module, as text (assembled by hand below; no build step):
 *
 *   (func (export "hamming") (param $bits i32) (param $pass i32) (param $n i32) (param $q i32)
 *         (param $pairs i32) (param $ham i32) (param $hist i32)
 *     (local $j i32) (local $base i32) (local $w i32) (local $d i32) (local $at i32)
 *     for $j in 0..$n:
 *       $base = $bits + i32.load($pass + $j*4) * $pairs*8
 *       $d = sum over $w in 0..$pairs of popcnt(i64.load($base + $w*8) xor i64.load($q + $w*8))
 *       i32.store16($ham + $j*2, $d)
 *       $at = $hist + $d*4; i32.store($at, i32.load($at) + 1))
 */

// biome-ignore format: one instruction a line, as in the text above
const body = [
  // locals: five i32 ($j=7, $base=8, $w=9, $d=10, $at=11)
  0x01, 0x05, 0x7f,
  // $j = 0
  0x41, 0x00, 0x21, 0x07,
  0x02, 0x40, // block $exit
  0x03, 0x40, // loop $outer
  0x20, 0x07, 0x20, 0x02, 0x4f, 0x0d, 0x01, // br_if $exit ($j >= $n)
  // $base = $bits + load($pass + ($j << 2)) * ($pairs << 3)
  0x20, 0x00, 0x20, 0x01, 0x20, 0x07, 0x41, 0x02, 0x74, 0x6a, 0x28, 0x02, 0x00, 0x20, 0x04, 0x41, 0x03, 0x74, 0x6c, 0x6a, 0x21, 0x08,
  0x41, 0x00, 0x21, 0x0a, // $d = 0
  0x41, 0x00, 0x21, 0x09, // $w = 0
  0x02, 0x40, // block $words
  0x03, 0x40, // loop $word
  0x20, 0x09, 0x20, 0x04, 0x4f, 0x0d, 0x01, // br_if $words ($w >= $pairs)
  0x20, 0x0a, // $d
  0x20, 0x08, 0x20, 0x09, 0x41, 0x03, 0x74, 0x6a, 0x29, 0x03, 0x00, // i64.load($base + ($w << 3))
  0x20, 0x03, 0x20, 0x09, 0x41, 0x03, 0x74, 0x6a, 0x29, 0x03, 0x00, // i64.load($q + ($w << 3))
  0x85, 0x7b, 0xa7, 0x6a, 0x21, 0x0a, // $d += i32.wrap(i64.popcnt(xor))
  0x20, 0x09, 0x41, 0x01, 0x6a, 0x21, 0x09, // $w++
  0x0c, 0x00, // br $word
  0x0b, // end loop
  0x0b, // end block
  // i32.store16($ham + ($j << 1), $d)
  0x20, 0x05, 0x20, 0x07, 0x41, 0x01, 0x74, 0x6a, 0x20, 0x0a, 0x3b, 0x01, 0x00,
  // $at = $hist + ($d << 2); i32.store($at, i32.load($at) + 1)
  0x20, 0x06, 0x20, 0x0a, 0x41, 0x02, 0x74, 0x6a, 0x22, 0x0b, 0x20, 0x0b, 0x28, 0x02, 0x00, 0x41, 0x01, 0x6a, 0x36, 0x02, 0x00,
  0x20, 0x07, 0x41, 0x01, 0x6a, 0x21, 0x07, // $j++
  0x0c, 0x00, // br $outer
  0x0b, // end loop
  0x0b, // end block
  0x0b, // end func
];

const leb = (n: number): number[] => {
  const out: number[] = [];
  do {
    let byte = n & 0x7f;
    n >>>= 7;
    if (n) byte |= 0x80;
    out.push(byte);
  } while (n);
  return out;
};
const section = (id: number, bytes: number[]) => [id, ...leb(bytes.length), ...bytes];
const name = (s: string) => [...leb(s.length), ...Buffer.from(s)];

const MODULE_BYTES = Uint8Array.from([
  ...[0x00, 0x61, 0x73, 0x6d, 0x01, 0x00, 0x00, 0x00],
  ...section(1, [0x01, 0x60, 0x07, 0x7f, 0x7f, 0x7f, 0x7f, 0x7f, 0x7f, 0x7f, 0x00]), // (i32 x 7) -> ()
  ...section(2, [0x01, ...name("env"), ...name("memory"), 0x02, 0x00, 0x00]), // imported memory, min 0
  ...section(3, [0x01, 0x00]),
  ...section(7, [0x01, ...name("hamming"), 0x00, 0x00]),
  ...section(10, [0x01, ...leb(body.length), ...body]),
]);

let compiled: WebAssembly.Module | null | undefined;
function wasmModule(): WebAssembly.Module | null {
  if (compiled === undefined) {
    try {
      compiled = new WebAssembly.Module(MODULE_BYTES);
    } catch {
      compiled = null; // no WebAssembly here: the JavaScript loop runs
    }
  }
  return compiled;
}

/** The sign bits of `cap` vectors and the prefilter's scratch space, in one WebAssembly memory. */
export interface Arena {
  /** `cap * words` words: the index's sign bits (vector-index.ts writes them here). */
  bits: Uint32Array;
  /** The passing slots of a search (the filter loop writes them). */
  pass: Int32Array;
  /** Out: the Hamming distance of each passing slot, in `pass` order. */
  ham: Uint16Array;
  /** Out: how many passing slots are at each distance (0..dim). */
  hist: Uint32Array;
  /** The query's sign bits. */
  query: Uint32Array;
  /** Fills `ham` and `hist` for the first `n` slots of `pass`. */
  run(n: number): void;
}

const align8 = (n: number) => Math.ceil(n / 8) * 8;

/** An arena for `cap` vectors of `words` 32-bit words; null when `words` is odd or WebAssembly is missing. */
export function hammingArena(cap: number, words: number, dim: number): Arena | null {
  const module = words > 0 && words % 2 === 0 ? wasmModule() : null;
  if (!module) return null;
  const bitsAt = 0;
  const passAt = align8(bitsAt + cap * words * 4);
  const hamAt = align8(passAt + cap * 4);
  const histAt = align8(hamAt + cap * 2);
  const queryAt = align8(histAt + (dim + 1) * 4);
  const end = queryAt + words * 4;
  const pages = Math.ceil(end / 65536);
  const memory = new WebAssembly.Memory({ initial: pages, maximum: pages });
  const instance = new WebAssembly.Instance(module, { env: { memory } });
  const hamming = instance.exports.hamming as (bits: number, pass: number, n: number, q: number, pairs: number, ham: number, hist: number) => void;
  const buffer = memory.buffer;
  const pairs = words / 2;
  const hist = new Uint32Array(buffer, histAt, dim + 1);
  return {
    bits: new Uint32Array(buffer, bitsAt, cap * words),
    pass: new Int32Array(buffer, passAt, cap),
    ham: new Uint16Array(buffer, hamAt, cap),
    hist,
    query: new Uint32Array(buffer, queryAt, words),
    run(n) {
      hist.fill(0);
      hamming(bitsAt, passAt, n, queryAt, pairs, hamAt, histAt);
    },
  };
}
