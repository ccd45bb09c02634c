/**
 * Deterministic "varied text" for soak runs: prose words, code identifiers with fresh suffixes,
 * hashes, paths, numbers and a little CJK, as tool outputs and histories carry. The fresh pieces
 * are what a tokenizer's merge cache has never seen, so counting this churns that cache the way a
 * long-running server does.
 */
export function prng(seed: number): () => number {
  let s = seed >>> 0 || 1;
  return () => {
    s ^= s << 13;
    s ^= s >>> 17;
    s ^= s << 5;
    return (s >>> 0) / 4294967296;
  };
}

const WORDS =
  "the of and to in is that for it with as was on be by this are from at or an have not but which error warning build test file function return const let import export module value config server request response cache index memory session token compress checkpoint database query result string number array object promise async await throw catch".split(
    " ",
  );
const LETTERS = "abcdefghijklmnopqrstuvwxyz";

function fresh(r: () => number, n: number): string {
  let s = "";
  for (let i = 0; i < n; i++) s += LETTERS[Math.floor(r() * 26)];
  return s;
}

/** About `chars` characters of varied text from the generator `r`. */
export function variedText(chars: number, r: () => number): string {
  const out: string[] = [];
  let length = 0;
  while (length < chars) {
    const k = r();
    let piece: string;
    if (k < 0.55) piece = WORDS[Math.floor(r() * WORDS.length)];
    else if (k < 0.7) piece = `${WORDS[Math.floor(r() * WORDS.length)]}${fresh(r, 3 + Math.floor(r() * 5))}`;
    else if (k < 0.78) piece = Math.floor(r() * 2 ** 32).toString(16);
    else if (k < 0.86) piece = `src/${fresh(r, 4)}/${fresh(r, 6)}.ts:${Math.floor(r() * 900)}`;
    else if (k < 0.92) piece = String(Math.floor(r() * 100_000));
    else if (k < 0.96) piece = `${fresh(r, 2)}_${fresh(r, 5)}();`;
    else piece = String.fromCharCode(0x4e00 + Math.floor(r() * 2000), 0x4e00 + Math.floor(r() * 2000));
    out.push(piece);
    length += piece.length + 1;
    out.push(r() < 0.08 ? "\n" : " ");
  }
  return out.join("");
}
